package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkbenchSettingsTest {
    @TempDir
    Path dir;

    @Test
    void themeAndRecentSurviveARestart() {
        Path f = dir.resolve("cfg/workbench.properties");
        WorkbenchSettings s = WorkbenchSettings.load(f);
        assertThat(s.theme()).isEqualTo(WorkbenchSettings.Theme.LIGHT);
        s.setTheme(WorkbenchSettings.Theme.DARK);
        s.addRecent(dir.resolve("a.md"));
        s.addRecent(dir.resolve("b.md"));
        s.addRecent(dir.resolve("a.md"));
        WorkbenchSettings again = WorkbenchSettings.load(f);
        assertThat(again.theme()).isEqualTo(WorkbenchSettings.Theme.DARK);
        assertThat(again.recent()).containsExactly(dir.resolve("a.md"), dir.resolve("b.md"));
    }

    @Test
    void recentListIsBounded() {
        WorkbenchSettings s = WorkbenchSettings.load(dir.resolve("w.properties"));
        for (int i = 0; i < 15; i++) {
            s.addRecent(dir.resolve("p" + i + ".md"));
        }
        assertThat(s.recent()).hasSize(WorkbenchSettings.MAX_RECENT).first().isEqualTo(dir.resolve("p14.md"));
    }

    @Test
    void aCorruptFileFallsBackToDefaults() throws Exception {
        Path f = dir.resolve("w.properties");
        Files.write(f, new byte[] {'t', 'h', 'e', 'm', 'e', '=', '\\', 'u', 'Z', 'Z'});
        assertThat(WorkbenchSettings.load(f).theme()).isEqualTo(WorkbenchSettings.Theme.LIGHT);
    }

    @Test
    void recentPathsThatNoLongerExistAreForgotten() throws Exception {
        Path kept = java.nio.file.Files.writeString(dir.resolve("kept.md"), "x");
        Path gone = java.nio.file.Files.writeString(dir.resolve("gone.md"), "x");
        WorkbenchSettings s = WorkbenchSettings.load(dir.resolve("w.properties"));
        s.addRecent(gone);
        s.addRecent(kept);
        java.nio.file.Files.delete(gone);
        assertThat(s.forgetMissingRecent()).isTrue();
        assertThat(s.recent()).containsExactly(kept.toAbsolutePath().normalize());
        assertThat(WorkbenchSettings.load(dir.resolve("w.properties")).recent()).containsExactly(kept.toAbsolutePath().normalize());
        assertThat(s.forgetMissingRecent()).isFalse();
    }
}
