package dev.falsify.catalog;

/**
 * How Falsify's runner produces a nemesis. {@code mode} is {@code proxy} (the built-in loopback fault
 * proxy; {@code kind} is its fault kind), {@code process} (built-in process signals; {@code kind} is
 * KILL, TERM or STOP/CONT), {@code partition} (DROP rules inside a netns cluster's node namespaces; {@code kind}
 * is the shape), {@code net} (a packet fault on netns nodes; {@code kind} is loss, bandwidth or a netem kind),
 * {@code clock} (libfaketime on the node's processes; {@code kind} is jump, drift or strobe), {@code storage}
 * (Falsify's FUSE layer over the node's data directory; {@code kind} is disk-full, lose-unsynced-writes,
 * corrupt-reads, slow-io or eio) or {@code command} (the plan supplies inject/heal commands; {@code kind} is
 * null). {@code runBlock} is a fault entry for a plan's run block.
 */
public record RunnerSupport(String mode, String kind, String runBlock) {
    public RunnerSupport {
        if (!java.util.Set.of("proxy", "process", "partition", "net", "clock", "storage", "command").contains(mode)) {
            throw new IllegalArgumentException(
                    "runner mode must be proxy, process, partition, net, clock, storage or command, not " + mode);
        }
        if (!mode.equals("command") && (kind == null || kind.isBlank())) {
            throw new IllegalArgumentException("a built-in (" + mode + ") nemesis must name its kind");
        }
    }

    /** True when the runner does it without a user-supplied command. */
    public boolean builtIn() {
        return !mode.equals("command");
    }

    /** "built-in fault proxy: partition", "built-in process fault: KILL" or "needs inject/heal commands". */
    public String describe() {
        return switch (mode) {
            case "proxy" -> "built-in fault proxy: " + kind;
            case "process" -> "built-in process fault: " + kind;
            case "partition" -> "built-in netns partition: " + kind;
            case "net" -> "built-in netns packet fault: " + kind;
            case "clock" -> "built-in clock fault (libfaketime): " + kind;
            case "storage" -> "built-in storage fault (FUSE layer): " + kind;
            default -> "needs inject/heal commands";
        };
    }
}
