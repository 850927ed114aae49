package dev.falsify.model.plan.run;

import dev.falsify.model.plan.run.RunVocabulary.ConditionKey;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The message-level part of a run block — {@code messages}, {@code filters}, {@code monitor} — read and
 * checked against each other: condition keys a tap does not know, a filter naming a link that has no
 * {@code messages} framing, a state no transition can reach, a monitor with no terminal state. These are
 * run-block errors (lint P017), so {@code falsify run} refuses such a block as it refuses an unknown proxy.
 */
final class MessageBlockReader {
    private final RunSpecParser p;
    private final Set<String> proxyNames;
    private final Set<String> serviceNames;
    /** proxies with a {@code messages} entry */
    private final Set<String> tapped = new LinkedHashSet<>();
    /** field names the taps declare, besides type/src/dst */
    private final Set<String> tapFields = new LinkedHashSet<>(RunVocabulary.STANDARD_MESSAGE_FIELDS);
    private RunSpec.Monitor monitor;
    private final Set<String> monitorStates = new LinkedHashSet<>();
    /** {@code state:} values written in conditions, checked once the monitor is known */
    private final List<Map.Entry<Node, String>> stateRefs = new ArrayList<>();
    /** {@code "$var"} values written in conditions, checked once the monitor's binds are known */
    private final List<Map.Entry<Node, String>> variableRefs = new ArrayList<>();
    /** monitor variables some transition binds */
    private final Set<String> boundVariables = new LinkedHashSet<>();

    private static final Set<String> FILTER_FIELDS = Set.of("name", "if", "then");

    MessageBlockReader(RunSpecParser parser, Set<String> proxyNames, Set<String> serviceNames) {
        this.p = parser;
        this.proxyNames = proxyNames;
        this.serviceNames = serviceNames;
    }

    List<RunSpec.MessageTap> taps(Node n) {
        List<RunSpec.MessageTap> out = new ArrayList<>();
        for (Map.Entry<String, MappingNode> e : p.items(n, "messages").entrySet()) {
            String path = e.getKey();
            Map<String, Node> f = p.fields(e.getValue(), path, RunVocabulary.TAP_FIELDS);
            String proxy = p.required(f, "proxy", path, e.getValue());
            if (proxy != null && !proxyNames.contains(proxy)) {
                p.error(f.get("proxy"), path + ".proxy", "messages names unknown proxy '" + proxy + "'"
                        + RunSpecParser.declared(proxyNames, "proxies"));
            }
            if (proxy != null && !tapped.add(proxy)) {
                p.error(f.get("proxy"), path + ".proxy", "proxy '" + proxy + "' has two messages entries");
            }
            String framing = p.str(f.get("framing"), path + ".framing");
            if (framing != null && !RunVocabulary.FRAMING.matcher(framing).matches()) {
                p.error(f.get("framing"), path + ".framing", "framing '" + framing + "' must be "
                        + RunVocabulary.oneOf(RunVocabulary.FRAMINGS));
            } else if (framing != null && framing.startsWith("regex:") && !RunVocabulary.isRegex(framing.substring(6))) {
                p.error(f.get("framing"), path + ".framing", "framing '" + framing + "' is not a valid regular expression");
            } else if (framing != null && framing.startsWith("regex:") && Pattern.compile(framing.substring(6)).matcher("").matches()) {
                // an empty match frames nothing: every byte it matches empty at would pass on unframed
                p.error(f.get("framing"), path + ".framing", "framing '" + framing + "' matches the empty string; a message "
                        + "must be at least one byte (regex:[^;]+; rather than regex:[^;]*)");
            }
            Map<String, String> fields = p.stringMap(f.get("fields"), path + ".fields");
            for (Map.Entry<String, String> fe : fields.entrySet()) {
                String v = fe.getValue().strip();
                if (v.startsWith("$") ? !RunVocabulary.JSON_PATH.matcher(v).matches() : !RunVocabulary.isRegex(v)) {
                    p.error(f.get("fields"), path + ".fields." + fe.getKey(), "field " + fe.getKey() + " '" + v + "' is "
                            + (v.startsWith("$") ? "not a JSON path ($.name, $.a.b, $.list[0])" : "not a valid regular expression"));
                }
                if (ConditionKey.of(fe.getKey()).isPresent() && !RunVocabulary.STANDARD_MESSAGE_FIELDS.contains(fe.getKey())) {
                    p.error(f.get("fields"), path + ".fields." + fe.getKey(), "field name '" + fe.getKey()
                            + "' is a condition keyword; call it something else");
                }
                tapFields.add(fe.getKey());
            }
            String client = null;
            String upstream = null;
            Node nodes = f.get("nodes");
            if (nodes != null) {
                MappingNode nm = p.mapping(nodes, path + ".nodes");
                if (nm != null) {
                    Map<String, Node> nf = p.fields(nm, path + ".nodes", RunVocabulary.TAP_NODES);
                    client = p.str(nf.get("client"), path + ".nodes.client");
                    upstream = p.str(nf.get("upstream"), path + ".nodes.upstream");
                }
            }
            String base = proxy == null ? "link" : proxy;
            out.add(new RunSpec.MessageTap(proxy, framing == null ? "newline" : framing, fields,
                    client == null ? base + "-client" : client.strip(), upstream == null ? base + "-upstream" : upstream.strip(),
                    p.span(e.getValue())));
        }
        return out;
    }

