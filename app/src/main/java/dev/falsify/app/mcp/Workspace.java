package dev.falsify.app.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The folder an MCP client may name files in. Every path a tool receives is resolved here: a path that
 * climbs ({@code ..}), an absolute path outside, or one whose real location (symlinks followed) is
 * outside is refused before any file is opened. An agent's paths are input from a model that may have
 * read hostile text, so the check is on what the file system says, not on the string alone.
 */
public final class Workspace {
    /** Longest path text accepted: a path is a name, not a payload. */
    static final int MAX_PATH_CHARS = 4096;

    private final Path root;

    private Workspace(Path root) {
        this.root = root;
    }

    /** The workspace at {@code dir}, which must be an existing folder (its real path is the boundary). */
    public static Workspace at(Path dir) throws IOException {
        Path real = dir.toAbsolutePath().normalize().toRealPath();
        if (!Files.isDirectory(real)) throw new IOException(dir + ": not a folder");
        return new Workspace(real);
    }

    public Path root() {
        return root;
    }

    /**
     * {@code text} (relative to the workspace, or absolute inside it) as a path inside the workspace.
     * It need not exist; the part of it that exists must not lead outside through a symlink.
     *
     * @param what what the path names, for the error ("plan", "history")
     */
    public Path resolve(String text, String what) {
        if (text == null || text.isBlank()) throw new ToolError(what + ": a path is required");
        if (text.length() > MAX_PATH_CHARS) throw new ToolError(what + ": path longer than " + MAX_PATH_CHARS + " characters");
        if (text.indexOf('\0') >= 0) throw new ToolError(what + ": path contains a NUL character");
        Path given;
        try {
            given = Path.of(text);
        } catch (InvalidPathException e) {
            throw new ToolError(what + ": not a path: " + e.getReason());
        }
        for (Path part : given) {
            if (part.toString().equals("..")) {
                throw new ToolError(what + ": '" + text + "' climbs out with '..'; name files inside the workspace " + root);
            }
        }
        Path abs = (given.isAbsolute() ? given : root.resolve(given)).normalize();
        if (!abs.startsWith(root)) throw new ToolError(what + ": '" + text + "' is outside the workspace " + root);
        Path real = realOfExistingPart(abs);
        if (!real.startsWith(root)) {
            throw new ToolError(what + ": '" + text + "' leads outside the workspace " + root + " (through a symbolic link)");
        }
        return real;
    }

    /** Like {@link #resolve} for a path that must exist as a regular file. */
    public Path existingFile(String text, String what) {
        Path p = resolve(text, what);
        if (!Files.exists(p)) throw new ToolError(what + ": " + relative(p) + ": no such file");
        if (!Files.isRegularFile(p)) throw new ToolError(what + ": " + relative(p) + ": not a file");
        return p;
    }

    /** Like {@link #resolve} for a path that must exist as a folder. */
    public Path existingDir(String text, String what) {
        Path p = resolve(text, what);
        if (!Files.isDirectory(p)) throw new ToolError(what + ": " + relative(p) + ": no such folder");
        return p;
    }

    /** {@code p} as the client should see it: relative to the workspace when inside it. */
    public String relative(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        if (!abs.startsWith(root)) return abs.toString();
        String rel = root.relativize(abs).toString();
        return rel.isEmpty() ? "." : rel;
    }

    /**
     * The real path of {@code abs}: its longest existing prefix with symlinks resolved, plus the rest.
     * A dangling symlink counts as existing (its target is followed by whoever creates the file).
     */
    private Path realOfExistingPart(Path abs) {
        Path existing = abs;
        Path rest = null;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            Path name = existing.getFileName();
            rest = rest == null ? name : name.resolve(rest);
            existing = existing.getParent();
        }
        if (existing == null) return abs;
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            // a dangling or looping symlink: where it leads cannot be proven inside
            throw new ToolError("'" + relative(abs) + "': cannot resolve " + relative(existing) + " (a broken symbolic link?)");
        }
        return rest == null ? real : real.resolve(rest).normalize();
    }
}
