package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.WorkspaceLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's run puts a plan's sessions where {@code falsify run} does (issue 31): in the plan's
 * workspace, not beside the plan when no workspace is open (docs/testing-plans/test-sessions/ before).
 */
class SessionRootAgreementTest {
    @TempDir
    Path root;

    @Test
    void theWindowUsesTheSameSessionRootAsTheCommandLine() throws Exception {
        Path plan = Files.createDirectories(root.resolve("repo/docs/testing-plans")).resolve("kv.md");
        Files.writeString(plan, "# Test Plan: kv\n");
        Path root = new WorkbenchRunHost(null).sessionsRoot(plan);
        assertThat(root).isEqualTo(this.root.resolve("repo/test-sessions")).isEqualTo(WorkspaceLayout.defaultSessionRoot(plan));
    }
}
