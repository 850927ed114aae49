package dev.falsify.devtools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.cli.FalsifyCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code falsify screenshots}, moved from the app's WorkbenchCommandsTest with the command. */
class ScreenshotsCommandTest {
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
    void screenshotsNeedsAPlan() {
        assertThat(run("screenshots", "--plan", dir.resolve("missing.md").toString(), "--out", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("missing.md: no such plan file");
    }

    @Test
    void screenshotsRendersTheRealWindowHeadless() throws Exception {
        Path plan = Path.of("../app/src/test/resources/dev/falsify/app/ui/small-plan.md");
        Path shots = dir.resolve("shots");
        assertThat(run("screenshots", "--plan", plan.toString(), "--out", shots.toString())).as(err::toString).isEqualTo(0);
        for (String name : new String[] {"plan-editor.png", "matrix.png", "problems.png", "structured-scenario.png",
                "plan-editor-dark.png", "session-review.png", "session-compare.png"}) {
            Path png = shots.resolve(name);
            assertThat(png).exists();
            var img = javax.imageio.ImageIO.read(png.toFile());
            assertThat(img.getWidth()).isGreaterThan(500);
            assertThat(img.getHeight()).isGreaterThan(100);
        }
        // nothing was written beside the plan (no autosave side file from the demo edit)
        try (var s = Files.list(plan.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".falsify"));
        }
        assertThat(out.toString()).contains("wrote ").contains("plan-editor.png");
    }
}
