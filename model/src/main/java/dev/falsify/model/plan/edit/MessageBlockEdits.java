package dev.falsify.model.plan.edit;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.run.Durations;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The message-level part of one scenario's run block — its {@code filters} and {@code monitor} — as rows a
 * form edits, and each row edit as a minimal {@link PlanPatch}: one filter or transition item is rewritten
 * (as a one-line flow mapping), inserted, removed or swapped with its neighbour, one monitor field's value
 * replaced; every other byte of the plan stays as written. Rows are read from the YAML nodes themselves
 * (with their positions), so a row written and read back is the same row ({@code flow(row)} re-parses to it).
 */
public final class MessageBlockEdits {
    /**
     * One filter as a table row.
     *
     * @param link       the {@code if.link} value (empty: any tapped link)
     * @param conditions the other {@code if} keys, {@code "type: REPL, seq: $s"}
     * @param action     deliver, drop, delay, duplicate, hold-until or observe
     * @param param      delay: a duration; hold-until: a release condition ({@code "link: c1, dst: client"}) or a duration
     */
    public record FilterRow(String name, String link, String conditions, String action, String param) {
    }

    /** One monitor transition as a row; {@code on} and {@code bind} in the {@code "k: v, k: v"} form. */
    public record TransitionRow(String from, String on, String to, String bind) {
    }

    /** A row with where its item is in the plan: offsets of the item's text, 1-based lines it spans. */
    public record Item<T>(T row, int startOffset, int endOffset, int startLine, int endLine) {
        public boolean coversLine(int line) {
            return line >= startLine && line <= endLine;
        }
    }

    /** The monitor's scalar fields (empty when absent) and its transitions. */
    public record Monitor(String start, String failure, String success, String bound, String defaultOutcome,
                          List<Item<TransitionRow>> transitions, int startLine, int endLine) {
    }