    List<RunSpec.MessageFilter> filters(Node n) {
        List<RunSpec.MessageFilter> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int index = 0;
        for (Map.Entry<String, MappingNode> e : p.items(n, "filters").entrySet()) {
            String path = e.getKey();
            index++;
            Map<String, Node> f = p.fields(e.getValue(), path, FILTER_FIELDS);
            String name = p.str(f.get("name"), path + ".name");
            name = name == null || name.isBlank() ? "filter-" + index : name.strip();
            if (!names.add(name)) p.error(f.get("name"), path + ".name", "filter '" + name + "' is declared twice");
            if (tapped.isEmpty()) {
                p.error(e.getValue(), path, "filter '" + name + "' acts on messages, but no link has a messages entry "
                        + "(messages: - { proxy: …, framing: newline })");
            }
            RunSpec.Condition when = condition(f.get("if"), path + ".if", false, e.getValue());
            Node then = f.get("then");
            String action = null;
            Node argument = null;
            if (then == null) {
                p.error(e.getValue(), path + ".then", "filter '" + name + "' has no 'then' action");
            } else if (then instanceof MappingNode tm && tm.getValue().size() == 1) {
                NodeTuple t = tm.getValue().get(0);
                action = RunSpecParser.scalar(t.getKeyNode());
                argument = t.getValueNode();
            } else {
                action = p.str(then, path + ".then");
            }
            Duration delay = null;
            RunSpec.Condition until = null;
            if (action != null && !RunVocabulary.FILTER_ACTIONS.contains(action)) {
                p.error(then, path + ".then", "unknown filter action '" + action + "' (expected "
                        + RunVocabulary.oneOf(RunVocabulary.FILTER_ACTIONS) + ")");
            } else if ("delay".equals(action)) {
                String v = argument == null ? null : p.str(argument, path + ".then.delay");
                delay = v == null ? null : Durations.parse(v);
                if (delay == null) p.error(then, path + ".then", "delay needs a duration (then: { delay: 200ms })");
            } else if ("hold-until".equals(action)) {
                if (argument instanceof ScalarNode sn && Durations.parse(sn.getValue()) != null) {
                    until = new RunSpec.Condition(Map.of(ConditionKey.AFTER.id(), sn.getValue()), p.span(sn));
                } else if (argument instanceof MappingNode) {
                    until = condition(argument, path + ".then.hold-until", true, then);
                } else {
                    p.error(then, path + ".then", "hold-until needs a release condition (then: { hold-until: { state: replicated } }) or a time (hold-until: 2s)");
                }
            } else if (action != null && argument != null) {
                p.error(then, path + ".then", "filter action " + action + " takes no argument");
            }
            out.add(new RunSpec.MessageFilter(name, when, action, delay, until, p.span(e.getValue())));
        }
        return out;
    }

