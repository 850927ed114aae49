package dev.falsify.runner.proxy;

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

    /** Bytes in one direction are dropped (asymmetric partition); closed at heal like a partition. */
    record DropOneWay(Direction direction) implements ProxyFault {
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
        public String kind() {
            return "reset";
        }
    }

    /** When one end closes, the close reaches the other end {@code delayMs} later. */
    record SlowClose(long delayMs) implements ProxyFault {
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

    /** Kind names accepted by {@link #parse}. */
    Set<String> KINDS = Set.of("partition", "drop-one-way", "latency", "bandwidth", "reset", "reset-peer",
            "slow-close", "hang", "limit-data", "slicer");

    /**
     * Builds a fault from a run block's {@code kind} and {@code params}. Parameter names follow
     * plan-format.md: {@code ms}, {@code jitter_ms}, {@code kbps}, {@code bytes}, {@code direction},
     * plus {@code avg_bytes}, {@code variation_bytes}, {@code delay_us} for the slicer and
     * {@code delay_ms} for slow-close / reset.
     */
    static ProxyFault parse(String kind, Map<String, ?> params) {
        Params p = new Params(params == null ? Map.of() : params);
        Set<Direction> both = EnumSet.allOf(Direction.class);
        return switch (kind == null ? "" : kind.trim().toLowerCase(Locale.ROOT)) {
            case "partition" -> new Partition();
            case "drop-one-way" -> new DropOneWay(single(p.text("direction"), Direction.UPSTREAM));
            case "latency" -> new Latency(p.number("ms", 100), p.number("jitter_ms", 0),
                    Direction.parseSet(p.text("direction"), both));
            case "bandwidth" -> new Bandwidth(p.number("kbps", 64), Direction.parseSet(p.text("direction"), both));
            case "reset", "reset-peer" -> new ResetPeer(p.number("delay_ms", 0));
            case "slow-close" -> new SlowClose(p.number("delay_ms", p.number("ms", 1000)));
            case "hang" -> new Hang();
            case "limit-data" -> new LimitData(p.number("bytes", 1024), Direction.parseSet(p.text("direction"), both));
            case "slicer" -> new Slicer((int) p.number("avg_bytes", 16), (int) p.number("variation_bytes", 8),
                    p.number("delay_us", 500), Direction.parseSet(p.text("direction"), both));
            default -> throw new IllegalArgumentException("unknown proxy fault kind '" + kind + "'; expected one of "
                    + "partition, drop-one-way, latency, bandwidth, reset, slow-close, hang, limit-data, slicer");
        };
    }

    private static Direction single(String text, Direction fallback) {
        Set<Direction> set = Direction.parseSet(text, EnumSet.of(fallback));
        if (set.size() != 1) throw new IllegalArgumentException("drop-one-way needs direction upstream or downstream");
        return set.iterator().next();
    }

    /** Typed access to the loosely typed YAML params map. */
    record Params(Map<String, ?> raw) {
        String text(String name) {
            Object v = raw.get(name);
            return v == null ? null : v.toString();
        }

        long number(String name, long fallback) {
            Object v = raw.get(name);
            if (v == null) return fallback;
            if (v instanceof Number n) return n.longValue();
            String s = v.toString().trim().toLowerCase(Locale.ROOT);
            if (s.endsWith("ms")) s = s.substring(0, s.length() - 2).trim();
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("param " + name + ": '" + v + "' is not a whole number");
            }
        }
    }
}
