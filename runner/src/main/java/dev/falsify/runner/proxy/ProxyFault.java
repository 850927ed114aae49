package dev.falsify.runner.proxy;

import dev.falsify.model.plan.run.RunVocabulary;
import dev.falsify.model.plan.run.RunVocabulary.ProxyKind;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The faults the loopback proxy can apply to the connections a window selects. Each kind says
 * what it does to bytes, accepts and closes; the proxy counts every byte and connection it touched,
 * and those counters are the landing evidence.
 */
public sealed interface ProxyFault {

    /** The kind name used in run blocks. */
    String kind();

    /** Both directions black-holed; the connection stays open, and is closed at heal because it lost bytes. */
    record Partition() implements ProxyFault {
        public String kind() {
            return "partition";
        }
    }

    /**
     * Bytes in one direction are dropped (asymmetric partition); closed at heal like a partition, and
     * {@code closeAfterMs} after the window first sees the connection when that is above 0 (Toxiproxy's timeout).
     */
    record DropOneWay(Direction direction, long closeAfterMs) implements ProxyFault {
        public DropOneWay {
            if (closeAfterMs < 0) throw new IllegalArgumentException("drop-one-way close_after_ms must be >= 0");
        }

        public DropOneWay(Direction direction) {
            this(direction, 0);
        }

        public String kind() {
            return "drop-one-way";
        }
    }

    /** Each chunk delivered {@code ms ± jitterMs} later (jitter drawn from the seed); order is kept. */
    record Latency(long ms, long jitterMs, Set<Direction> directions) implements ProxyFault {
        public Latency {
            if (ms < 0 || jitterMs < 0) throw new IllegalArgumentException("latency ms and jitter_ms must be >= 0");
            directions = Set.copyOf(directions);
        }

        public String kind() {
            return "latency";
        }
    }

    /** Throughput capped at {@code kbps} kilobits per second. */
    record Bandwidth(long kbps, Set<Direction> directions) implements ProxyFault {
        public Bandwidth {
            if (kbps < 1) throw new IllegalArgumentException("bandwidth kbps must be >= 1");
            directions = Set.copyOf(directions);
        }

        public String kind() {
            return "bandwidth";
        }
    }

    /** Selected connections are reset (TCP RST to both ends); new ones are reset {@code afterMs} after accept. */
    record ResetPeer(long afterMs) implements ProxyFault {
        public ResetPeer {
            if (afterMs < 0) throw new IllegalArgumentException("reset delay_ms must be >= 0");
        }

        public String kind() {
            return "reset";
        }
    }

    /** When one end closes, the close reaches the other end {@code delayMs} later (for closes travelling {@code directions}). */
    record SlowClose(long delayMs, Set<Direction> directions) implements ProxyFault {
        public SlowClose {
            if (delayMs < 0) throw new IllegalArgumentException("slow-close delay_ms must be >= 0");
            directions = Set.copyOf(directions);
        }

        public SlowClose(long delayMs) {
            this(delayMs, EnumSet.allOf(Direction.class));
        }

        public String kind() {
            return "slow-close";
        }
    }

    /** New connections are accepted but never answered: nothing reaches upstream, nothing comes back. */
    record Hang() implements ProxyFault {
        public String kind() {
            return "hang";
        }
    }

    /** The connection is closed once {@code bytes} have passed in a selected direction during the window. */
    record LimitData(long bytes, Set<Direction> directions) implements ProxyFault {
        public LimitData {
            if (bytes < 0) throw new IllegalArgumentException("limit-data bytes must be >= 0");
            directions = Set.copyOf(directions);
        }

        public String kind() {
            return "limit-data";
        }
    }

    /** Writes are split into pieces of {@code avgBytes ± variationBytes} sent {@code delayMicros} apart. */
    record Slicer(int avgBytes, int variationBytes, long delayMicros, Set<Direction> directions) implements ProxyFault {
        public Slicer {
            if (avgBytes < 1 || variationBytes < 0 || variationBytes >= avgBytes)
                throw new IllegalArgumentException("slicer needs avg_bytes >= 1 and 0 <= variation_bytes < avg_bytes");
            directions = Set.copyOf(directions);
        }

        public String kind() {
            return "slicer";
        }
    }

    /** Kind names accepted by {@link #parse}: the run-block vocabulary's, aliases included. */
    Set<String> KINDS = java.util.Arrays.stream(ProxyKind.values())
            .flatMap(k -> java.util.stream.Stream.concat(java.util.stream.Stream.of(k.id()), k.aliases().stream()))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /**
     * Builds a fault from a run block's {@code kind} and {@code params}, as {@link RunVocabulary.ProxyKind}
     * defines them (names, defaults); a parameter the kind does not take is refused, as lint refuses it.
     */
    static ProxyFault parse(String kind, Map<String, ?> params) {
        ProxyKind k = ProxyKind.of(kind).orElseThrow(() -> new IllegalArgumentException("unknown proxy fault kind '" + kind
                + "'; expected one of " + String.join(", ", ProxyKind.ids())));
        Params p = new Params(k, params == null ? Map.of() : params);
        return switch (k) {
            case PARTITION -> new Partition();
            case DROP_ONE_WAY -> new DropOneWay(single(p.text("direction")), p.number("close_after_ms"));
            case LATENCY -> new Latency(p.number("ms"), p.number("jitter_ms"), p.directions());
            case BANDWIDTH -> new Bandwidth(p.number("kbps"), p.directions());
            case RESET -> new ResetPeer(p.number("delay_ms"));
            case SLOW_CLOSE -> new SlowClose(p.number("delay_ms"), p.directions());
            case HANG -> new Hang();
            case LIMIT_DATA -> new LimitData(p.number("bytes"), p.directions());
            case SLICER -> new Slicer((int) p.number("avg_bytes"), (int) p.number("variation_bytes"), p.number("delay_us"),
                    p.directions());
        };
    }

    private static Direction single(String text) {
        Set<Direction> set = Direction.parseSet(text, EnumSet.of(Direction.UPSTREAM));
        if (set.size() != 1) throw new IllegalArgumentException("drop-one-way needs direction upstream or downstream");
        return set.iterator().next();
    }

    /** Typed access to the loosely typed YAML params map; an absent parameter takes the vocabulary's default. */
    record Params(ProxyKind kind, Map<String, ?> raw) {
        public Params {
            for (String name : raw.keySet()) {
                if (kind.param(name).isEmpty()) throw new IllegalArgumentException("proxy fault kind " + kind.id()
                        + " takes no parameter '" + name + "'" + (name.equals("probability") ? "; " + RunVocabulary.PROBABILITY_HINT : ""));
            }
        }

        private Object value(String name) {
            Object v = raw.get(name);
            return v != null ? v : kind.param(name).orElseThrow().defaultValue();
        }

        String text(String name) {
            return value(name).toString();
        }

        Set<Direction> directions() {
            return Direction.parseSet(text("direction"), EnumSet.allOf(Direction.class));
        }

        long number(String name) {
            Object v = value(name);
            if (v instanceof Number n) return n.longValue();
            String s = v.toString().trim().toLowerCase(Locale.ROOT);
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("param " + name + ": '" + v + "' is not a whole number");
            }
        }
    }
}
