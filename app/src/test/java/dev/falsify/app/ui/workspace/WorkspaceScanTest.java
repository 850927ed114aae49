package dev.falsify.app.ui.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the workspace tree lists: plans, and session folders in the runner's layout and in hand-made ones. */
class WorkspaceScanTest {
    @TempDir
    Path root;

    @Test
    void sessionsAreTheRunnersUtcFoldersAndHandMadeSessionFolders() throws Exception {
        Files.createDirectories(root.resolve("docs/testing-plans"));
        Files.writeString(root.resolve("docs/testing-plans/kv.md"), "# Test Plan: kv\n");
        Files.writeString(root.resolve("docs/testing-plans/.falsify-autosave.kv.md"), "x\n");
        Path utc1 = Files.createDirectories(root.resolve("test-sessions/kv/2026-11-30T041500Z/findings"));
        Files.writeString(root.resolve("test-sessions/kv/2026-11-30T041500Z/session-log.md"), "# s\n");
        Path utc2 = Files.createDirectories(root.resolve("test-sessions/kv/2026-11-30T051500Z"));   // just started: empty
        Path manual = Files.createDirectories(root.resolve("test-sessions/run-a/logs"));
        Files.createDirectories(root.resolve("target/test-sessions/kv/old"));                      // build output: skipped

        WorkspaceScan scan = WorkspaceScan.of(root);
        assertThat(scan.plans()).containsExactly(root.resolve("docs/testing-plans/kv.md"));
        assertThat(scan.sessions()).containsExactly(utc1.getParent(), utc2, manual.getParent());
    }
}
