package dev.falsify.runner.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreLocationTest {
    @Test
    void falsifyHomeWinsEverywhere() {
        assertThat(StoreLocation.home(Map.of("FALSIFY_HOME", "/data/f", "XDG_DATA_HOME", "/x"), "Linux", "/home/u"))
                .isEqualTo(Path.of("/data/f"));
        assertThat(StoreLocation.home(Map.of("FALSIFY_HOME", "/data/f"), "Mac OS X", "/Users/u"))
                .isEqualTo(Path.of("/data/f"));
    }

    @Test
    void linuxFollowsXdg() {
        assertThat(StoreLocation.home(Map.of(), "Linux", "/home/u")).isEqualTo(Path.of("/home/u/.local/share/falsify"));
        assertThat(StoreLocation.home(Map.of("XDG_DATA_HOME", "/srv/data"), "Linux", "/home/u"))
                .isEqualTo(Path.of("/srv/data/falsify"));
        // a relative XDG_DATA_HOME is invalid per the spec and ignored
        assertThat(StoreLocation.home(Map.of("XDG_DATA_HOME", "rel"), "FreeBSD", "/home/u"))
                .isEqualTo(Path.of("/home/u/.local/share/falsify"));
    }

    @Test
    void macAndWindowsUseTheirDataFolders() {
        assertThat(StoreLocation.home(Map.of(), "Mac OS X", "/Users/u"))
                .isEqualTo(Path.of("/Users/u/Library/Application Support/falsify"));
        assertThat(StoreLocation.home(Map.of("LOCALAPPDATA", "C:/Users/u/AppData/Local"), "Windows 11", "C:/Users/u"))
                .isEqualTo(Path.of("C:/Users/u/AppData/Local", "falsify"));
        assertThat(StoreLocation.home(Map.of(), "Windows 10", "/c/u")).isEqualTo(Path.of("/c/u/AppData/Local/falsify"));
    }
}
