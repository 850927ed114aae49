package dev.falsify.app.cli;

import dev.falsify.model.session.SessionReader;
import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.store.ImportResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code falsify import DIR…}: index session folders (a session folder, or any folder holding some). */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Index session folders into the session store. Each DIR is a session folder or a folder holding "
                + "session folders (e.g. test-sessions/). Importing again changes nothing unless a folder changed.",
                "Exit codes: 0 imported, 2 bad input (a DIR that is missing or holds no session)."})
public final class ImportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Session folders or folders containing them.")
    List<Path> dirs;

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> sessions = new ArrayList<>();
        for (Path d : dirs) {
            if (!Files.isDirectory(d)) {
                throw new UserError(d + ": no such directory");
            }
            try {
                List<Path> found = SessionReader.discover(d);
                if (found.isEmpty()) {
                    throw new UserError(d + ": no session folder here (none has a session-log.md or findings/report.md)");
                }
                sessions.addAll(found);
            } catch (IOException e) {
                throw new UserError(d + ": " + e.getMessage());
            }
        }
        int[] counts = new int[ImportResult.Status.values().length];
        store.use(err, s -> {
            for (Path dir : sessions) {
                ImportResult r = s.importFolder(dir);
                counts[r.status().ordinal()]++;
                out.printf("%-9s %-18s %s%n", r.status().name().toLowerCase(), TerminalText.escape(String.valueOf(r.headline())),
                        TerminalText.escape(String.valueOf(r.dir())));
            }
            return null;
        });
        out.printf("%d session folder%s: %d added, %d updated, %d unchanged (store: %s)%n", sessions.size(),
                sessions.size() == 1 ? "" : "s", counts[0], counts[1], counts[2], TerminalText.escape(store.dbPath().toString()));
        out.flush();
        return ExitCode.OK.code();
    }
}
