package dev.falsify.runner.probe;

import dev.falsify.runner.faults.ShellCommand;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns §6b requirements into capability probes: is the command on PATH, and does its
 * {@code --version} output meet the version floor? A scenario that needs a missing capability is
 * {@code INCONCLUSIVE-env} before it starts.
 *
 * <p>The command is the first code span of the requirement cell ({@code `tc`}), else its first word,
 * lower-cased, with a few well-known names mapped to their command (Java → java).
 *
 * <p>What a probe executes is a program found on PATH. A command written as a path
 * ({@code ./tool.sh}, {@code /opt/x/bin/y}) comes from the plan, so it is executed only when its
 * {@link #shown probe line} is in the trusted set this probe was built with — i.e. the user saw
 * it in the trust prompt; otherwise it is reported missing without running.
 */
public final class CapabilityProbe {
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
    private static final Pattern VERSION = Pattern.compile("(\\d+(?:\\.\\d+)*)");
    private static final Map<String, String> KNOWN = Map.of("jdk", "java", "openjdk", "java", "python", "python3",
            "iproute2", "tc", "netem", "tc", "maven", "mvn", "git", "git", "docker", "docker");

    /** The flags tried, in order, until one prints a version. */
    private static final List<String> VERSION_FLAGS = List.of("--version", "-version", "version");

    private final List<String> path;
    private final Path cwd;
    private final Set<String> trusted;

    /** A probe that runs programs on PATH only. */
    public CapabilityProbe(List<String> pathEntries, Path cwd) {
        this(pathEntries, cwd, Set.of());
    }

    /**
     * @param trusted {@link #shown} lines the user trusted: a path command runs only if its line is here
     */
    public CapabilityProbe(List<String> pathEntries, Path cwd, Set<String> trusted) {
        this.path = List.copyOf(pathEntries);
        this.cwd = cwd;
        this.trusted = Set.copyOf(trusted);
    }

    /** A probe over this process's PATH. */
    public static CapabilityProbe fromEnvironment(Path cwd, Set<String> trusted) {
        String p = System.getenv("PATH");
        return new CapabilityProbe(p == null ? List.of() : List.of(p.split(File.pathSeparator)), cwd, trusted);
    }

    /**
     * What probing {@code r} from {@code cwd} executes, as the trust prompt shows it, or empty when
     * it executes nothing (no command, or no version floor: presence on PATH is looked up, not run).
     */
    public static Optional<String> shown(Requirement r, Path cwd) {
        String command = commandOf(r.text());
        if (command == null || floorOf(r.versionFloor()) == null) return Optional.empty();
        String exe = isPath(command) ? cwd.resolve(command).normalize().toString() : command + " (from PATH)";
        return Optional.of(exe + " " + String.join(" | ", VERSION_FLAGS));
    }

    private static boolean isPath(String command) {
        return command.contains("/");
    }

    public List<Capability> probeAll(List<Requirement> requirements) {
        List<Capability> out = new ArrayList<>();
        for (Requirement r : requirements) out.add(probe(r));
        return out;
    }

    public Capability probe(Requirement r) {
        String command = commandOf(r.text());
        if (command == null) {
            return new Capability(r, "", false, null, "no command named", "the requirement names no command to look for");
        }
        Optional<Path> found = locate(command);
        if (found.isEmpty()) {
            return new Capability(r, command, false, null, "not on PATH", "`" + command + "` is not on PATH"
                    + (r.installHint() == null || r.installHint().isBlank() ? "" : "; install hint: " + r.installHint()));
        }
        String floor = floorOf(r.versionFloor());
        if (floor != null && isPath(command) && !trusted.contains(shown(r, cwd).orElseThrow())) {
            return new Capability(r, command, false, null, "not run", "`" + command + "` is a path from the plan, "
                    + "not a program on PATH, and was not among the trusted commands; it was not run");
        }
        String version = floor == null ? null : versionOf(found.get());
        if (floor == null) {
            return new Capability(r, command, true, null, found.get().toString(), "`" + command + "` found; no version floor");
        }
        if (version == null) {
            return new Capability(r, command, false, null, found.get().toString(),
                    "`" + command + "` found but reported no version; floor " + floor + " cannot be shown to hold");
        }
        boolean ok = compareVersions(version, floor) >= 0;
        return new Capability(r, command, ok, version, found.get().toString(),
                "`" + command + "` " + version + (ok ? " meets" : " is below") + " the floor " + floor);
    }

    static String commandOf(String requirement) {
        if (requirement == null) return null;
        Matcher m = CODE_SPAN.matcher(requirement);
        String candidate;
        if (m.find()) {
            candidate = m.group(1).trim().split("\\s+")[0];
        } else {
            Matcher w = WORD.matcher(requirement);
            if (!w.find()) return null;
            candidate = w.group().toLowerCase(Locale.ROOT);
        }
        return KNOWN.getOrDefault(candidate.toLowerCase(Locale.ROOT), candidate);
    }

    /** The floor as a dotted number, or null when the cell says there is none. */
    static String floorOf(String cell) {
        if (cell == null) return null;
        Matcher m = VERSION.matcher(cell);
        return m.find() ? m.group(1) : null;
    }

    Optional<Path> locate(String command) {
        if (isPath(command)) {
            Path p = cwd.resolve(command).normalize();
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        for (String dir : path) {
            if (dir.isBlank()) continue;
            Path p = Path.of(dir, command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    private String versionOf(Path exe) {
        for (String flag : VERSION_FLAGS) {
            ShellCommand.Outcome o = ShellCommand.of("'" + exe.toString().replace("'", "'\\''") + "' " + flag + " 2>&1",
                    cwd, Duration.ofSeconds(10)).run();
            if (o.timedOut()) continue;
            Matcher m = VERSION.matcher(o.output());
            while (m.find()) {
                if (m.group(1).contains(".") || o.exitCode() == 0) return m.group(1);
            }
        }
        return null;
    }

    /** Compares dotted versions numerically ({@code 1.10 > 1.9}); missing parts count as 0. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? parse(x[i]) : 0;
            long q = i < y.length ? parse(y[i]) : 0;
            if (p != q) return Long.compare(p, q);
        }
        return 0;
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
