package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.ui.HeadlessFx;
import dev.falsify.devtools.ui.ScreenshotRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code falsify screenshots [--out DIR] [--plan PLAN]}: renders the real UI headless into PNGs. */
@Command(name = "screenshots", mixinStandardHelpOptions = true,
        description = "Render the workbench headless (no display needed) with a plan open and write PNGs.")
public final class ScreenshotsCommand implements Callable<Integer> {
    static final Path EXAMPLE_PLAN = Path.of("examples/replicated-kv/docs/testing-plans/replicated-kv.md");

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: screenshots).")
    Path out = Path.of("screenshots");

    @Option(names = "--plan", paramLabel = "PLAN", description = "Plan to show (default: the bundled example, " + "examples/replicated-kv/docs/testing-plans/replicated-kv.md).")
    Path plan = EXAMPLE_PLAN;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(plan)) {
            throw new UserError(plan + ": no such plan file (run from the repository root or pass --plan)");
        }
        HeadlessFx.start(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT);
        List<Path> files = ScreenshotRenderer.render(plan, out);
        for (Path f : files) {
            spec.commandLine().getOut().println("wrote " + f);
        }
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
