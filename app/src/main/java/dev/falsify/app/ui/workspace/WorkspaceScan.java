package dev.falsify.app.ui.workspace;

import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds the plans ({@code *.md} under any {@code docs/testing-plans/}) and session folders (under
 * any {@code test-sessions/}: {@code <plan-slug>/<UTC>/} as the runner writes them, or a session
 * folder directly inside) in a workspace. Bounded depth, skips build
 * output and VCS folders, so opening a large repository stays fast; runs off the FX thread.
 */
public record WorkspaceScan(Path root, List<Path> plans, List<Path> sessions) {
    private static final int MAX_DEPTH = 8;
    private static final Set<String> SKIP = Set.of(".git", "target", "node_modules", "build", ".gradle", ".idea", ".mvn");

    public static WorkspaceScan of(Path root) {
        List<Path> plans = new ArrayList<>();
        List<Path> sessions = new ArrayList<>();
        try {
            Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && (SKIP.contains(name) || name.startsWith("."))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (dir.equals(root)) {
                        return FileVisitResult.CONTINUE;
                    }
                    // test-sessions/<plan-slug>/<UTC>/ as the runner writes them, or test-sessions/<session>/
                    // as people do: a child of test-sessions that looks like a session is one, any other
                    // child is a plan's folder whose sub-folders are its sessions
                    if (isNamed(dir.getParent(), "test-sessions")) {
                        if (looksLikeSession(dir)) {
                            sessions.add(dir);
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        return FileVisitResult.CONTINUE;
                    }
                    if (dir.getParent() != null && isNamed(dir.getParent().getParent(), "test-sessions")) {
                        sessions.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (isPlan(file)) {
                        plans.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // a partly unreadable workspace still shows what was found
        }
        plans.sort(null);
        sessions.sort(null);
        return new WorkspaceScan(root, List.copyOf(plans), List.copyOf(sessions));
    }

    private static boolean isNamed(Path dir, String name) {
        return dir != null && dir.getFileName() != null && dir.getFileName().toString().equals(name);
    }

    /** A session log or report (any case), a part of the session layout, or a Markdown record of its own. */
    static boolean looksLikeSession(Path dir) {
        if (SessionReader.isSession(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.anyMatch(e -> {
                String n = e.getFileName().toString().toLowerCase(Locale.ROOT);
                return Set.of("logs", "artifacts", "findings", "metrics").contains(n) || n.endsWith(".md");
            });
        } catch (IOException e) {
            return false;
        }
    }

    static boolean isPlan(Path file) {
        String name = file.getFileName().toString();
        Path parent = file.getParent();
        return name.endsWith(".md") && !name.startsWith(".") && parent != null && parent.getFileName() != null
                && parent.getFileName().toString().equals("testing-plans")
                && parent.getParent() != null && parent.getParent().getFileName() != null
                && parent.getParent().getFileName().toString().equals("docs");
    }
}
