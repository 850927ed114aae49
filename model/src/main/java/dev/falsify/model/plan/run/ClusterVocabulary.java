package dev.falsify.model.plan.run;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The run block's cluster words, written once beside {@link RunVocabulary}: node transports, partition
 * shapes (Jepsen's {@code jepsen.nemesis} names) and packet-fault kinds with their parameters. The parser
 * (so lint and {@code falsify run}) validates against them, the runner's {@code runner.cluster} builds its
 * rules from them, and docs/runner.md's "Nodes and cluster faults" lists them ({@code ClusterVocabularyContractTest}).
 */
public final class ClusterVocabulary {
    private ClusterVocabulary() {
    }

    /** A node name: a word that also fits in a namespace name and a placeholder ({@code {node:n1}}). */
    public static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,15}");

    /** {@code {node:NAME}}: the address of node NAME in this run's cluster. */
    public static final Pattern NODE_PLACEHOLDER = Pattern.compile("\\{node:(" + NODE_NAME.pattern() + ")}");

    /** Where a node's processes run. */
    public enum Transport {
        /** processes on this host, sharing its network (today's behaviour); no network faults on it */
        LOCAL("local"),
        /** its own network namespace with its own address on a private bridge, created and removed by the run */
        NETNS("netns");

        private final String id;

        Transport(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Optional<Transport> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (Transport x : values()) if (x.id.equals(t)) return Optional.of(x);
            return Optional.empty();
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(Transport::id).toList();
        }
    }

    /** Partition shapes ({@code partition: { shape: … }}): which node pairs stop hearing each other. */
    public enum Shape {
        /** {@code node} against every other node (Jepsen's partition-node / isolate the leader) */
        ISOLATE("isolate", 2, "node"),
        /** the first half of {@code nodes} (declared order, or the fault's own list) against the rest */
        HALVES("halves", 2),
        /** every node sees a majority, no two the same majority (Jepsen's partition-majorities-ring) */
        MAJORITIES_RING("majorities-ring", 4),
        /** two halves joined only through the middle node (Jepsen's bridge) */
        BRIDGE("bridge", 3),
        /** packets from {@code from} never reach {@code to}; the other direction flows (asymmetric) */
        ONE_WAY("one-way", 2, "from", "to");

        private final String id;
        private final int minNodes;
        private final List<String> fields;

        Shape(String id, int minNodes, String... fields) {
            this.id = id;
            this.minNodes = minNodes;
            this.fields = List.of(fields);
        }

        public String id() {
            return id;
        }

        /** Fewer nodes than this cannot take the shape. */
        public int minNodes() {
            return minNodes;
        }

        /** The fields the shape needs besides {@code shape} ({@code node}, {@code from}/{@code to}). */
        public List<String> fields() {
            return fields;
        }

        public static Optional<Shape> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (Shape s : values()) if (s.id.equals(t)) return Optional.of(s);
            return Optional.empty();
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(Shape::id).toList();
        }
    }

    /** Packet faults on nodes ({@code net: { kind: … }}), each with its parameters and defaults. */
    public enum NetKind {
        /** iptables {@code statistic --mode random}: each packet from a peer dropped with {@code percent}/100 */
        LOSS("loss", false, new RunVocabulary.Param("percent", RunVocabulary.ParamType.WHOLE_NUMBER, "20")),
        /** {@code tc tbf} on the node's link: its outgoing traffic capped */
        BANDWIDTH("bandwidth", false, new RunVocabulary.Param("kbps", RunVocabulary.ParamType.WHOLE_NUMBER, "256")),
        DELAY("delay", true, new RunVocabulary.Param("ms", RunVocabulary.ParamType.WHOLE_NUMBER, "100"),
                new RunVocabulary.Param("jitter_ms", RunVocabulary.ParamType.WHOLE_NUMBER, "0")),
        DUPLICATE("duplicate", true, new RunVocabulary.Param("percent", RunVocabulary.ParamType.WHOLE_NUMBER, "10")),
        REORDER("reorder", true, new RunVocabulary.Param("percent", RunVocabulary.ParamType.WHOLE_NUMBER, "25"),
                new RunVocabulary.Param("ms", RunVocabulary.ParamType.WHOLE_NUMBER, "50")),
        CORRUPT("corrupt", true, new RunVocabulary.Param("percent", RunVocabulary.ParamType.WHOLE_NUMBER, "5"));

        private final String id;
        private final boolean netem;
        private final List<RunVocabulary.Param> params;

        NetKind(String id, boolean netem, RunVocabulary.Param... params) {
            this.id = id;
            this.netem = netem;
            this.params = List.of(params);
        }

        public String id() {
            return id;
        }

        /** Whether it needs the kernel's {@code netem} qdisc (absent on some kernels: then INCONCLUSIVE-env). */
        public boolean netem() {
            return netem;
        }

        public List<RunVocabulary.Param> params() {
            return params;
        }

        public Optional<RunVocabulary.Param> param(String name) {
            for (RunVocabulary.Param p : params) if (p.name().equals(name)) return Optional.of(p);
            return Optional.empty();
        }

        public List<String> paramNames() {
            return params.stream().map(RunVocabulary.Param::name).toList();
        }

        public static Optional<NetKind> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (NetKind k : values()) if (k.id.equals(t)) return Optional.of(k);
            return Optional.empty();
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(NetKind::id).toList();
        }
    }

    /** Programs a run block with {@code netns} nodes needs on the host (lint asks §6b to declare them). */
    public static final List<String> NETNS_PROGRAMS = List.of("ip", "iptables", "tc");
}
