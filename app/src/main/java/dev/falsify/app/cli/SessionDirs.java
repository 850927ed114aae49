package dev.falsify.app.cli;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The SESSION_DIR argument of report and override: read it, or fail with one line and exit code 2.
 * Both write into the folder (findings/report.md, findings/overrides.md, pictures), so a folder that
 * is not a session — by {@link SessionReader#isSession}, the one decision — is refused before
 * anything is written.
 */
final class SessionDirs {
    private SessionDirs() {
    }

    /** Fails (exit 2) unless {@code dir} is a session folder: a session log, or findings/report.md. */
    static void requireSession(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UserError(dir + ": not a session folder (no such directory)");
        }
        if (!SessionLayout.isSession(dir)) {
            throw new UserError(dir + ": not a session folder (it has no " + SessionLayout.LOG + " and no "
                    + SessionLayout.FINDINGS + "/" + SessionLayout.REPORT + "); nothing was written");
        }
    }

    static SessionFolder read(Path dir) {
        requireSession(dir);
        try {
            return SessionReader.read(dir);
        } catch (IOException e) {
            throw new UserError(dir + ": " + e.getMessage());
        }
    }
}