    /** Monitor fields {@link #setMonitorField} edits; lists are written {@code [a, b]}. */
    public static final List<String> MONITOR_SCALARS = List.of("start", "failure", "success", "bound", "default");

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-/]*");

    private final String text;
    private final int base;
    private final String yaml;
    private final MappingNode root;

    private MessageBlockEdits(String text, int base, String yaml, MappingNode root) {
        this.text = text;
        this.base = base;
        this.yaml = yaml;
        this.root = root;
    }

    /** The scenario's run block, when it has one that is a YAML mapping. */
    public static Optional<MessageBlockEdits> of(Plan plan, String scenarioId) {
        Optional<RunBlock> rb = plan.scenario(scenarioId).flatMap(s -> s.run());
        if (rb.isEmpty()) return Optional.empty();
        int start = rb.get().contentSpan().startOffset();
        int end = rb.get().contentSpan().endOffset();
        String yaml = plan.text().substring(start, end);
        Node n;
        try {
            LoaderOptions lo = new LoaderOptions();
            lo.setProcessComments(false);
            n = new Yaml(lo).compose(new StringReader(yaml));
        } catch (RuntimeException e) {
            return Optional.empty(); // not YAML: the text form and lint say why
        }
        if (n != null && !(n instanceof MappingNode)) return Optional.empty();
        return Optional.of(new MessageBlockEdits(plan.text(), start, yaml, (MappingNode) n));
    }

    // ------------------------------------------------------------------ reading

    public List<Item<FilterRow>> filters() {
        List<Item<FilterRow>> out = new ArrayList<>();
        if (!(value(root, "filters") instanceof SequenceNode seq)) return out;
        for (Node item : seq.getValue()) out.add(item(item, filterRow(item)));
        return out;
    }

    public Optional<Monitor> monitor() {
        if (!(value(root, "monitor") instanceof MappingNode m)) return Optional.empty();
        List<Item<TransitionRow>> ts = new ArrayList<>();
        if (value(m, "transitions") instanceof SequenceNode seq) {
            for (Node item : seq.getValue()) ts.add(item(item, transitionRow(item)));
        }
        return Optional.of(new Monitor(cell(value(m, "start")), cell(value(m, "failure")), cell(value(m, "success")),
                cell(value(m, "bound")), cell(value(m, "default")), ts, line(offset(m.getStartMark().getIndex())),
                line(end(m))));
    }

    private static FilterRow filterRow(Node item) {
        if (!(item instanceof MappingNode m)) return new FilterRow("", "", "", "", "");
        String link = "";
        Map<String, String> rest = new LinkedHashMap<>();
        if (value(m, "if") instanceof MappingNode c) {
            for (NodeTuple t : c.getValue()) {
                String k = scalar(t.getKeyNode());
                if ("link".equals(k)) link = cell(t.getValueNode());
                else rest.put(k, cell(t.getValueNode()));
            }
        }
        String action = "";
        String param = "";
        Node then = value(m, "then");
        if (then instanceof MappingNode tm && tm.getValue().size() == 1) {
            action = scalar(tm.getValue().get(0).getKeyNode());
            param = cell(tm.getValue().get(0).getValueNode());
        } else if (then != null) {
            action = cell(then);
        }
        return new FilterRow(cell(value(m, "name")), link, joined(rest), action, param);
    }

    private static TransitionRow transitionRow(Node item) {
        if (!(item instanceof MappingNode m)) return new TransitionRow("", "", "", "");
        return new TransitionRow(cell(value(m, "from")), cell(value(m, "on")), cell(value(m, "to")), cell(value(m, "bind")));
    }

    /** A node as a cell: a scalar's value, a mapping as {@code k: v, k: v}, a list as {@code a, b}. */
    private static String cell(Node n) {
        if (n == null) return "";
        if (n instanceof ScalarNode s) return s.getValue();
        if (n instanceof MappingNode m) {
            Map<String, String> kv = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) kv.put(scalar(t.getKeyNode()), cell(t.getValueNode()));
            return joined(kv);
        }
        if (n instanceof SequenceNode s) {
            List<String> v = new ArrayList<>();
            for (Node x : s.getValue()) v.add(cellValue(cell(x)));
            return String.join(", ", v);
        }
        return "";
    }

    private static String joined(Map<String, String> kv) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : kv.entrySet()) parts.add(e.getKey() + ": " + cellValue(e.getValue()));
        return String.join(", ", parts);
    }

    /** A value inside a {@code k: v, …} cell is quoted only when a comma or a quote would split it wrongly. */
    private static String cellValue(String v) {
        return v.contains(",") || v.startsWith("\"") || v.contains(": ") ? quote(v) : v;
    }

    // ------------------------------------------------------------------ writing rows

    /** The filter as one flow mapping, e.g. {@code { name: hold, if: { type: REPL, link: "p12|p13" }, then: { delay: 50ms } }}. */
    public static String flow(FilterRow r) throws PlanEditException {
        StringBuilder sb = new StringBuilder("{ ");
        if (!r.name().isBlank()) sb.append("name: ").append(yamlValue(r.name().strip())).append(", ");
        Map<String, String> cond = new LinkedHashMap<>();
        if (!r.link().isBlank()) cond.put("link", r.link().strip());
        cond.putAll(pairs(r.conditions(), "conditions"));
        sb.append("if: ").append(mapping(cond)).append(", then: ");
        String action = r.action().isBlank() ? "observe" : r.action().strip();
        String param = r.param().strip();
        switch (action) {
            case "delay" -> sb.append("{ delay: ").append(yamlValue(param)).append(" }");
            case "hold-until" -> sb.append("{ hold-until: ").append(Durations.parse(param) != null || param.isEmpty()
                    ? yamlValue(param) : mapping(pairs(param, "hold-until"))).append(" }");
            default -> {
                if (!param.isEmpty()) {
                    throw new PlanEditException("filter action " + action + " takes no parameter (got '" + param + "')");
                }
                sb.append(yamlValue(action));
            }
        }
        return sb.append(" }").toString();
    }

    /** The transition as one flow mapping: {@code { from: a, on: { type: X }, bind: { s: seq }, to: b }}. */
    public static String flow(TransitionRow r) throws PlanEditException {
        StringBuilder sb = new StringBuilder("{ from: ").append(yamlValue(r.from().strip()))
                .append(", on: ").append(mapping(pairs(r.on(), "on")));
        if (!r.bind().isBlank()) sb.append(", bind: ").append(mapping(pairs(r.bind(), "bind")));
        return sb.append(", to: ").append(yamlValue(r.to().strip())).append(" }").toString();
    }

    private static String mapping(Map<String, String> kv) {
        if (kv.isEmpty()) return "{}";
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : kv.entrySet()) parts.add(e.getKey() + ": " + yamlValue(e.getValue()));
        return "{ " + String.join(", ", parts) + " }";
    }

    /**
     * {@code "k: v, k2: \"a, b\""} → ordered pairs; braces around the whole are allowed. A part without
     * {@code ": "} is refused with the part named.
     */
    static Map<String, String> pairs(String cell, String what) throws PlanEditException {
        Map<String, String> out = new LinkedHashMap<>();
        String s = cell == null ? "" : cell.strip();
        if (s.startsWith("{") && s.endsWith("}")) s = s.substring(1, s.length() - 1).strip();
        if (s.isEmpty()) return out;
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' && (i == 0 || s.charAt(i - 1) != '\\')) quoted = !quoted;
            if (c == ',' && !quoted) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        parts.add(cur.toString());
        for (String part : parts) {
            String p = part.strip();
            if (p.isEmpty()) continue;
            int colon = p.indexOf(':');
            if (colon <= 0) throw new PlanEditException(what + ": '" + p + "' is not key: value");
            String v = p.substring(colon + 1).strip();
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                v = v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
            }
            out.put(p.substring(0, colon).strip(), v);
        }
        return out;
    }

    /** A scalar as YAML: plain when it reads back as the same string, else double-quoted. */
    static String yamlValue(String v) {
        if (PLAIN.matcher(v).matches() && !List.of("true", "false", "null", "yes", "no", "on", "off", "y", "n", "~")
                .contains(v.toLowerCase(java.util.Locale.ROOT))) {
            return v;
        }
        return quote(v);
    }

    private static String quote(String v) {
        return "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    // ------------------------------------------------------------------ patches

    public PlanPatch setFilter(int index, FilterRow row) throws PlanEditException {
        Item<FilterRow> it = at(filters(), index, "filter");
        return PlanPatch.of("edit filter " + (index + 1), new TextEdit(it.startOffset(), it.endOffset(), flow(row)));
    }

    public PlanPatch addFilter(FilterRow row) throws PlanEditException {
        return append("filters", root, value(root, "filters"), flow(row), "add filter", 0);
    }

    public PlanPatch removeFilter(int index) throws PlanEditException {
        return remove(at(filters(), index, "filter"), "remove filter " + (index + 1));
    }

    /** Swaps filter {@code index} with its neighbour ({@code delta} -1 or +1): the order is first-match-wins. */
    public PlanPatch moveFilter(int index, int delta) throws PlanEditException {
        return swap(filters(), index, delta, "move filter " + (index + 1));
    }

    public PlanPatch setTransition(int index, TransitionRow row) throws PlanEditException {
        Item<TransitionRow> it = at(transitions(), index, "transition");
        return PlanPatch.of("edit transition " + (index + 1), new TextEdit(it.startOffset(), it.endOffset(), flow(row)));
    }

    /** Appends a transition; without a monitor, adds one that starts in the row's {@code from} state. */
    public PlanPatch addTransition(TransitionRow row) throws PlanEditException {
        if (!(value(root, "monitor") instanceof MappingNode m)) {
            String body = "monitor:\n  start: " + yamlValue(row.from().strip()) + "\n  transitions:\n    - " + flow(row) + "\n";
            return PlanPatch.of("add monitor", TextEdit.insert(appendOffset(), prefixNewline() + body));
        }
        return append("transitions", m, value(m, "transitions"), flow(row), "add transition", column(m));
    }

    public PlanPatch removeTransition(int index) throws PlanEditException {
        return remove(at(transitions(), index, "transition"), "remove transition " + (index + 1));
    }

    public PlanPatch moveTransition(int index, int delta) throws PlanEditException {
        return swap(transitions(), index, delta, "move transition " + (index + 1));
    }

    /**
     * Sets {@code start}, {@code bound}, {@code default} (a scalar) or {@code failure} / {@code success} (a list,
     * written {@code [a, b]} from {@code "a, b"}); an empty value removes the field's line.
     */
    public PlanPatch setMonitorField(String key, String value) throws PlanEditException {
        if (!MONITOR_SCALARS.contains(key)) throw new PlanEditException("no monitor field '" + key + "'");
        if (!(value(root, "monitor") instanceof MappingNode m)) throw new PlanEditException("the run block has no monitor");
        String v = value.strip();
        String written;
        if (key.equals("failure") || key.equals("success")) {
            List<String> names = new ArrayList<>();
            for (String s : v.replace("[", "").replace("]", "").split(",")) if (!s.isBlank()) names.add(yamlValue(s.strip()));
            written = "[" + String.join(", ", names) + "]";
        } else {
            written = yamlValue(v);
        }
        for (NodeTuple t : m.getValue()) {
            if (!key.equals(scalar(t.getKeyNode()))) continue;
            if (v.isEmpty()) {
                int from = lineStart(offset(t.getKeyNode().getStartMark().getIndex()));
                return PlanPatch.of("remove monitor." + key, new TextEdit(from, lineEndIncl(end(t.getValueNode())), ""));
            }
            return PlanPatch.of("set monitor." + key, new TextEdit(offset(t.getValueNode().getStartMark().getIndex()),
                    end(t.getValueNode()), written));
        }
        if (v.isEmpty()) return PlanPatch.of("nothing to remove");
        if (m.getFlowStyle() == DumperOptions.FlowStyle.FLOW) throw new PlanEditException("monitor is a flow mapping; edit it in the text");
        int at = lineEnd(end(m));
        return PlanPatch.of("set monitor." + key, TextEdit.insert(at, "\n" + " ".repeat(column(m)) + key + ": " + written));
    }

    // ------------------------------------------------------------------ helpers

    private List<Item<TransitionRow>> transitions() {
        return monitor().map(Monitor::transitions).orElse(List.of());
    }

    private static <T> Item<T> at(List<Item<T>> items, int index, String what) throws PlanEditException {
        if (index < 0 || index >= items.size()) throw new PlanEditException("no " + what + " " + (index + 1));
        return items.get(index);
    }

    private <T> PlanPatch swap(List<Item<T>> items, int index, int delta, String what) throws PlanEditException {
        Item<T> a = at(items, index, "item");
        Item<T> b = at(items, index + delta, "item to swap with");
        String ta = text.substring(a.startOffset(), a.endOffset());
        String tb = text.substring(b.startOffset(), b.endOffset());
        return PlanPatch.of(what, new TextEdit(a.startOffset(), a.endOffset(), tb), new TextEdit(b.startOffset(), b.endOffset(), ta));
    }

    /** Deletes the item's whole line(s), {@code - } included, when it is alone on them; else just its text. */
    private PlanPatch remove(Item<?> it, String what) {
        int ls = lineStart(it.startOffset());
        String before = text.substring(ls, it.startOffset());
        int le = lineEndIncl(it.endOffset());
        if (before.strip().equals("-") && text.substring(it.endOffset(), le).isBlank()) {
            return PlanPatch.of(what, new TextEdit(ls, le, ""));
        }
        return PlanPatch.of(what, new TextEdit(it.startOffset(), it.endOffset(), "{}"));
    }

    /**
     * Appends {@code - item} to the block list under {@code key} of {@code owner}, at the indentation of its
     * last item; creates the key (indented {@code ownerColumn}) when it is absent.
     */
    private PlanPatch append(String key, MappingNode owner, Node list, String item, String what, int ownerColumn)
            throws PlanEditException {
        if (list instanceof SequenceNode seq && !seq.getValue().isEmpty()) {
            if (seq.getFlowStyle() == DumperOptions.FlowStyle.FLOW) throw new PlanEditException(key + " is a flow list; edit it in the text");
            Node last = seq.getValue().get(seq.getValue().size() - 1);
            int lastStart = offset(last.getStartMark().getIndex());
            String indent = text.substring(lineStart(lastStart), lastStart);
            int at = lineEnd(end(last));
            return PlanPatch.of(what, TextEdit.insert(at, "\n" + indent + item));
        }
        if (list != null) throw new PlanEditException(key + " is not a list of items; edit it in the text");
        String pad = " ".repeat(ownerColumn);
        if (owner == root) {
            return PlanPatch.of(what, TextEdit.insert(appendOffset(), prefixNewline() + key + ":\n  - " + item + "\n"));
        }
        int at = lineEnd(end(owner));
        return PlanPatch.of(what, TextEdit.insert(at, "\n" + pad + key + ":\n" + pad + "  - " + item));
    }

    /** Where a new top-level key goes: the end of the run block's content. */
    private int appendOffset() {
        return base + yaml.length();
    }

    private String prefixNewline() {
        return yaml.isEmpty() || yaml.endsWith("\n") ? "" : "\n";
    }

    private <T> Item<T> item(Node n, T row) {
        int s = offset(n.getStartMark().getIndex());
        int e = end(n);
        return new Item<>(row, s, e, line(s), line(Math.max(s, e - 1)));
    }

    /** Plan offset just after the node's text (trailing blanks, line breaks and comments left out). */
    private int end(Node n) {
        int e = offset(n.getEndMark().getIndex());
        int s = offset(n.getStartMark().getIndex());
        while (e > s && Character.isWhitespace(text.charAt(e - 1))) e--;
        return e;
    }

    private int offset(int yamlIndex) {
        return base + Math.min(yamlIndex, yaml.length());
    }

    private int column(MappingNode m) {
        return m.getValue().isEmpty() ? 2 : m.getValue().get(0).getKeyNode().getStartMark().getColumn();
    }

    private int lineStart(int offset) {
        int i = offset;
        while (i > 0 && text.charAt(i - 1) != '\n') i--;
        return i;
    }

    /** End of the line holding {@code offset}, before its line break. */
    private int lineEnd(int offset) {
        int i = Math.max(offset - 1, 0);
        while (i < text.length() && text.charAt(i) != '\n') i++;
        return Math.max(i, offset);
    }

    /** End of the line holding {@code offset - 1}, line break included. */
    private int lineEndIncl(int offset) {
        int i = lineEnd(offset);
        return i < text.length() ? i + 1 : i;
    }

    private int line(int offset) {
        int n = 1;
        for (int i = 0; i < offset && i < text.length(); i++) if (text.charAt(i) == '\n') n++;
        return n;
    }

    private static Node value(MappingNode m, String key) {
        if (m == null) return null;
        for (NodeTuple t : m.getValue()) if (key.equals(scalar(t.getKeyNode()))) return t.getValueNode();
        return null;
    }

    private static String scalar(Node n) {
        return n instanceof ScalarNode s ? s.getValue() : null;
    }
}
