package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class WorkbenchCommandsTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = FalsifyCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void guiOnAMissingPathIsBadInputNotAStackTrace() {
        assertThat(run("gui", dir.resolve("nope.md").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("nope.md: no such file or folder").doesNotContain("Exception");
    }
}
