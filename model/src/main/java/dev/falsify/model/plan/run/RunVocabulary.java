package dev.falsify.model.plan.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The run block's closed vocabularies, written once: {@link RunSpecParser} (so lint and {@code falsify
 * run}) validates against them, the runner builds its proxy and process faults from them, and
 * docs/runner.md lists them (a runner test holds the three together). Before, each kept its own
 * list and they drifted: the parser rejected parameters the runner and docs knew.
 */
public final class RunVocabulary {
    private RunVocabulary() {
    }

    /** The values a proxy fault parameter takes. */
    public enum ParamType {
        WHOLE_NUMBER("a whole number >= 0"),
        DIRECTIONS("upstream, downstream or both"),
        ONE_DIRECTION("upstream or downstream");

        private final String expected;

        ParamType(String expected) {
            this.expected = expected;
        }

        public String expected() {
            return expected;
        }

        /** Whether {@code value} (a YAML scalar) is one of this type's values. */
        public boolean accepts(String value) {
            String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
            return switch (this) {
                case WHOLE_NUMBER -> v.matches("\\d{1,18}");
                case DIRECTIONS -> DIRECTION_VALUES.contains(v);
                case ONE_DIRECTION -> v.equals("upstream") || v.equals("downstream");
            };
        }
    }

    /** The values of a {@code direction} parameter. */
    public static final List<String> DIRECTION_VALUES = List.of("upstream", "downstream", "both");

    /** One parameter of a proxy fault kind; {@code defaultValue} is what the runner uses when it is absent. */
    public record Param(String name, ParamType type, String defaultValue) {
    }

    /** Proxy fault kinds ({@code proxy: { kind: … }}) and the parameters each takes. */
    public enum ProxyKind {
        PARTITION("partition", List.of()),
        DROP_ONE_WAY("drop-one-way", List.of(new Param("direction", ParamType.ONE_DIRECTION, "upstream"),
                new Param("close_after_ms", ParamType.WHOLE_NUMBER, "0"))),
        LATENCY("latency", List.of(new Param("ms", ParamType.WHOLE_NUMBER, "100"),
                new Param("jitter_ms", ParamType.WHOLE_NUMBER, "0"), new Param("direction", ParamType.DIRECTIONS, "both"))),
        BANDWIDTH("bandwidth", List.of(new Param("kbps", ParamType.WHOLE_NUMBER, "64"),
                new Param("direction", ParamType.DIRECTIONS, "both"))),
        RESET("reset", List.of(new Param("delay_ms", ParamType.WHOLE_NUMBER, "0")), "reset-peer"),
        SLOW_CLOSE("slow-close", List.of(new Param("delay_ms", ParamType.WHOLE_NUMBER, "1000"),
                new Param("direction", ParamType.DIRECTIONS, "both"))),
        HANG("hang", List.of()),
        LIMIT_DATA("limit-data", List.of(new Param("bytes", ParamType.WHOLE_NUMBER, "1024"),
                new Param("direction", ParamType.DIRECTIONS, "both"))),
        SLICER("slicer", List.of(new Param("avg_bytes", ParamType.WHOLE_NUMBER, "16"),
                new Param("variation_bytes", ParamType.WHOLE_NUMBER, "8"), new Param("delay_us", ParamType.WHOLE_NUMBER, "500"),
                new Param("direction", ParamType.DIRECTIONS, "both")));

        private final String id;
        private final List<Param> params;
        private final List<String> aliases;

        ProxyKind(String id, List<Param> params, String... aliases) {
            this.id = id;
            this.params = params;
            this.aliases = List.of(aliases);
        }

        /** The name written in run blocks. */
        public String id() {
            return id;
        }

        /** Other accepted spellings of the same kind. */
        public List<String> aliases() {
            return aliases;
        }

        public List<Param> params() {
            return params;
        }

        public Optional<Param> param(String name) {
            for (Param p : params) if (p.name().equals(name)) return Optional.of(p);
            return Optional.empty();
        }

        public List<String> paramNames() {
            return params.stream().map(Param::name).toList();
        }

        /** The kind a run block names (case-insensitive, aliases included). */
        public static Optional<ProxyKind> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (ProxyKind k : ALL) if (k.id.equals(t) || k.aliases.contains(t)) return Optional.of(k);
            return Optional.empty();
        }

