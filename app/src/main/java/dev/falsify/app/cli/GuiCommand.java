package dev.falsify.app.cli;

import dev.falsify.app.ui.WorkbenchLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code falsify gui [PATH]}: opens the workbench on a plan, a session folder or a workspace. */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the workbench on a plan, a session folder or a workspace folder.")
public final class GuiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "PATH",
            description = "A plan (.md), a session folder, a workspace folder or a history (JSONL, Jepsen EDN, Porcupine log;"
                    + " it opens in the history viewer) (default: the current folder).")
    Path path;

    @Override
    public Integer call() {
        if (path != null && !Files.exists(path)) {
            throw new UserError(path + ": no such file or folder");
        }
        if (!WorkbenchLauncher.hasDisplay()) {
            throw new UserError("no display to open the workbench on (DISPLAY and WAYLAND_DISPLAY are unset);"
                    + " in a development checkout, `./falsify screenshots` renders it headless");
        }
        try {
            WorkbenchLauncher.launch(path);
        } catch (IllegalStateException e) {
            if (WorkbenchLauncher.missingLibraryHint(e) == null) {
                throw e;
            }
            throw new UserError(e.getMessage());
        }
        return ExitCode.OK.code();
    }
}
