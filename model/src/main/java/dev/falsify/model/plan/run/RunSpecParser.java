package dev.falsify.model.plan.run;

import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.CheckerName;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads a {@code run} block's YAML into a {@link RunSpec} and validates it: unknown fields,
 * references to undeclared proxies and services, unknown checkers, bad durations, and proxies
 * that would listen on anything but loopback. Never throws; every problem is a
 * {@link RunSpecError} with a position mapped through {@link Positions}.
 */
public final class RunSpecParser {

    /** Maps a 0-based (line, column) in the YAML text to a span in the enclosing document. */
    @FunctionalInterface
    public interface Positions {
        Span at(int line, int column);

        /** Positions in the YAML text itself. */
        Positions RELATIVE = (line, column) -> new Span(line + 1, column + 1, line + 1, column + 1, 0, 0);
    }

    static final Set<String> TOP = Set.of("cwd", "timeout", "seeds", "setup", "services", "proxies", "workload",
            "faults", "history", "checkers", "final_state", "teardown", "messages", "filters", "monitor", "nodes");
    // the fields of each part, built once (a Set.of per call was a tenth of the allocation of reading a block)
    private static final Set<String> SERVICE_FIELDS = Set.of("name", "cmd", "ready", "env", "cwd", "node");
    private static final Set<String> READY_FIELDS = Set.of("tcp", "log", "cmd", "timeout");
    private static final Set<String> PROXY_FIELDS = Set.of("name", "listen", "upstream");
    private static final Set<String> WORKLOAD_FIELDS = Set.of("cmd", "env", "cwd", "timeout");
    private static final Set<String> FAULT_FIELDS = Set.of("name", "at", "for", "proxy", "toxic", "process", "clock", "storage",
            "inject", "heal", "landing", "partition", "net");
    private static final Set<String> PROXY_FAULT_FIELDS = Set.of("name", "kind", "params", "connections");
    private static final Set<String> PROCESS_FAULT_FIELDS = Set.of("service", "signal", "restart");
    private static final Set<String> LANDING_FIELDS = Set.of("probe", "expect");
    private static final Set<String> HISTORY_FIELDS = Set.of("path", "format", "model");
    private static final Set<String> FINAL_STATE_FIELDS = Set.of("cmd", "format");
    // the closed vocabularies (kinds, params, signals, formats, …) live in RunVocabulary, shared with the runner
    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9a-fA-F:]+]|[A-Za-z0-9._-]+|"
            + ClusterVocabulary.NODE_PLACEHOLDER.pattern() + "):(\\d{1,5}|\\{[a-z_]+}|"
            + RunVocabulary.PORT_PLACEHOLDER.pattern() + ")");

    /**
     * Tags every plain scalar {@code str}: a run block is read by node values only (a tag is never
     * looked at), so the implicit resolvers' regular expressions (bool, int, float, timestamp, …),
     * run on every scalar, were an eighth of the YAML time of a plan with 1,900 run blocks, for nothing.
     * Only read once built, so one serves every parse, on any thread.
     */
    static final Resolver RESOLVER = new Resolver() {
        @Override
        protected void addImplicitResolvers() {
        }
    };

    /**
     * The composed YAML of the last run blocks read, by their text: {@link RunBlockYaml}'s, or
     * SnakeYAML's for a text it declines. Plans repeat blocks word for word (one copied per arm or per scenario);
     * a node tree depends on the text only (its marks are YAML-relative; the document positions are
     * mapped afterwards) and is only read once built, so a repeated block is composed once. A block
     * that is not YAML fails again with the same exception. Small and bounded: recent texts only.
     */
    static final class Composed {
        static final int CAPACITY = 64;
        private static final Map<String, Object> RECENT = new LinkedHashMap<>(CAPACITY * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
                return size() > CAPACITY;
            }
        };

        private Composed() {
        }

        /** The root node of {@code yaml} (null when empty), or the exception composing it throws. */
        static Node of(String yaml) {
            Object known;
            synchronized (RECENT) {
                known = RECENT.get(yaml);
            }
            if (known == null) {
                try {
                    known = compose(yaml);
                } catch (RuntimeException e) {
                    known = e;
                }
                synchronized (RECENT) {
                    RECENT.put(yaml, known);
                }
            }
            if (known instanceof RuntimeException e) throw e;
            return known == EMPTY ? null : (Node) known;
        }

        private static final Object EMPTY = new Object();

        /** Forgets every text (tests compare a composed-once block with a freshly composed one). */
        static void clear() {
            synchronized (RECENT) {
                RECENT.clear();
            }
        }

        private static Object compose(String yaml) {
            Node fast = RunBlockYaml.read(yaml);
            if (fast != null) return fast;
            Node root = snakeYaml(yaml);
            return root == null ? EMPTY : root;
        }

        /** SnakeYAML's node tree of {@code yaml} (null when it holds no node): every text {@link RunBlockYaml} declines. */
        static Node snakeYaml(String yaml) {
            LoaderOptions opts = new LoaderOptions();
            opts.setAllowDuplicateKeys(false);
            opts.setMaxAliasesForCollections(20);
            opts.setCodePointLimit(1_000_000);
            // what Yaml.compose does, without building a Yaml per block: its constructor and representer
            // tables were a tenth of the YAML time of a plan with 1,900 run blocks
            return new Composer(new ParserImpl(new StreamReader(new StringReader(yaml)), opts), RESOLVER, opts).getSingleNode();
        }
    }

    private final Positions positions;
    private final List<RunSpecError> errors = new ArrayList<>();
    private ClusterBlockReader cluster;

    private RunSpecParser(Positions positions) {
        this.positions = positions;
    }

    /** Parses standalone YAML; error spans carry YAML-relative lines and columns (offsets 0). */
    public static RunSpecResult parse(String yaml) {
        return parse(yaml, Positions.RELATIVE);
    }

    public static RunSpecResult parse(String yaml, Positions positions) {
        RunSpecParser p = new RunSpecParser(positions);
        RunSpec spec;
        try {
            spec = p.read(yaml);
        } catch (RuntimeException | StackOverflowError e) {
            p.errors.add(new RunSpecError("", "run block could not be read: " + e.getClass().getSimpleName(), positions.at(0, 0)));
            spec = null;
        }
        return new RunSpecResult(spec, p.errors);
    }

    private RunSpec read(String yaml) {
        Node root;
        try {
            root = Composed.of(yaml);
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
            errors.add(new RunSpecError("", "run block is not valid YAML: " + oneLine(problem),
                    m == null ? positions.at(0, 0) : positions.at(m.getLine(), m.getColumn())));
            return null;
        } catch (RuntimeException e) {
            errors.add(new RunSpecError("", "run block is not valid YAML: " + oneLine(String.valueOf(e.getMessage())), positions.at(0, 0)));
            return null;
        }
        if (root == null) {
            errors.add(new RunSpecError("", "run block is empty", positions.at(0, 0)));
            return null;
        }
        if (!(root instanceof MappingNode map)) {
            error(root, "", "run block must be a mapping of fields (cwd, services, workload, …)");
            return null;
        }
        Map<String, Node> top = fields(map, "", TOP);
        cluster = ClusterBlockReader.read(this, top.get("nodes"));
        String cwd = str(top.get("cwd"), "cwd");
        Duration timeout = duration(top.get("timeout"), "timeout");
        List<Long> seeds = seeds(top.get("seeds"));
        List<String> setup = commands(top.get("setup"), "setup");
        List<RunSpec.Service> services = services(top.get("services"));
        List<RunSpec.Proxy> proxies = proxies(top.get("proxies"));
        RunSpec.Workload workload = workload(top.get("workload"));
        Set<String> serviceNames = new HashSet<>();
        services.forEach(s -> serviceNames.add(s.name()));
        Set<String> proxyNames = new HashSet<>();
        proxies.forEach(p -> proxyNames.add(p.name()));
        List<RunSpec.Fault> faults = faults(top.get("faults"), proxyNames, serviceNames);
        RunSpec.HistoryFile history = history(top.get("history"));
        List<String> checkers = checkers(top.get("checkers"));
        RunSpec.FinalState finalState = finalState(top.get("final_state"));
        List<String> teardown = commands(top.get("teardown"), "teardown");
        MessageBlockReader mb = new MessageBlockReader(this, proxyNames, serviceNames);
        List<RunSpec.MessageTap> messages = mb.taps(top.get("messages"));
        RunSpec.Monitor monitor = mb.monitor(top.get("monitor"));
        List<RunSpec.MessageFilter> filters = mb.filters(top.get("filters"));
        mb.checkStates();
        if (workload == null && services.isEmpty()) {
            error(root, "workload", "run block has no workload (workload: { cmd: … })");
        }
        return new RunSpec(cwd == null ? "." : cwd, timeout, seeds, setup, services, proxies, workload, faults, history,
                checkers, finalState, teardown, messages, filters, monitor, cluster.nodes());
    }

    // ---- sections ----

    private List<Long> seeds(Node n) {
        List<Long> out = new ArrayList<>();
        if (n == null) return out;
        List<Node> items = n instanceof SequenceNode s ? s.getValue() : List.of(n);
        for (int i = 0; i < items.size(); i++) {
            String v = str(items.get(i), "seeds[" + i + "]");
            if (v == null) continue;
            try {
                out.add(Long.parseLong(v.strip()));
            } catch (NumberFormatException e) {
                error(items.get(i), "seeds[" + i + "]", "seed '" + v + "' is not an integer");
            }
        }
        return out;
    }

    private List<RunSpec.Service> services(Node n) {
        List<RunSpec.Service> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, MappingNode> e : items(n, "services").entrySet()) {
            String path = e.getKey();
            Map<String, Node> f = fields(e.getValue(), path, SERVICE_FIELDS);
            String name = required(f, "name", path, e.getValue());
            String cmd = required(f, "cmd", path, e.getValue());
            if (name != null && !seen.add(name)) error(f.get("name"), path + ".name", "service '" + name + "' is declared twice");
            String node = cluster.serviceNode(f.get("node"), path + ".node");
            cluster.placeholders(f.get("cmd"), path + ".cmd", cmd);
            out.add(new RunSpec.Service(name, cmd, ready(f.get("ready"), path + ".ready"), stringMap(f.get("env"), path + ".env"),
                    str(f.get("cwd"), path + ".cwd"), span(e.getValue()), node));
        }
        return out;
    }

    private RunSpec.Ready ready(Node n, String path) {
        if (n == null) return null;
        MappingNode m = mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = fields(m, path, READY_FIELDS);
        String tcp = str(f.get("tcp"), path + ".tcp");
        String log = str(f.get("log"), path + ".log");
        String cmd = str(f.get("cmd"), path + ".cmd");
        int kinds = (tcp != null ? 1 : 0) + (log != null ? 1 : 0) + (cmd != null ? 1 : 0);
        if (kinds != 1) error(n, path, "ready needs exactly one of tcp, log or cmd");
        if (tcp != null && !HOST_PORT.matcher(tcp.strip()).matches()) {
            error(f.get("tcp"), path + ".tcp", "ready.tcp '" + tcp + "' is not host:port");
        }
        if (log != null) {
            if (!RunVocabulary.isRegex(log)) {
                error(f.get("log"), path + ".log", "ready.log '" + log + "' is not a valid regular expression");
            }
        }
        return new RunSpec.Ready(tcp, log, cmd, duration(f.get("timeout"), path + ".timeout"));
    }

    private List<RunSpec.Proxy> proxies(Node n) {
        List<RunSpec.Proxy> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, MappingNode> e : items(n, "proxies").entrySet()) {
            String path = e.getKey();
            Map<String, Node> f = fields(e.getValue(), path, PROXY_FIELDS);
            String name = required(f, "name", path, e.getValue());
            String listen = required(f, "listen", path, e.getValue());
            String upstream = required(f, "upstream", path, e.getValue());
            if (name != null && !seen.add(name)) error(f.get("name"), path + ".name", "proxy '" + name + "' is declared twice");
            if (listen != null) {
                if (!HOST_PORT.matcher(listen.strip()).matches()) {
                    error(f.get("listen"), path + ".listen", "proxy listen address '" + listen + "' is not host:port");
                } else if (!isLoopback(listen.strip())) {
                    error(f.get("listen"), path + ".listen", "proxy '" + name + "' must listen on loopback (127.0.0.1), not '" + listen + "'");
                }
            }
            if (upstream != null && !HOST_PORT.matcher(upstream.strip()).matches()) {
                error(f.get("upstream"), path + ".upstream", "proxy upstream '" + upstream + "' is not host:port");
            }
            out.add(new RunSpec.Proxy(name, listen, upstream, span(e.getValue())));
        }
        return out;
    }

    private RunSpec.Workload workload(Node n) {
        if (n == null) return null;
        MappingNode m = mapping(n, "workload");
        if (m == null) return null;
        Map<String, Node> f = fields(m, "workload", WORKLOAD_FIELDS);
        String cmd = required(f, "cmd", "workload", m);
        cluster.placeholders(f.get("cmd"), "workload.cmd", cmd);
        return new RunSpec.Workload(cmd, stringMap(f.get("env"), "workload.env"), str(f.get("cwd"), "workload.cwd"),
                duration(f.get("timeout"), "workload.timeout"), span(m));
    }

    private List<RunSpec.Fault> faults(Node n, Set<String> proxyNames, Set<String> serviceNames) {
        List<RunSpec.Fault> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int index = 0;
        for (Map.Entry<String, MappingNode> e : items(n, "faults").entrySet()) {
            String path = e.getKey();
            index++;
            Map<String, Node> f = fields(e.getValue(), path,
                    FAULT_FIELDS);
            String name = str(f.get("name"), path + ".name");
            if (name == null) name = "fault-" + index;
            if (!seen.add(name)) error(f.get("name"), path + ".name", "fault '" + name + "' is declared twice");
            Duration at = duration(f.get("at"), path + ".at");
            if (f.get("at") == null) error(e.getValue(), path + ".at", "fault '" + name + "' has no 'at' (offset from workload start)");
            Duration dur = duration(f.get("for"), path + ".for");
            int kinds = (f.containsKey("proxy") ? 1 : 0) + (f.containsKey("toxic") ? 1 : 0) + (f.containsKey("process") ? 1 : 0)
                    + (f.containsKey("clock") ? 1 : 0) + (f.containsKey("storage") ? 1 : 0)
                    + (f.containsKey("inject") ? 1 : 0) + (f.containsKey("partition") ? 1 : 0) + (f.containsKey("net") ? 1 : 0);
            RunSpec.FaultAction action = null;
            if (kinds != 1) {
                error(e.getValue(), path, "fault '" + name
                        + "' needs exactly one of proxy, toxic, process, clock, storage, partition, net or inject");
            } else if (f.containsKey("partition")) {
                action = cluster.partition(f.get("partition"), path + ".partition");
            } else if (f.containsKey("net")) {
                action = cluster.net(f.get("net"), path + ".net");
            } else if (f.containsKey("proxy")) {
                action = proxyFault(f.get("proxy"), path + ".proxy", proxyNames);
            } else if (f.containsKey("toxic")) {
                action = ToxicFaultReader.read(this, f.get("toxic"), path + ".toxic", proxyNames);
            } else if (f.containsKey("process")) {
                action = processFault(f.get("process"), path + ".process", serviceNames);
            } else if (f.containsKey("clock")) {
                action = NodeFaultReader.clock(this, f.get("clock"), path + ".clock", serviceNames, dur);
            } else if (f.containsKey("storage")) {
                action = NodeFaultReader.storage(this, f.get("storage"), path + ".storage", serviceNames, dur);
            } else {
                String inject = str(f.get("inject"), path + ".inject");
                action = new RunSpec.CommandAction(inject, str(f.get("heal"), path + ".heal"));
            }
            if (f.containsKey("heal") && !f.containsKey("inject")) {
                error(f.get("heal"), path + ".heal", "'heal' belongs to an inject fault");
            }
            RunSpec.LandingRule landing = landing(f.get("landing"), path + ".landing");
            if (action instanceof RunSpec.CommandAction && (landing == null || landing.probe() == null)) {
                error(e.getValue(), path + ".landing", "inject fault '" + name + "' needs landing.probe: the runner cannot observe a command's effect by itself");
            }
            out.add(new RunSpec.Fault(name, at, dur, action, landing, span(e.getValue())));
        }
        return out;
    }

    private RunSpec.ProxyAction proxyFault(Node n, String path, Set<String> proxyNames) {
        MappingNode m = mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = fields(m, path, PROXY_FAULT_FIELDS);
        String name = required(f, "name", path, m);
        String kind = lower(required(f, "kind", path, m));
        if (name != null && !proxyNames.contains(name)) {
            error(f.get("name"), path + ".name", "fault names unknown proxy '" + name + "'" + declared(proxyNames, "proxies"));
        }
        RunVocabulary.ProxyKind known = RunVocabulary.ProxyKind.of(kind).orElse(null);
        if (kind != null && known == null) {
            error(f.get("kind"), path + ".kind", "unknown proxy fault kind '" + kind + "' (expected one of "
                    + String.join(", ", RunVocabulary.ProxyKind.ids()) + ")");
        }
        Map<String, String> params = new LinkedHashMap<>();
        Node pn = f.get("params");
        if (pn != null) {
            MappingNode pm = mapping(pn, path + ".params");
            if (pm != null) {
                for (NodeTuple t : pm.getValue()) {
                    String key = scalar(t.getKeyNode());
                    String p = path + ".params." + key;
                    String v = str(t.getValueNode(), p);
                    if (key == null || v == null) {
                        if (key == null) error(t.getKeyNode(), path + ".params", "field names must be plain words");
                        continue;
                    }
                    if (known == null) {
                        params.put(key, v);
                        continue;
                    }
                    RunVocabulary.Param param = known.param(key).orElse(null);
                    if (param == null) {
                        error(t.getKeyNode(), p, "proxy fault kind " + known.id() + " takes no parameter '" + key + "' ("
                                + (known.params().isEmpty() ? "it takes none" : "it takes " + String.join(", ", known.paramNames()))
                                + ")" + (key.equals("probability") ? "; " + RunVocabulary.PROBABILITY_HINT : ""));
                    } else if (!param.type().accepts(v)) {
                        error(t.getValueNode(), p, key + " '" + v + "' must be " + param.type().expected());
                    } else {
                        params.put(key, v.strip());
                    }
                }
            }
        }
        String connections = str(f.get("connections"), path + ".connections");
        if (connections != null && !RunVocabulary.CONNECTIONS.matcher(connections.strip().toLowerCase(java.util.Locale.ROOT)).matches()) {
            error(f.get("connections"), path + ".connections", "connections '" + connections + "' must be "
                    + RunVocabulary.oneOf(RunVocabulary.CONNECTION_FORMS) + " (K, N >= 1; 0 <= P <= 1)");
        }
        return new RunSpec.ProxyAction(name, kind, params, connections == null ? "all" : connections.strip());
    }

    private RunSpec.ProcessAction processFault(Node n, String path, Set<String> serviceNames) {
        MappingNode m = mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = fields(m, path, PROCESS_FAULT_FIELDS);
        String service = required(f, "service", path, m);
        if (service != null && !serviceNames.contains(service)) {
            error(f.get("service"), path + ".service", "fault names unknown service '" + service + "'" + declared(serviceNames, "services"));
        }
        String signal = str(f.get("signal"), path + ".signal");
        if (signal == null) signal = "KILL";
        RunVocabulary.ProcessSignal known = RunVocabulary.ProcessSignal.of(signal).orElse(null);
        if (known == null) {
            error(f.get("signal"), path + ".signal", "unknown signal '" + signal + "' (expected "
                    + RunVocabulary.oneOf(RunVocabulary.ProcessSignal.ids()) + ")");
        }
        String restart = str(f.get("restart"), path + ".restart");
        if (restart != null && !restart.equals("true") && !restart.equals("false")) {
            error(f.get("restart"), path + ".restart", "restart must be true or false");
        }
        return new RunSpec.ProcessAction(service, known == null ? signal.strip().toUpperCase(java.util.Locale.ROOT) : known.id(),
                "true".equals(restart));
    }

    private RunSpec.LandingRule landing(Node n, String path) {
        if (n == null) return null;
        MappingNode m = mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = fields(m, path, LANDING_FIELDS);
        return new RunSpec.LandingRule(str(f.get("probe"), path + ".probe"), str(f.get("expect"), path + ".expect"));
    }

    private RunSpec.HistoryFile history(Node n) {
        if (n == null) return null;
        MappingNode m = mapping(n, "history");
        if (m == null) return null;
        Map<String, Node> f = fields(m, "history", HISTORY_FIELDS);
        String path = required(f, "path", "history", m);
        String format = lower(str(f.get("format"), "history.format"));
        if (format != null && !RunVocabulary.HISTORY_FORMATS.contains(format)) {
            error(f.get("format"), "history.format", "unknown history format '" + format
                    + "' (expected " + RunVocabulary.oneOf(RunVocabulary.HISTORY_FORMATS) + ")");
        }
        return new RunSpec.HistoryFile(path, format == null ? "jsonl" : format, str(f.get("model"), "history.model"));
    }

    private List<String> checkers(Node n) {
        List<String> out = new ArrayList<>();
        if (n == null) return out;
        List<Node> items = n instanceof SequenceNode s ? s.getValue() : List.of(n);
        for (int i = 0; i < items.size(); i++) {
            String c = str(items.get(i), "checkers[" + i + "]");
            if (c == null) continue;
            if (!CheckerName.isKnown(c)) {
                error(items.get(i), "checkers[" + i + "]", "unknown checker '" + c + "' (known: "
                        + String.join(", ", CheckerName.ids()) + ")");
            }
            // the canonical (lower-case) name: the runner looks checkers up by it
            out.add(CheckerName.isKnown(c) ? c.strip().toLowerCase(java.util.Locale.ROOT) : c.strip());
        }
        return out;
    }

    private RunSpec.FinalState finalState(Node n) {
        if (n == null) return null;
        MappingNode m = mapping(n, "final_state");
        if (m == null) return null;
        Map<String, Node> f = fields(m, "final_state", FINAL_STATE_FIELDS);
        String cmd = required(f, "cmd", "final_state", m);
        cluster.placeholders(f.get("cmd"), "final_state.cmd", cmd);
        return new RunSpec.FinalState(cmd, str(f.get("format"), "final_state.format"));
    }

    // ---- node helpers ----

    Map<String, Node> fields(MappingNode m, String path, Collection<String> allowed) {
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = scalar(t.getKeyNode());
            if (key == null) {
                error(t.getKeyNode(), path, "field names must be plain words");
            } else if (!allowed.contains(key)) {
                String p = path.isEmpty() ? key : path + "." + key;
                error(t.getKeyNode(), p, "unknown field '" + key + "'" + (path.isEmpty() ? "" : " in " + path)
                        + " (expected one of " + String.join(", ", sorted(allowed)) + ")");
            } else {
                out.put(key, t.getValueNode());
            }
        }
        return out;
    }

    /** Sequence of mappings, keyed by their path ({@code services[0]}). */
    Map<String, MappingNode> items(Node n, String path) {
        Map<String, MappingNode> out = new LinkedHashMap<>();
        if (n == null) return out;
        if (!(n instanceof SequenceNode seq)) {
            error(n, path, path + " must be a list");
            return out;
        }
        List<Node> v = seq.getValue();
        for (int i = 0; i < v.size(); i++) {
            String p = path + "[" + i + "]";
            if (v.get(i) instanceof MappingNode mn) out.put(p, mn);
            else error(v.get(i), p, p + " must be a mapping");
        }
        return out;
    }

    MappingNode mapping(Node n, String path) {
        if (n instanceof MappingNode m) return m;
        error(n, path, path + " must be a mapping");
        return null;
    }

    String required(Map<String, Node> f, String key, String path, Node owner) {
        Node n = f.get(key);
        if (n == null) {
            error(owner, path + "." + key, path + " has no '" + key + "'");
            return null;
        }
        String v = str(n, path + "." + key);
        if (v != null && v.isBlank()) {
            error(n, path + "." + key, path + "." + key + " is empty");
        }
        return v;
    }

    String str(Node n, String path) {
        if (n == null) return null;
        if (n instanceof ScalarNode s) return s.getValue();
        error(n, path, path + " must be a single value");
        return null;
    }

    static String scalar(Node n) {
        return n instanceof ScalarNode s ? s.getValue() : null;
    }

    private List<String> commands(Node n, String path) {
        List<String> out = new ArrayList<>();
        if (n == null) return out;
        if (n instanceof ScalarNode s) {
            out.add(s.getValue());
            return out;
        }
        if (n instanceof SequenceNode seq) {
            for (int i = 0; i < seq.getValue().size(); i++) {
                String c = str(seq.getValue().get(i), path + "[" + i + "]");
                if (c != null) out.add(c);
            }
            return out;
        }
        error(n, path, path + " must be a command or a list of commands");
        return out;
    }

    Map<String, String> stringMap(Node n, String path) {
        Map<String, String> out = new LinkedHashMap<>();
        if (n == null) return out;
        MappingNode m = mapping(n, path);
        if (m == null) return out;
        for (NodeTuple t : m.getValue()) {
            String k = scalar(t.getKeyNode());
            String v = str(t.getValueNode(), path + "." + k);
            if (k != null && v != null) out.put(k, v);
        }
        return out;
    }

    Duration duration(Node n, String path) {
        String v = str(n, path);
        if (v == null) return null;
        Duration d = Durations.parse(v);
        if (d == null) error(n, path, path + " '" + v + "' is not a duration (e.g. 200ms, 20s, 5m)");
        return d;
    }

    /** Enumerated values are matched case-insensitively ({@code kind: Partition}, {@code format: JSONL}). */
    private static String lower(String v) {
        return v == null ? null : v.strip().toLowerCase(java.util.Locale.ROOT);
    }

    private static boolean isLoopback(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        String host = hostPort.substring(0, colon);
        return host.startsWith("127.") || host.equals("localhost") || host.equals("[::1]");
    }

    static String declared(Set<String> names, String what) {
        return names.isEmpty() ? " (the run block declares no " + what + ")" : " (declared: " + String.join(", ", sorted(names)) + ")";
    }

    private static List<String> sorted(Collection<String> s) {
        return s.stream().sorted().toList();
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    Span span(Node n) {
        Mark m = n.getStartMark();
        return m == null ? positions.at(0, 0) : positions.at(m.getLine(), m.getColumn());
    }

    void error(Node n, String path, String message) {
        errors.add(new RunSpecError(path, message, n == null ? positions.at(0, 0) : span(n)));
    }
}