        // values() copies the array on every call; lookups run for every fault of every run block
        private static final ProxyKind[] ALL = values();

        public static List<String> ids() {
            return Arrays.stream(values()).map(ProxyKind::id).toList();
        }
    }

    /** One Toxiproxy toxic attribute and the run-block parameter it sets ({@code value × factor}). */
    public record ToxicAttribute(String name, String param, long factor) {
    }

    /**
     * The one table between Toxiproxy's toxics and the run block's proxy fault kinds: {@code falsify proxy serve}
     * builds its faults through it and a run block's {@code toxic:} fault is read through it, so a toxic means
     * the same thing wherever it is written. Each toxic's {@code stream} becomes the kind's {@code direction}
     * and its {@code toxicity} becomes {@code connections: fraction:P}; a proxy's {@code enabled: false} is
     * {@link ProxyKind#PARTITION} when it is not served as Toxiproxy's "down" (docs/runner.md).
     */
    public enum ToxicType {
        LATENCY("latency", ProxyKind.LATENCY, new ToxicAttribute("latency", "ms", 1), new ToxicAttribute("jitter", "jitter_ms", 1)),
        /** Toxiproxy's rate is in KB/s (1 KB = 1000 bytes); the run block's in kilobits/s. */
        BANDWIDTH("bandwidth", ProxyKind.BANDWIDTH, new ToxicAttribute("rate", "kbps", 8)),
        SLOW_CLOSE("slow_close", ProxyKind.SLOW_CLOSE, new ToxicAttribute("delay", "delay_ms", 1)),
        /** Data in the stream dropped; the connection closed {@code timeout} ms later (0: never). */
        TIMEOUT("timeout", ProxyKind.DROP_ONE_WAY, new ToxicAttribute("timeout", "close_after_ms", 1)),
        RESET_PEER("reset_peer", ProxyKind.RESET, new ToxicAttribute("timeout", "delay_ms", 1)),
        SLICER("slicer", ProxyKind.SLICER, new ToxicAttribute("average_size", "avg_bytes", 1),
                new ToxicAttribute("size_variation", "variation_bytes", 1), new ToxicAttribute("delay", "delay_us", 1)),
        LIMIT_DATA("limit_data", ProxyKind.LIMIT_DATA, new ToxicAttribute("bytes", "bytes", 1));

        private final String id;
        private final ProxyKind kind;
        private final List<ToxicAttribute> attributes;

        ToxicType(String id, ProxyKind kind, ToxicAttribute... attributes) {
            this.id = id;
            this.kind = kind;
            this.attributes = List.of(attributes);
        }

        /** Toxiproxy's name for it ({@code type} in its API). */
        public String id() {
            return id;
        }

        public ProxyKind kind() {
            return kind;
        }

        public List<ToxicAttribute> attributes() {
            return attributes;
        }

        public Optional<ToxicAttribute> attribute(String name) {
            for (ToxicAttribute a : attributes) if (a.name().equals(name)) return Optional.of(a);
            return Optional.empty();
        }

        /**
         * The run-block params of this toxic: each attribute (absent ones are 0, as Toxiproxy reads them)
         * times its factor, and {@code stream} as the kind's direction. Attributes the type does not have
         * are ignored, as Toxiproxy ignores them.
         */
        public java.util.Map<String, String> params(java.util.Map<String, Long> attributes, String stream) {
            java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
            for (ToxicAttribute a : this.attributes) {
                long v = attributes.getOrDefault(a.name(), 0L);
                out.put(a.param(), Long.toString(Math.multiplyExact(v, a.factor())));
            }
            if (kind.param("direction").isPresent()) out.put("direction", stream);
            return out;
        }

        /** {@code toxicity} (0..1) as a {@code connections:} value. */
        public static String connections(double toxicity) {
            return toxicity >= 1.0 ? "all" : "fraction:" + Math.max(0.0, toxicity);
        }

        public static Optional<ToxicType> of(String text) {
            if (text == null) return Optional.empty();
            for (ToxicType t : ALL) if (t.id.equals(text)) return Optional.of(t);
            return Optional.empty();
        }

        private static final ToxicType[] ALL = values();

        public static List<String> ids() {
            return Arrays.stream(values()).map(ToxicType::id).toList();
        }
    }

    /** A toxic's {@code stream} values. */
    public static final List<String> TOXIC_STREAMS = List.of("upstream", "downstream");

    /**
     * Why {@code probability} is refused rather than read: a share of connections is
     * {@code connections: fraction:P}, one mechanism, deterministic per seed.
     */
    public static final String PROBABILITY_HINT = "to hit a share of the connections write connections: fraction:P";

    /** Process fault signals ({@code process: { signal: … }}); the default is KILL. */
    public enum ProcessSignal {
        KILL("KILL"), TERM("TERM"), INT("INT"), HUP("HUP"),
        /** Stopped for the window, continued at heal; {@code STOP} alone means the same. */
        STOP_CONT("STOP/CONT", "STOP");

        private final String id;
        private final List<String> aliases;

        ProcessSignal(String id, String... aliases) {
            this.id = id;
            this.aliases = List.of(aliases);
        }

        public String id() {
            return id;
        }

        public List<String> aliases() {
            return aliases;
        }

        /** Whether the signal is meant to end the process (and may be followed by {@code restart: true}). */
        public boolean ends() {
            return this != STOP_CONT;
        }

        public static Optional<ProcessSignal> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toUpperCase(Locale.ROOT);
            for (ProcessSignal s : ALL) if (s.id.equals(t) || s.aliases.contains(t)) return Optional.of(s);
            return Optional.empty();
        }

        private static final ProcessSignal[] ALL = values();

        public static List<String> ids() {
            return Arrays.stream(values()).map(ProcessSignal::id).toList();
        }
    }

    /**
     * Clock faults ({@code clock: { service: …, kind: … }}), applied to one service's processes through
     * libfaketime so the host's clock is never changed; {@code nemesis} is the catalog entry each builds in.
     */
    public enum ClockKind {
        /** The service's clock steps by {@code offset} (signed) for the window, then back. */
        JUMP("jump", "N24", List.of("offset")),
        /** The service's clock runs at {@code rate} times real speed for the window (its offset grows). */
        DRIFT("drift", "N25", List.of("rate")),
        /** Jepsen's strobe: the clock flips between +offset and 0 every {@code period} for the window. */
        STROBE("strobe", "N24", List.of("offset", "period"));

        private final String id;
        private final String nemesis;
        private final List<String> params;

        ClockKind(String id, String nemesis, List<String> params) {
            this.id = id;
            this.nemesis = nemesis;
            this.params = params;
        }

        public String id() {
            return id;
        }

        public String nemesis() {
            return nemesis;
        }

        /** The parameters this kind needs (besides {@code service} and {@code kind}). */
        public List<String> params() {
            return params;
        }

        public static Optional<ClockKind> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (ClockKind k : values()) if (k.id.equals(t)) return Optional.of(k);
            return Optional.empty();
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(ClockKind::id).toList();
        }
    }

    /** {@code clock:} fields. */
    public static final List<String> CLOCK_FIELDS = List.of("service", "kind", "offset", "rate", "period");
    /** A clock offset: a duration with an optional sign ({@code -30s}, {@code +2m}). */
    public static final Pattern SIGNED_DURATION = Pattern.compile("([+-])?\\s*(.+)");
    /** A drift rate: a positive decimal ({@code 1.05}, {@code 0.5}). */
    public static final Pattern RATE = Pattern.compile("\\d{1,4}(\\.\\d{1,9})?");

    /**
     * Storage faults ({@code storage: { service: …, dir: …, kind: … }}), applied by Falsify's FUSE layer mounted
     * over the service's data directory for the whole run; each counts what it did (the landing evidence).
     */
    public enum StorageKind {
        /** Free space reads 0 and writes, creates and fallocate fail with ENOSPC during the window. */
        DISK_FULL("disk-full", "N19", true),
        /** The service is killed (SIGKILL) and every write it did not fsync is dropped, as LazyFS does. */
        LOSE_UNSYNCED_WRITES("lose-unsynced-writes", "N20", false),
        /** Reads of the data directory return bytes with one bit flipped during the window. */
        CORRUPT_READS("corrupt-reads", "N21", true),
        /** Every operation waits {@code delay} before it runs during the window. */
        SLOW_IO("slow-io", "N22", true),
        /** Reads, writes and fsyncs fail with EIO during the window. */
        EIO("eio", "N23", true);

        private final String id;
        private final String nemesis;
        private final boolean window;

        StorageKind(String id, String nemesis, boolean window) {
            this.id = id;
            this.nemesis = nemesis;
            this.window = window;
        }

        public String id() {
            return id;
        }

        public String nemesis() {
            return nemesis;
        }

        /** Whether it holds for a window ({@code for:}); lose-unsynced-writes is a crash at one instant. */
        public boolean window() {
            return window;
        }

        public static Optional<StorageKind> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (StorageKind k : values()) if (k.id.equals(t)) return Optional.of(k);
            return Optional.empty();
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(StorageKind::id).toList();
        }
    }

    /** {@code storage:} fields. */
    public static final List<String> STORAGE_FIELDS = List.of("service", "kind", "dir", "delay", "restart");

    /**
     * {@code {port:NAME}}: a free loopback port the runner allocates per seed run, the same for one NAME
     * everywhere in that run; NAME is a word ({@code n1}, {@code peer_2}, {@code c-1}).
     */
    public static final Pattern PORT_PLACEHOLDER = Pattern.compile("\\{port:([A-Za-z0-9_.-]+)}");

    /** The forms of {@code connections:} (which connections a proxy fault window hits). */
    public static final List<String> CONNECTION_FORMS = List.of("all", "first:K", "nth:N", "fraction:P");
    /** {@link #CONNECTION_FORMS} as a pattern: K, N >= 1, 0 <= P <= 1. */
    public static final Pattern CONNECTIONS = Pattern.compile("all|first:[1-9]\\d{0,17}|nth:[1-9]\\d{0,17}|fraction:(0(\\.\\d+)?|1(\\.0+)?|\\.\\d+)");

    /** {@code history.format} values. */
    public static final List<String> HISTORY_FORMATS = List.of("jsonl", "jepsen-edn", "porcupine-etcd", "porcupine-kv", "auto");

    /** {@code messages[].framing} forms. */
    public static final List<String> FRAMINGS = List.of("newline", "length-prefixed-4", "regex:<pattern>");
    public static final Pattern FRAMING = Pattern.compile("newline|length-prefixed-4|regex:.+");

    /** {@code filters[].then} actions; {@code delay} takes a duration, {@code hold-until} a condition. */
    public static final List<String> FILTER_ACTIONS = List.of("deliver", "drop", "delay", "duplicate", "hold-until", "observe");

    /** {@code messages[]} fields. */
    public static final List<String> TAP_FIELDS = List.of("proxy", "framing", "fields", "nodes");
    /** {@code messages[].nodes} keys: the node ids of the link's two ends (default {@code <proxy>-client}, {@code <proxy>-upstream}). */
    public static final List<String> TAP_NODES = List.of("client", "upstream");
    /** Fields every tap has without declaring them: its type, source and destination node (src/dst default to the link's ends). */
    public static final List<String> STANDARD_MESSAGE_FIELDS = List.of("type", "src", "dst");

    /**
     * What happens to a message crossing a tapped link, in the order it can happen: read from one end
     * ({@code send}), then delivered, dropped, delayed, duplicated, or held and later released. {@code state}
     * is a monitor state change, written to the same event log so a trace reads in one place.
     */
    public enum MessageEventKind {
        SEND, DELIVER, DROP, DELAY, DUPLICATE, HOLD, RELEASE, STATE;

        /** The name in run blocks and in {@code messages.jsonl}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether it is something that happened to a message (a condition's {@code event:} value). */
        public boolean ofMessage() {
            return this != STATE;
        }

        public static Optional<MessageEventKind> of(String text) {
            if (text == null) return Optional.empty();
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (MessageEventKind k : ALL) if (k.id().equals(t)) return Optional.of(k);
            return Optional.empty();
        }

        private static final MessageEventKind[] ALL = values();

        public static List<String> messageIds() {
            return Arrays.stream(values()).filter(MessageEventKind::ofMessage).map(MessageEventKind::id).toList();
        }
    }

    /**
     * The keys of a condition ({@code filters[].if}, {@code hold-until}, {@code monitor.transitions[].on}), besides
     * the tap's own field names ({@code fields:} keys, matched against the message's values).
     */
    public enum ConditionKey {
        /** the proxy the message crossed */
        LINK("link", Scope.MESSAGE),
        /** send, deliver, drop, …; a monitor or hold-until condition without it means deliver; filters see sends */
        EVENT("event", Scope.MESSAGE),
        TYPE("type", Scope.MESSAGE),
        SRC("src", Scope.MESSAGE),
        DST("dst", Scope.MESSAGE),
        /** a regular expression found in the payload text */
        PAYLOAD("payload", Scope.MESSAGE),
        /** how many messages matched the rest of the condition so far, this one included: {@code 3}, {@code <=3}, {@code >2} */
        COUNT("count", Scope.MESSAGE),
        /** the monitor's current state (names separated by |) */
        STATE("state", Scope.ANY),
        /** time window from the workload's start */
        AFTER("after", Scope.ANY),
        BEFORE("before", Scope.ANY),
        /** a regular expression found in a service's log line */
        LOG("log", Scope.LOG),
        /** the service whose log line it is */
        SERVICE("service", Scope.LOG);

        /** What a condition with this key can match: a message event, a service log line, or either (and the clock). */
        public enum Scope {
            MESSAGE, LOG, ANY
        }

        private final String id;
        private final Scope scope;

        ConditionKey(String id, Scope scope) {
            this.id = id;
            this.scope = scope;
        }

        public String id() {
            return id;
        }

        public Scope scope() {
            return scope;
        }

        public static Optional<ConditionKey> of(String text) {
            for (ConditionKey k : ALL) if (k.id.equals(text)) return Optional.of(k);
            return Optional.empty();
        }

        private static final ConditionKey[] ALL = values();

        public static List<String> ids() {
            return Arrays.stream(values()).map(ConditionKey::id).toList();
        }
    }

    /** {@code count:} values: N (exactly), or a comparison. */
    public static final Pattern COUNT = Pattern.compile("(<=|>=|<|>|==|!=)?\\s*(\\d{1,9})");

    /** A JSON path in {@code fields:} ({@code $.type}, {@code $.msg.from}, {@code $.peers[0]}); any other value is a regex. */
    public static final Pattern JSON_PATH = Pattern.compile("\\$(\\.[A-Za-z_][A-Za-z0-9_-]*|\\[\\d+]|\\[\"[^\"]*\"])*");

    /**
     * A condition value naming a monitor variable instead of a literal: {@code seq: "$s"} holds when the message's
     * {@code seq} equals what the monitor last bound to {@code s} (false while nothing is bound). Allowed on the
     * exactly-matched message keys ({@link #VARIABLE_KEYS} and the taps' fields).
     */
    public static final Pattern VARIABLE_REF = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");
    /** Condition keys whose value may be a {@link #VARIABLE_REF}, besides the taps' own fields. */
    public static final List<String> VARIABLE_KEYS = List.of("link", "type", "src", "dst");
    /** {@code monitor.transitions[]} fields; {@code bind} sets monitor variables from the message that took the transition. */
    public static final List<String> TRANSITION_FIELDS = List.of("from", "on", "to", "bind");
    /** A monitor variable's name (the key of a {@code bind} entry). */
    public static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** {@code monitor} fields. */
    public static final List<String> MONITOR_FIELDS = List.of("start", "transitions", "bound", "default", "success", "failure");
    /** The two outcomes; a state of that name is terminal (more terminal names via {@code success:} / {@code failure:}). */
    public static final List<String> MONITOR_OUTCOMES = List.of("success", "failure");
    /** {@code monitor.bound}: a duration or a number of messages. */
    public static final Pattern BOUND_MESSAGES = Pattern.compile("(\\d{1,12})\\s*messages?");

    /** "a, b or c" for messages. */
    static String oneOf(List<String> values) {
        List<String> v = new ArrayList<>(values);
        if (v.size() < 2) return String.join("", v);
        String last = v.remove(v.size() - 1);
        return String.join(", ", v) + " or " + last;
    }

    /** Regex metacharacters: a text without any is a valid regular expression (of itself). */
    private static final String REGEX_META = "\\^$.|?*+()[]{}";

    /**
     * Whether {@code regex} is a valid regular expression (ready.log, message fields, framing). A
     * text without metacharacters is one without being compiled: run blocks' log patterns mostly are
     * plain words, and compiling each was a tenth of reading a run block.
     */
    public static boolean isRegex(String regex) {
        boolean plain = true;
        for (int i = 0; i < regex.length() && plain; i++) plain = REGEX_META.indexOf(regex.charAt(i)) < 0;
        if (plain) return true;
        try {
            Pattern.compile(regex);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
