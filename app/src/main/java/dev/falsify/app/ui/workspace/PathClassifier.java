package dev.falsify.app.ui.workspace;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.WorkspaceLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What a path the user opens is, and so where it opens: a session folder in the Session view, any
 * other folder as the workspace, a plan in the editor, everything else read-only as evidence. One
 * place decides it for File ▸ Open, Open Recent, drag and drop, the workspace tree, links in rendered
 * Markdown and {@code falsify gui PATH}. Which viewer fits an evidence file (Markdown, log, history,
 * JSON) is the viewer's {@code EvidenceKind}; whether a file is binary, or a text file is a history,
 * is seen when it is read, off the FX thread.
 */
public final class PathClassifier {
    /** What a path is, for the window. */
    public enum PathKind {
        /** Nothing there (a recent entry that vanished). */
        MISSING,
        /** A folder that is not a session: it becomes the workspace. */
        WORKSPACE_FOLDER,
        /** A session folder (see {@link #sessionDocument}): the Session view. */
        SESSION_FOLDER,
        /** A Markdown file outside any session folder: the plan editor. */
        PLAN,
        /** A file of a session folder, or any file that is not Markdown: read-only, in the viewer that fits it. */
        EVIDENCE
    }

    /** How far above a file its session folder may be: findings/x.md is one level below it, artifacts/S1-2/n1/wal.log three. */
    private static final int SESSION_DEPTH = 4;

    private PathClassifier() {
    }

    /** Reads the file system (a few stats, one folder listing); the path is made absolute first. */
    public static PathKind classify(Path path) throws IOException {
        Path p = path.toAbsolutePath().normalize();
        if (Files.isDirectory(p)) {
            return sessionDocument(p).isPresent() ? PathKind.SESSION_FOLDER : PathKind.WORKSPACE_FOLDER;
        }
        if (!Files.isRegularFile(p)) {
            return PathKind.MISSING;
        }
        return isEvidence(p) ? PathKind.EVIDENCE : PathKind.PLAN;
    }

    /**
     * Evidence, never a plan: any file of a session folder (report, log, findings, histories, check
     * results…) and any file that is not Markdown.
     */
    public static boolean isEvidence(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return isSessionFile(file) || !(n.endsWith(".md") || n.endsWith(".markdown"));
    }

    /** A file of a session folder (its log, a file in its findings, an artifact): read, not linted as a plan. */
    public static boolean isSessionFile(Path file) {
        return sessionOf(file).isPresent();
    }

    /** The session folder a file belongs to, at most {@value #SESSION_DEPTH} levels above it. */
    public static Optional<Path> sessionOf(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        for (int up = 0; up < SESSION_DEPTH && dir != null; up++, dir = dir.getParent()) {
            if (SessionLayout.isSession(dir)) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    /** The Markdown record a session folder is shown through: {@link SessionLayout#document}. */
    public static Optional<Path> sessionDocument(Path dir) throws IOException {
        return SessionLayout.document(dir);
    }

    /** Whether a folder is a session folder; false when it cannot be listed. */
    public static boolean isSessionFolder(Path dir) {
        try {
            return Files.isDirectory(dir) && sessionDocument(dir).isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    /** The folder to show as workspace for a file: {@link WorkspaceLayout#workspaceOf}. */
    public static Path workspaceOf(Path p) {
        return WorkspaceLayout.workspaceOf(p);
    }

    /** {@code report.md — replicated-kv @ 2026-12-01T081030Z} for a session's file; the file name otherwise. */
    public static String evidenceLabel(Path f) {
        for (Path d = f.getParent(); d != null && d.getNameCount() > 0 && f.getNameCount() - d.getNameCount() <= SESSION_DEPTH;
             d = d.getParent()) {
            if (SessionLayout.isSession(d)) {
                String parent = d.getParent() == null || d.getParent().getFileName() == null ? ""
                        : d.getParent().getFileName() + " @ ";
                String name = d.getFileName().toString();
                // the session's time as every other title shows it, not the folder's compact form
                String when = dev.falsify.model.session.SessionTime.of(name, null, null)
                        .map(dev.falsify.model.session.SessionTime::display).orElse(name);
                return f.getFileName() + " \u2014 " + parent + when;
            }
        }
        return f.getFileName().toString();
    }
}
