package dev.falsify.model.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The one rule for every file Falsify writes into an existing session folder (the report, reviewers'
 * overrides): it stays inside that folder. A folder of the session that is a link leading out of it — a
 * {@code findings} link to another project, a home directory — is refused, and nothing is written there.
 */
public final class SessionBounds {
    private SessionBounds() {
    }

    /**
     * {@code folder} (a folder of the session in {@code sessionDir}, created when it does not exist) with its
     * links resolved, when that lies inside the session folder.
     *
     * @param refusal what the refusal adds for the user (what is written only inside, and what to do)
     * @throws ReportFile.OutsideSessionException when the folder leads outside the session folder
     */
    public static Path folderInside(Path sessionDir, Path folder, String refusal) throws IOException {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) Files.createDirectories(folder);
        Path root = sessionDir.toRealPath();
        Path real = folder.toRealPath();
        if (!real.startsWith(root)) {
            throw new ReportFile.OutsideSessionException(folder + " leads to " + real + ", outside the session folder "
                    + root + "; " + refusal);
        }
        return real;
    }
}
