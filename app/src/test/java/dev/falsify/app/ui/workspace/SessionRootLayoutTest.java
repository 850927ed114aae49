package dev.falsify.app.ui.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the three old "is this a session" rules disagreed: the workspace tree took any child of
 * test-sessions/ holding a .md file for a session, so a plan's folder with a README hid every run in it.
 */
class SessionRootLayoutTest {
    @TempDir
    Path root;

    @Test
    void aPlanFolderWithNotesStillListsItsSessions() throws Exception {
        Path kv = Files.createDirectories(root.resolve("test-sessions/kv"));
        Files.writeString(kv.resolve("README.md"), "# notes on the kv runs\n");
        Path utc = Files.createDirectories(kv.resolve("2026-11-30T041500Z"));
        Files.writeString(utc.resolve("session-log.md"), "# s\n");

        assertThat(WorkspaceScan.of(root).sessions()).containsExactly(utc);
        // and the window opens the same folders as sessions that the tree lists
        assertThat(PathClassifier.isSessionFolder(utc)).isTrue();
        assertThat(PathClassifier.isSessionFolder(kv)).isFalse();
    }
}
