package dev.falsify.app.ui.workspace;

import dev.falsify.model.session.WorkspaceLayout;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Finds the plans and session folders of a workspace as {@link WorkspaceLayout} lays them out: plans
 * in any plans folder, sessions under any session root ({@code <plan-slug>/<UTC>/} as the runner
 * writes them, or a session folder directly inside). Bounded depth, skips build
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
                    if (WorkspaceLayout.isSessionRoot(dir.getParent())) {
                        if (WorkspaceLayout.isSessionInRoot(dir)) {
                            sessions.add(dir);
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        return FileVisitResult.CONTINUE;
                    }
                    if (dir.getParent() != null && WorkspaceLayout.isSessionRoot(dir.getParent().getParent())) {
                        sessions.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (WorkspaceLayout.isPlan(file)) {
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
}
