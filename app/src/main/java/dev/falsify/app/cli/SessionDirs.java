package dev.falsify.app.cli;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The SESSION_DIR argument of report and override: read it, or fail with one line and exit code 2. */
final class SessionDirs {
    private SessionDirs() {
    }

    static SessionFolder read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UserError(dir + ": not a session folder (no such directory)", 2);
        }
        try {
            return SessionReader.read(dir);
        } catch (IOException e) {
            throw new UserError(dir + ": " + e.getMessage(), 2);
        }
    }
}
