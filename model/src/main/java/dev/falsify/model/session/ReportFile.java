package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Writing a session's findings report ({@code findings/report.md}, in the author's spelling): only inside
 * the session folder, and never losing an author's own report.
 */
public final class ReportFile {
    private ReportFile() {
    }

    /** Where the report went, and where the author's own report was kept (if there was one). */
    public record Written(Path report, Optional<Path> authorCopy) {
    }

    /** The report would land outside its session folder (a {@code findings} link that leads out of it). */
    public static final class OutsideSessionException extends IOException {
        public OutsideSessionException(String message) {
            super(message);
        }
    }

    /**
     * Writes the report of the session in {@code sessionDir}. The findings folder must really (links
     * resolved) lie inside the session folder, else nothing is written. A report.md that is a record
     * ({@link SessionFolder#reportIsRecord}: an author's, or one in Falsify's layout holding verdicts nothing
     * else in the folder has) may hold the only verdicts of some arms: it is first copied to
     * {@code report.original.md} beside it ({@code report.original-2.md}, … if taken by another text), and
     * only then replaced, atomically, so that at every moment (a crash included) there is a complete
     * report.md and the author's text is never only in memory. A report.md that is a link is never
     * followed (see {@link #keepLink}).
     */
    public static Written write(Path sessionDir, AtomicFiles.Content content) throws IOException {
        Path report = SessionLayout.reportPath(sessionDir);
        SessionBounds.folderInside(sessionDir, report.getParent(),
                "the report is written only inside it (remove the link, or give --out)");
        // a link is never followed, neither to read it nor to copy it (see keepLink)
        Optional<Path> copy = Files.isSymbolicLink(report) ? Optional.of(keepLink(report))
                : isRecord(sessionDir, report) ? keepAuthorReport(report) : Optional.empty();
        AtomicFiles.write(report, content);
        return new Written(report, copy);
    }

    public static Written write(Path sessionDir, String text) throws IOException {
        return write(sessionDir, out -> out.write(text));
    }

    /**
     * Whether the report.md in place is someone's record ({@link SessionFolder#reportIsRecord}): an author's
     * always, Falsify's never; one in Falsify's layout without its mark only when it holds verdicts nothing else
     * in the folder has (only then is the folder read for it).
     */
    private static boolean isRecord(Path sessionDir, Path report) throws IOException {
        if (!Files.isRegularFile(report)) return false;
        return switch (SessionReader.reportKind(new String(Files.readAllBytes(report), java.nio.charset.StandardCharsets.UTF_8))) {
            case FALSIFY -> false;
            case AUTHOR -> true;
            case FALSIFY_LAYOUT -> SessionReader.read(sessionDir).reportIsRecord();
        };
    }

    private static Optional<Path> keepAuthorReport(Path report) throws IOException {
        if (Files.isSymbolicLink(report)) return Optional.of(keepLink(report));
        if (!Files.isRegularFile(report)) return Optional.empty();
        byte[] bytes = Files.readAllBytes(report);
        Path aside = report.resolveSibling("report.original.md");
        for (int n = 2; Files.exists(aside, LinkOption.NOFOLLOW_LINKS); n++) {
            // a copy made by a run that was killed before it replaced report.md: the same text, kept once
            if (Files.isRegularFile(aside, LinkOption.NOFOLLOW_LINKS) && Arrays.equals(Files.readAllBytes(aside), bytes)) {
                return Optional.of(aside);
            }
            aside = report.resolveSibling("report.original-" + n + ".md");
        }
        AtomicFiles.copy(report, aside);
        return Optional.of(aside);
    }

    /**
     * A report.md that is a symbolic link is never followed: what it points to (another project's file, a
     * secret) is neither read nor copied into the session, nor written through. The link itself is kept
     * aside, as the same link, under the first free {@code report.original*.md} name; the report then
     * replaces the link (a rename replaces the link, not its target).
     */
    private static Path keepLink(Path report) throws IOException {
        Path target = Files.readSymbolicLink(report);
        Path aside = report.resolveSibling("report.original.md");
        for (int n = 2; Files.exists(aside, LinkOption.NOFOLLOW_LINKS); n++) {
            if (Files.isSymbolicLink(aside) && Files.readSymbolicLink(aside).equals(target)) return aside;
            aside = report.resolveSibling("report.original-" + n + ".md");
        }
        Files.createSymbolicLink(aside, target);
        return aside;
    }
}
