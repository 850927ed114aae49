package dev.falsify.model.session;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one description of a workspace (a repository under test): plans in {@code docs/testing-plans/},
 * sessions in {@code test-sessions/<plan-slug>/<UTC>/}. {@code falsify run}, {@code falsify new-plan},
 * the window's run, its workspace tree and its new-plan dialog all ask here, so they cannot put
 * sessions or plans in different places.
 */
public final class WorkspaceLayout {
    /** Folder of the plans, relative to the workspace root. */
    public static final String PLANS = "docs/testing-plans";
    /** Folder of the sessions (the session root), relative to the workspace root. */
    public static final String SESSIONS = "test-sessions";

    private WorkspaceLayout() {
    }

    public static Path plansDir(Path workspace) {
        return workspace.resolve(PLANS);
    }

    /** {@code <workspace>/docs/testing-plans/<slug>.md}. */
    public static Path planFile(Path workspace, String slug) {
        return plansDir(workspace).resolve(slug + ".md");
    }

    public static Path sessionsDir(Path workspace) {
        return workspace.resolve(SESSIONS);
    }

    /** A plan in the layout: a visible {@code *.md} file directly in a {@code docs/testing-plans/} folder. */
    public static boolean isPlan(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        Path parent = file.getParent();
        return name.endsWith(".md") && !name.startsWith(".") && parent != null && named(parent, "testing-plans")
                && named(parent.getParent(), "docs");
    }

    /** A folder named {@code test-sessions}. */
    public static boolean isSessionRoot(Path dir) {
        return named(dir, SESSIONS);
    }

    /**
     * The workspace a path belongs to: the nearest folder above it with a {@code .git}, a
     * {@code docs/testing-plans/} or a {@code test-sessions/}; else the path's own folder.
     */
    public static Path workspaceOf(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        for (Path a = abs.getParent(); a != null; a = a.getParent()) {
            if (Files.exists(a.resolve(".git")) || Files.isDirectory(plansDir(a)) || Files.isDirectory(sessionsDir(a))) {
                return a;
            }
        }
        return Files.isDirectory(abs) || abs.getParent() == null ? abs : abs.getParent();
    }

    /**
     * Where a run of {@code plan} writes its sessions unless told otherwise: {@code test-sessions/} in
     * the plan's workspace ({@link #workspaceOf}). The command line and the window both use this, so a
     * plan's sessions land in one place whichever started the run and from whichever working directory.
     */
    public static Path defaultSessionRoot(Path plan) {
        return sessionsDir(workspaceOf(plan));
    }

    /**
     * Whether {@code dir}, a child of a session root, is a session itself ({@code test-sessions/<session>/},
     * as people lay them out) rather than a plan's folder holding the runner's {@code <UTC>/} sessions.
     */
    public static boolean isSessionInRoot(Path dir) {
        return SessionLayout.isSession(dir) || SessionLayout.hasSessionParts(dir);
    }

    private static boolean named(Path dir, String name) {
        return dir != null && dir.getFileName() != null && dir.getFileName().toString().equals(name);
    }
}
