package dev.falsify.model.report;

import dev.falsify.model.session.SessionFolder;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds a session's plan from the session log's {@code Plan:} line: tried relative to the session
 * folder, then to each of its ancestors (the repository root is one of them), then to the working
 * directory. The line may be a bare path, a code span or a Markdown link.
 */
public final class PlanLocator {
    private static final Pattern LINK = Pattern.compile("\\[[^\\[\\]]*+]\\(([^)\\s]++)\\)");

    private PlanLocator() {
    }

    /** The path written on the Plan line, unwrapped from link or code-span syntax; empty when there is none. */
    public static String planPath(String planLine) {
        if (planLine == null) {
            return "";
        }
        String s = planLine.strip();
        Matcher m = LINK.matcher(s);
        if (m.find()) {
            return m.group(1);
        }
        int tick = s.indexOf('`');
        if (tick >= 0 && s.indexOf('`', tick + 1) > tick) {
            return s.substring(tick + 1, s.indexOf('`', tick + 1)).strip();
        }
        // "docs/testing-plans/x.md (reviewed)" → the first token that looks like a path
        for (String token : s.split("\\s+")) {
            if (token.endsWith(".md") || token.contains("/")) {
                return token;
            }
        }
        return s;
    }

    /** Candidate locations in the order they are tried. */
    public static List<Path> candidates(SessionFolder session, Path cwd) {
        String p = planPath(session.log().header().plan());
        List<Path> out = new ArrayList<>();
        if (p.isBlank()) {
            return out;
        }
        try {
            Path rel = Path.of(p);
            if (rel.isAbsolute()) {
                return List.of(rel);
            }
            for (Path d = session.dir().toAbsolutePath().normalize(); d != null; d = d.getParent()) {
                out.add(d.resolve(rel).normalize());
            }
            out.add(cwd.toAbsolutePath().resolve(rel).normalize());
        } catch (InvalidPathException e) {
            return List.of();
        }
        return out;
    }

    public static Optional<Path> locate(SessionFolder session, Path cwd) {
        return candidates(session, cwd).stream().filter(Files::isRegularFile).findFirst();
    }
}
