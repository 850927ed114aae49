package dev.falsify.runner.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of everything a cluster creates. Each name carries its owner — this JVM's pid and that process's
 * start time (so a reused pid is not mistaken for the owner) — and a per-JVM cluster number, so two runs,
 * or two seeds of one run, never share a name, and a later run can tell which leftovers belong to a
 * process that is gone ({@link ClusterSweep}).
 *
 * <p>Form: {@code falsify-<pid>.<starttime>-<k>-<role>}, role {@code hub}, {@code client} or {@code n.<node>}.
 */
public final class ClusterNames {
    public static final String PREFIX = "falsify-";
    static final Pattern NAME = Pattern.compile("falsify-(\\d+)\\.(\\d+)-(\\d+)-(hub|client|n\\.[A-Za-z0-9_-]{1,16})");
    private static final AtomicInteger NEXT = new AtomicInteger();
    /** A node name as the run-block vocabulary allows it: nothing else ever reaches a namespace name or a script. */
    static final Pattern NODE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,15}");

    private final String id;

    private ClusterNames(String id) {
        this.id = id;
    }

    /** Fresh names for one cluster of this JVM. */
    public static ClusterNames fresh() {
        long pid = ProcessHandle.current().pid();
        return new ClusterNames(PREFIX + pid + "." + startTime(pid).orElse(0L) + "-" + NEXT.incrementAndGet());
    }

    /** The cluster's id: the common prefix of all its names. */
    public String id() {
        return id;
    }

    public String hub() {
        return id + "-hub";
    }

    public String client() {
        return id + "-client";
    }

    public String node(String node) {
        if (!NODE.matcher(node).matches()) throw new IllegalArgumentException("not a node name: " + node);
        return id + "-n." + node;
    }

    /** The owner (pid, start time) a name was made by, when it is one of ours. */
    record Owner(long pid, long startTime) {
        /** Whether that very process still runs. */
        boolean alive() {
            Optional<Long> t = ClusterNames.startTime(pid);
            return t.isPresent() && (startTime == 0 || t.get() == startTime);
        }
    }

    static Optional<Owner> ownerOf(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) return Optional.empty();
        try {
            return Optional.of(new Owner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Field 22 of /proc/PID/stat: the process's start time in clock ticks after boot; empty when there is no such process. */
    static Optional<Long> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(Long.parseLong(rest[19]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
