package dev.falsify.app.cli;

import dev.falsify.runner.store.SessionStore;
import dev.falsify.runner.store.StoreLocation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import picocli.CommandLine.Option;

/**
 * The {@code --db FILE} option shared (as a picocli mixin) by every command that touches the session
 * store. Without it the store is {@code $FALSIFY_HOME/falsify.db}, or the platform's data folder.
 */
public final class StoreOptions {
    @Option(names = "--db", paramLabel = "FILE",
            description = "Session store (SQLite). Default: $FALSIFY_HOME/falsify.db, else the platform data folder "
                    + "(e.g. ~/.local/share/falsify/falsify.db).")
    Path db;

    public Path dbPath() {
        return db != null ? db : StoreLocation.defaultDb();
    }

    /** Work against the open store; its I/O errors become bad-input errors of the command. */
    @FunctionalInterface
    public interface StoreWork<T> {
        T apply(SessionStore store) throws IOException;
    }

    /** Opens the store, runs {@code work}, closes it; an I/O error is reported as exit code 2. */
    public <T> T use(PrintWriter err, StoreWork<T> work) {
        try (SessionStore s = open(err)) {
            return work.apply(s);
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** Opens the store; a corrupt database is rebuilt and the user told so on {@code err}. */
    public SessionStore open(PrintWriter err) {
        Path path = dbPath();
        try {
            return SessionStore.open(path, Clock.systemUTC(), m -> {
                err.println("falsify: " + dev.falsify.model.text.TerminalText.escape(m));
                err.flush();
            });
        } catch (IOException e) {
            throw new UserError(path + ": " + e.getMessage());
        }
    }
}
