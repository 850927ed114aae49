package dev.falsify.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way out of the workspace is refused; everything inside resolves to its real path. */
class WorkspaceTest {
    @TempDir
    Path tmp;

    @Test
    void confinesPathsToTheWorkspace() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("ws"));
        Files.writeString(root.resolve("plan.md"), "x");
        Files.writeString(tmp.resolve("outside.md"), "x");
        Files.createSymbolicLink(root.resolve("out"), tmp);
        Files.createSymbolicLink(root.resolve("in"), root.resolve("plan.md"));
        Files.createSymbolicLink(root.resolve("dangling"), tmp.resolve("nowhere"));
        Workspace ws = Workspace.at(root);

        assertThat(ws.existingFile("plan.md", "plan")).isEqualTo(root.toRealPath().resolve("plan.md"));
        assertThat(ws.existingFile(root.resolve("plan.md").toString(), "plan")).isEqualTo(root.toRealPath().resolve("plan.md"));
        assertThat(ws.existingFile("in", "plan")).isEqualTo(root.toRealPath().resolve("plan.md"));
        assertThat(ws.resolve("new/folder/file.svg", "svg").startsWith(root.toRealPath())).isTrue();

        for (String bad : new String[] {"../outside.md", "a/../../outside.md", tmp.resolve("outside.md").toString(), "/etc/passwd",
                "out/outside.md", "out", "out/new-file", "dangling", "dangling/x"}) {
            assertThatThrownBy(() -> ws.resolve(bad, "plan")).as(bad).isInstanceOf(ToolError.class)
                    .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("workspace", "cannot resolve"));
        }
        assertThatThrownBy(() -> ws.resolve("a\0b", "plan")).hasMessageContaining("NUL");
        assertThatThrownBy(() -> ws.resolve(" ", "plan")).hasMessageContaining("required");
        assertThatThrownBy(() -> ws.resolve("x".repeat(5000), "plan")).hasMessageContaining("longer than");
        assertThatThrownBy(() -> ws.existingFile("missing.md", "plan")).hasMessageContaining("missing.md: no such file");
    }
}