    RunSpec.Monitor monitor(Node n) {
        if (n == null) return null;
        MappingNode m = p.mapping(n, "monitor");
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, "monitor", RunVocabulary.MONITOR_FIELDS);
        String start = p.required(f, "start", "monitor", m);
        List<String> success = names(f.get("success"), "monitor.success");
        List<String> failure = names(f.get("failure"), "monitor.failure");
        List<RunSpec.Transition> transitions = new ArrayList<>();
        Map<RunSpec.Transition, Node> nodes = new HashMap<>();
        for (Map.Entry<String, MappingNode> e : p.items(f.get("transitions"), "monitor.transitions").entrySet()) {
            Map<String, Node> t = p.fields(e.getValue(), e.getKey(), RunVocabulary.TRANSITION_FIELDS);
            String from = p.required(t, "from", e.getKey(), e.getValue());
            String to = p.required(t, "to", e.getKey(), e.getValue());
            RunSpec.Condition on = condition(t.get("on"), e.getKey() + ".on", true, e.getValue());
            if (t.get("on") == null) p.error(e.getValue(), e.getKey() + ".on", e.getKey() + " has no 'on' condition");
            Map<String, String> bind = bind(t.get("bind"), e.getKey() + ".bind", on);
            RunSpec.Transition tr = new RunSpec.Transition(from == null ? "" : from.strip(), on, to == null ? "" : to.strip(),
                    bind, p.span(e.getValue()));
            transitions.add(tr);
            nodes.put(tr, e.getValue());
        }
        Duration bound = null;
        Long boundMessages = null;
        String b = p.str(f.get("bound"), "monitor.bound");
        if (b != null) {
            Matcher bm = RunVocabulary.BOUND_MESSAGES.matcher(b.strip());
            if (bm.matches()) boundMessages = Long.parseLong(bm.group(1));
            else bound = Durations.parse(b);
            if (bound == null && boundMessages == null) {
                p.error(f.get("bound"), "monitor.bound", "monitor.bound '" + b + "' must be a duration (30s) or a number of messages (500 messages)");
            }
        }
        String def = p.str(f.get("default"), "monitor.default");
        if (def != null && !RunVocabulary.MONITOR_OUTCOMES.contains(def.strip())) {
            p.error(f.get("default"), "monitor.default", "monitor default must be success or failure");
        }
        if (b != null && def == null) {
            p.error(f.get("bound"), "monitor.bound", "monitor.bound needs a default (success or failure) that decides once it is reached");
        }
        monitor = new RunSpec.Monitor(start == null ? "" : start.strip(), transitions, bound, boundMessages,
                def == null ? null : def.strip(), success, failure, p.span(m));
        checkStructure(monitor, m, nodes);
        return monitor;
    }

    /** A state no transition reaches, a monitor that can never end, a transition out of a terminal state. */
    private void checkStructure(RunSpec.Monitor mon, MappingNode m, Map<RunSpec.Transition, Node> nodes) {
        if (mon.start().isEmpty()) return;
        monitorStates.add(mon.start());
        for (RunSpec.Transition t : mon.transitions()) {
            if (!t.from().equals("*")) monitorStates.add(t.from());
            monitorStates.add(t.to());
        }
        monitorStates.addAll(mon.success());
        monitorStates.addAll(mon.failure());
        Set<String> reached = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(mon.start()));
        while (!todo.isEmpty()) {
            String s = todo.poll();
            if (!reached.add(s) || mon.isTerminal(s)) continue;
            for (RunSpec.Transition t : mon.transitions()) {
                if (t.from().equals(s) || t.from().equals("*")) todo.add(t.to());
            }
        }
        if (reached.stream().noneMatch(mon::isTerminal)) {
            p.error(m, "monitor", "monitor has no terminal state: no transition from '" + mon.start()
                    + "' leads to success or failure" + (mon.success().isEmpty() && mon.failure().isEmpty() ? ""
                    : " (or to " + String.join(", ", concat(mon.success(), mon.failure())) + ")"));
        }
        for (RunSpec.Transition t : mon.transitions()) {
            if (!t.from().equals("*") && !t.from().isEmpty() && !reached.contains(t.from())) {
                p.error(nodes.get(t), "monitor.transitions", "monitor state '" + t.from() + "' is unreachable: no transition from '"
                        + mon.start() + "' leads to it");
            } else if (mon.isTerminal(t.from())) {
                p.error(nodes.get(t), "monitor.transitions", "monitor state '" + t.from() + "' is terminal: nothing leaves it");
            }
        }
    }

    /**
     * A transition's {@code bind}: monitor variable → a field of the message that took it. Only a message can
     * bind (a log line or a moment has no fields), and only fields a condition can compare.
     */
    private Map<String, String> bind(Node n, String path, RunSpec.Condition on) {
        Map<String, String> out = p.stringMap(n, path);
        if (out.isEmpty()) return out;
        boolean message = on.match().keySet().stream().anyMatch(k -> ConditionKey.of(k)
                .map(c -> c.scope() == ConditionKey.Scope.MESSAGE).orElse(true));
        if (!message) {
            p.error(n, path, "bind takes fields of a message, but this transition's 'on' matches no message"
                    + " (give it a link, type, src, dst or tap field)");
        }
        for (Map.Entry<String, String> b : out.entrySet()) {
            String field = b.getValue().strip();
            if (!RunVocabulary.VARIABLE_NAME.matcher(b.getKey()).matches()) {
                p.error(n, path + "." + b.getKey(), "monitor variable '" + b.getKey() + "' must be a name (letters, digits, _)");
            }
            if (!RunVocabulary.VARIABLE_KEYS.contains(field) && !tapFields.contains(field)) {
                p.error(n, path + "." + b.getKey(), "bind " + b.getKey() + ": '" + field + "' is not a message field (expected "
                        + RunVocabulary.oneOf(concat(RunVocabulary.VARIABLE_KEYS, tapFields.stream()
                        .filter(f -> !RunVocabulary.VARIABLE_KEYS.contains(f)).toList())) + ")");
            }
            boundVariables.add(b.getKey());
        }
        return out;
    }

    /** {@code state:} in filters and conditions must name a monitor state; {@code "$var"} a variable some transition binds. */
    void checkStates() {
        for (Map.Entry<Node, String> ref : variableRefs) {
            if (!boundVariables.contains(ref.getValue())) {
                p.error(ref.getKey(), "bind", "condition compares with monitor variable '$" + ref.getValue() + "', which no "
                        + (monitor == null ? "monitor (the run block has none)" : "transition binds (bind: { "
                        + ref.getValue() + ": <field> })"));
            }
        }
        for (Map.Entry<Node, String> ref : stateRefs) {
            if (monitor == null) {
                p.error(ref.getKey(), "state", "condition names monitor state '" + ref.getValue() + "' but the run block has no monitor");
                continue;
            }
            for (String s : ref.getValue().split("\\|")) {
                if (!monitorStates.contains(s.strip())) {
                    p.error(ref.getKey(), "state", "condition names unknown monitor state '" + s.strip() + "' (states: "
                            + String.join(", ", monitorStates) + ")");
                }
            }
        }
    }

    /**
     * Reads one condition. Keys are the {@link ConditionKey}s and the taps' field names; log keys only where a
     * log line can be waited for (monitor transitions, hold-until), never in a filter, which acts on a message.
     */
    private RunSpec.Condition condition(Node n, String path, boolean logAllowed, Node owner) {
        Map<String, String> match = new LinkedHashMap<>();
        if (n == null) return new RunSpec.Condition(match, p.span(owner));
        MappingNode m = p.mapping(n, path);
        if (m == null) return new RunSpec.Condition(match, p.span(n));
        boolean messageKey = false;
        boolean logKey = false;
        for (NodeTuple t : m.getValue()) {
            String key = RunSpecParser.scalar(t.getKeyNode());
            String v = p.str(t.getValueNode(), path + "." + key);
            if (key == null || v == null) continue;
            String kp = path + "." + key;
            ConditionKey k = ConditionKey.of(key).orElse(null);
            if (k == null && !tapFields.contains(key)) {
                p.error(t.getKeyNode(), kp, "unknown condition field '" + key + "' (expected " + RunVocabulary.oneOf(
                        concat(ConditionKey.ids(), List.copyOf(tapFields))) + ")");
                continue;
            }
            match.put(key, v.strip());
            Matcher ref = RunVocabulary.VARIABLE_REF.matcher(v.strip());
            if (ref.matches()) {
                if (k != null && !RunVocabulary.VARIABLE_KEYS.contains(key)) {
                    p.error(t.getValueNode(), kp, key + " cannot compare with a monitor variable ('" + v.strip()
                            + "'); variables compare with " + RunVocabulary.oneOf(RunVocabulary.VARIABLE_KEYS) + " or a tap field");
                    continue;
                }
                variableRefs.add(Map.entry(t.getValueNode(), ref.group(1)));
                messageKey = true;
                continue;
            }
            if (k == null || k.scope() == ConditionKey.Scope.MESSAGE) messageKey = true;
            if (k != null && k.scope() == ConditionKey.Scope.LOG) logKey = true;
            if (k == null) continue;
            String value = v.strip();
            switch (k) {
                case LINK -> {
                    for (String l : value.split("\\|")) {
                        String link = l.strip();
                        if (!link.contains("*") && !tapped.contains(link)) {
                            p.error(t.getValueNode(), kp, "condition names link '" + link + "', which has no messages framing"
                                    + (proxyNames.contains(link) ? " (add messages: - { proxy: " + link + ", framing: … })"
                                    : RunSpecParser.declared(tapped, "messages entries")));
                        }
                    }
                }
                case EVENT -> {
                    for (String ev : value.split("\\|")) {
                        if (RunVocabulary.MessageEventKind.of(ev).filter(RunVocabulary.MessageEventKind::ofMessage).isEmpty()) {
                            p.error(t.getValueNode(), kp, "event '" + ev.strip() + "' must be "
                                    + RunVocabulary.oneOf(RunVocabulary.MessageEventKind.messageIds()));
                        }
                    }
                }
                case COUNT -> {
                    if (!RunVocabulary.COUNT.matcher(value).matches()) {
                        p.error(t.getValueNode(), kp, "count '" + value + "' must be a number or a comparison (3, <=3, >2)");
                    }
                }
                case AFTER, BEFORE -> {
                    if (Durations.parse(value) == null) p.error(t.getValueNode(), kp, key + " '" + value + "' is not a duration (e.g. 2s)");
                }
                case PAYLOAD, LOG -> {
                    if (!RunVocabulary.isRegex(value)) p.error(t.getValueNode(), kp, key + " '" + value + "' is not a valid regular expression");
                }
                case SERVICE -> {
                    if (!serviceNames.contains(value)) {
                        p.error(t.getValueNode(), kp, "condition names unknown service '" + value + "'"
                                + RunSpecParser.declared(serviceNames, "services"));
                    }
                }
                case STATE -> stateRefs.add(Map.entry(t.getValueNode(), value));
                default -> {
                }
            }
        }
        if (logKey && !logAllowed) {
            p.error(m, path, "a filter acts on messages; log and service belong in monitor transitions and hold-until");
        } else if (logKey && messageKey) {
            p.error(m, path, "a condition matches either a message or a log line, not both");
        }
        return new RunSpec.Condition(match, p.span(m));
    }

    private List<String> names(Node n, String path) {
        List<String> out = new ArrayList<>();
        if (n == null) return out;
        List<Node> items = n instanceof SequenceNode s ? s.getValue() : List.of(n);
        for (int i = 0; i < items.size(); i++) {
            String v = p.str(items.get(i), path + "[" + i + "]");
            if (v != null && !v.isBlank()) out.add(v.strip());
        }
        return out;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

}
