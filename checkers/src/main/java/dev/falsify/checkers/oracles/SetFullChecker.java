package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.StreamingChecker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code set-full}: Jepsen's rigorous set checker ({@code jepsen.checker/set-full}). {@code add}s of
 * single elements and {@code read}s of the whole set; each element gets a timeline from the reads
 * that completed after its add was invoked:
 * <ul>
 *   <li><b>known</b>: when its add completed, or a read that saw it completed, whichever was first;</li>
 *   <li><b>stable</b>: some read saw it, and every read invoked after the last one that missed it saw
 *       it; its <b>stable latency</b> is from known to the invocation of that last missing read (0: it
 *       was never missed after it was known — what a linearizable set does); stable with a latency
 *       above 0 is <b>stale</b>;</li>
 *   <li><b>lost</b>: known, then missed by a read invoked after it was known and after the last read
 *       that saw it; its <b>lost latency</b> is from known to the invocation of that last read that saw
 *       it;</li>
 *   <li><b>never read</b>: neither (no read began after it was known, or the reads that missed it
 *       were concurrent with its add).</li>
 * </ul>
 * Lost elements are violations; with option {@code linearizable=true}, stale ones too. No stable
 * element at all (nothing was ever confirmed) is too weak to say anything (Jepsen: {@code :unknown}).
 * Latencies are in the history's clock: nanoseconds in the canonical schema, event positions in
 * Jepsen's formats (whose {@code :time} Falsify does not use; Jepsen's own tests space their events
 * 1 ms apart, so its milliseconds and these positions are the same numbers there).
 *
 * <p>Where it says more than Jepsen, each deliberately: a read that holds an element twice is a
 * violation (Jepsen meant to report duplicates, but its test of the multiplicity never holds); an
 * element read that no add invoked before the read completed is a violation (unexpected: a garbage
 * read, as Elle reports them); an element read whose every add failed is an aborted read (a failed
 * op did not take effect).
 *
 * <p>Streamed: a read's elements are kept as element numbers, not as the values read (Jepsen's reads
 * return the whole set, so a history's reads hold elements × reads values), and each read is checked
 * against every element in one pass over an array, not a map lookup per element.
 */
public final class SetFullChecker implements StreamingChecker {
    public static final String NAME = CheckerName.SET_FULL.id();
    public static final String OPT_LINEARIZABLE = "linearizable";
    private static final double[] POINTS = {0, 0.5, 0.95, 0.99, 1};
    /** Stale elements named in the summary, worst first (Jepsen's worst-stale). */
    private static final int WORST = 8;

    /**
     * An op as set-full keeps it: the op (for citing; a read's output dropped), its element for an
     * add, the element numbers it read for a read.
     */
    private record Compact(Op op, boolean add, int element, int[] read) {
    }

    /** An invocation or completion, in history order ({@code index}). */
    private record Event(Compact c, boolean invoke, long ts, int index) {
    }

    /** One element's timeline. */
    private static final class Element {
        final JsonNode value;
        boolean created;
        boolean possible;
        Event known;
        Event lastPresent;
        Event lastAbsent;

        Element(JsonNode value) {
            this.value = value;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.SET);
    }

    @Override
    public List<String> needs() {
        return List.of("add ops whose input is the element", "reads whose output is every element (a list or set)",
                "invocation and completion times");
    }

    @Override
    public String invocationTimesNeeded(Map<String, String> options) {
        return "an element's timeline orders reads by when they were invoked";
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        return check(input.history().iterator(), input.model(), input.options(), budget);
    }

    @Override
    public CheckResult check(Iterator<Op> ops, String model, Map<String, String> options, CheckBudget budget) {
        boolean linearizable = Boolean.parseBoolean(options.getOrDefault(OPT_LINEARIZABLE, "false"));
        OracleReport report = new OracleReport(name(), model);
        Map<Object, Integer> ids = new HashMap<>();
        List<Element> elements = new ArrayList<>();
        List<Compact> compact = new ArrayList<>();
        int[][] seenIn = {new int[1024]}; // per element: the last read (numbered from 1) that held it
        int[] readNo = {0};
        long total = 0;
        while (true) {
            long t0 = System.nanoTime();
            if (!ops.hasNext()) {
                report.excluded(System.nanoTime() - t0);
                break;
            }
            Op op = ops.next();
            report.excluded(System.nanoTime() - t0);
            total++;
            Compact c = compact(op, ids, elements, report, seenIn, readNo);
            if (c != null) compact.add(c);
        }
        report.opsTotal(total);
        List<Event> events = events(compact);
        Map<Compact, Event> invocations = new java.util.IdentityHashMap<>();
        for (Event e : events) if (e.invoke() && !e.c().add()) invocations.put(e.c(), e);
        int[] stamp = new int[elements.size()];
        int[] created = new int[elements.size()];
        int createdCount = 0;
        int reads = 0;
        for (Event e : events) {
            Compact c = e.c();
            if (e.invoke()) {
                if (c.add()) {
                    Element el = elements.get(c.element());
                    if (!el.created) {
                        el.created = true;
                        created[createdCount++] = c.element();
                    }
                    el.possible |= c.op().outcome() != Outcome.FAIL;
                }
                continue;
            }
            if (c.add()) {
                Element el = elements.get(c.element());
                if (el.known == null) el.known = e;
                continue;
            }
            reads++;
            if ((reads & 63) == 0 && budget.exhausted()) {
                report.weak("time-budget-exhausted", "the time budget ran out after " + reads + " reads", List.of());
                break;
            }
            Event invoked = invocations.get(c);
            for (int id : c.read()) {
                stamp[id] = reads;
                Element el = elements.get(id);
                if (!el.created) {
                    report.violation("unexpected: the read " + WorkloadOps.cite(c.op()) + " holds " + WorkloadOps.show(el.value)
                                    + ", which no add had tried to add by the time it completed").put("kind", "unexpected")
                            .<ObjectNode>set("element", el.value).setAll(WorkloadOps.ref(c.op()));
                }
            }
            for (int i = 0; i < createdCount; i++) {
                Element el = elements.get(created[i]);
                int id = created[i];
                if (stamp[id] == reads) {
                    if (el.known == null) el.known = e;
                    if (el.lastPresent == null || el.lastPresent.index() < invoked.index()) el.lastPresent = invoked;
                } else if (el.lastAbsent == null || el.lastAbsent.index() < invoked.index()) {
                    el.lastAbsent = invoked;
                }
            }
        }
        report.consumed(total);
        return results(report, elements, java.util.Arrays.copyOf(created, createdCount), linearizable);
    }

    /** The op in compact form (null for a read that saw nothing: failed, or of unknown outcome). */
    private static Compact compact(Op op, Map<Object, Integer> ids, List<Element> elements, OracleReport report,
                                   int[][] seenIn, int[] readNo) {
        String f = WorkloadOps.f(op);
        if (f.equals("add")) return new Compact(op, true, id(op.input(), ids, elements), null);
        if (!f.equals("read")) {
            throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a set (expected add, read)");
        }
        if (op.outcome() != Outcome.OK) return null; // a read that failed or may not have happened saw nothing
        List<JsonNode> values = SetReads.elements(op);
        int[] read = new int[values.size()];
        int n = 0;
        Map<Integer, Integer> twice = null;
        int no = ++readNo[0];
        for (JsonNode v : values) {
            int id = id(v, ids, elements);
            if (id >= seenIn[0].length) seenIn[0] = java.util.Arrays.copyOf(seenIn[0], Math.max(id + 1, seenIn[0].length * 2));
            if (seenIn[0][id] != no) {
                seenIn[0][id] = no;
                read[n++] = id;
            } else {
                if (twice == null) twice = new java.util.LinkedHashMap<>();
                twice.merge(id, 2, (a, b) -> a + 1);
            }
        }
        Op slim = new Op(op.opId(), op.processId(), op.invokeTs(), op.completeTs(), op.opType(), op.key(), op.input(),
                com.fasterxml.jackson.databind.node.NullNode.getInstance(), op.error(), op.timeoutMarker(), op.nodeSeen(),
                op.faultEpoch(), op.sourceLine());
        if (twice != null) {
            for (Map.Entry<Integer, Integer> d : twice.entrySet()) {
                JsonNode value = elements.get(d.getKey()).value;
                report.violation("duplicated: the read " + WorkloadOps.cite(slim) + " holds " + WorkloadOps.show(value) + " "
                        + d.getValue() + " times").put("kind", "duplicated").put("count", d.getValue())
                        .<ObjectNode>set("element", value).setAll(WorkloadOps.ref(slim));
            }
        }
        return new Compact(slim, false, -1, n == read.length ? read : java.util.Arrays.copyOf(read, n));
    }

    private static int id(JsonNode value, Map<Object, Integer> ids, List<Element> elements) {
        // an integer element is its own key (3 and 3.0 alike); anything else its text
        Long integer = WorkloadOps.integer(value);
        Object key = integer != null ? integer : WorkloadOps.identity(value);
        Integer id = ids.get(key);
        if (id == null) {
            id = elements.size();
            ids.put(key, id);
            elements.add(new Element(value));
        }
        return id;
    }

    /** The invocations and successful completions in history order (at one instant, invocations first: intervals are closed). */
    private static List<Event> events(List<Compact> ops) {
        List<Event> out = new ArrayList<>(ops.size() * 2);
        for (Compact c : ops) {
            out.add(new Event(c, true, c.op().invokeTs(), 0));
            if (c.op().outcome() == Outcome.OK) out.add(new Event(c, false, c.op().completeTs(), 0));
        }
        // a stable sort: ops come in completion order, events of one instant keep that order
        out.sort((a, b) -> a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Boolean.compare(!a.invoke(), !b.invoke()));
        List<Event> indexed = new ArrayList<>(out.size());
        for (int i = 0; i < out.size(); i++) {
            Event e = out.get(i);
            indexed.add(new Event(e.c(), e.invoke(), e.ts(), i));
        }
        return indexed;
    }

    private CheckResult results(OracleReport report, List<Element> all, int[] created, boolean linearizable) {
        int stable = 0;
        List<String> neverRead = new ArrayList<>();
        List<long[]> stale = new ArrayList<>(); // {latency, position in order}
        List<Element> order = new ArrayList<>(created.length);
        for (int id : created) order.add(all.get(id));
        List<Long> stableLatencies = new ArrayList<>();
        List<Long> lostLatencies = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Element el = order.get(i);
            boolean isStable = el.lastPresent != null && (el.lastAbsent == null || el.lastAbsent.index() < el.lastPresent.index());
            boolean isLost = el.known != null && el.lastAbsent != null
                    && (el.lastPresent == null || el.lastPresent.index() < el.lastAbsent.index())
                    && el.known.index() < el.lastAbsent.index();
            if (el.lastPresent != null && !el.possible) {
                report.violation("aborted read: " + WorkloadOps.show(el.value) + " was read (" + WorkloadOps.cite(el.lastPresent.c().op())
                                + "), but every add of it failed (a failed op did not take effect)").put("kind", "aborted-read")
                        .<ObjectNode>set("element", el.value).setAll(WorkloadOps.ref(el.lastPresent.c().op()));
            }
            if (isStable) {
                stable++;
                long latency = el.lastAbsent == null ? 0 : Math.max(0, el.lastAbsent.ts() - el.known.ts());
                stableLatencies.add(latency);
                if (latency > 0) {
                    stale.add(new long[] {latency, i});
                    if (linearizable) {
                        report.violation("stale: " + WorkloadOps.show(el.value) + " was known at " + el.known.ts() + " ("
                                        + known(el) + "), yet the read " + WorkloadOps.cite(el.lastAbsent.c().op()) + " invoked at "
                                        + el.lastAbsent.ts() + " missed it (stable " + latency + " later)").put("kind", "stale")
                                .put("stableLatency", latency).<ObjectNode>set("element", el.value)
                                .setAll(WorkloadOps.ref(el.lastAbsent.c().op()));
                    }
                }
            } else if (isLost) {
                long latency = el.lastPresent == null ? 0 : Math.max(0, el.lastPresent.ts() - el.known.ts());
                lostLatencies.add(latency);
                ObjectNode f = report.violation("lost: " + WorkloadOps.show(el.value) + " was known at " + el.known.ts() + " ("
                                + known(el) + ")" + (el.lastPresent == null ? ", never read"
                                : ", last seen by the read " + WorkloadOps.cite(el.lastPresent.c().op()) + " invoked at " + el.lastPresent.ts())
                                + ", and missed by the read " + WorkloadOps.cite(el.lastAbsent.c().op()) + " invoked at " + el.lastAbsent.ts()
                                + " and every read after")
                        .put("kind", "lost").put("lostLatency", latency);
                f.set("element", el.value);
                f.set("known", WorkloadOps.ref(el.known.c().op()));
                if (el.lastPresent != null) f.set("lastPresent", WorkloadOps.ref(el.lastPresent.c().op()));
                f.set("lastAbsent", WorkloadOps.ref(el.lastAbsent.c().op()));
            } else {
                neverRead.add(WorkloadOps.show(el.value));
            }
        }
        stale.sort((a, b) -> a[0] != b[0] ? Long.compare(b[0], a[0]) : Long.compare(a[1], b[1]));
        StringBuilder worst = new StringBuilder();
        for (int i = 0; i < stale.size() && i < WORST; i++) {
            worst.append(i == 0 ? "" : ", ").append(WorkloadOps.show(order.get((int) stale.get(i)[1]).value))
                    .append(" after ").append(stale.get(i)[0]);
        }
        String summary = order.size() + " elements attempted: " + stable + " stable, " + lostLatencies.size() + " lost, "
                + neverRead.size() + " never read" + (neverRead.isEmpty() ? "" : " " + SetReads.list(neverRead)) + ", "
                + stale.size() + " stale" + (stale.isEmpty() ? "" : " (worst: " + worst + ")")
                + quantiles("stable latencies", stableLatencies) + quantiles("lost latencies", lostLatencies)
                + (stableLatencies.isEmpty() && lostLatencies.isEmpty() ? "" : " (in the history's clock)");
        report.partitions(Math.max(1, order.size()));
        if (stable == 0 && report.violations() == 0 && !report.isWeak()) {
            report.weak("no-stable-element", "no element was ever confirmed by a later read (" + order.size()
                    + " attempted, " + neverRead.size() + " never read): nothing shows the set keeps what it is given", List.of());
        }
        return report.finish(summary, "set violations", summary);
    }

    private static String known(Element el) {
        return (el.known.c().op().opType().equalsIgnoreCase("add") ? "its add completed, " : "a read saw it, ")
                + WorkloadOps.cite(el.known.c().op());
    }

    /** {@code ; stable latencies 0/0.5/0.95/0.99/1: 0/0/2/2/2}, as Jepsen's frequency distribution picks them. */
    private static String quantiles(String what, List<Long> values) {
        if (values.isEmpty()) return "";
        List<Long> sorted = new ArrayList<>(values);
        java.util.Collections.sort(sorted);
        StringBuilder b = new StringBuilder("; " + what + " at 0/0.5/0.95/0.99/1: ");
        for (int i = 0; i < POINTS.length; i++) {
            int idx = Math.min(sorted.size() - 1, (int) Math.floor(sorted.size() * POINTS[i]));
            b.append(i == 0 ? "" : "/").append(sorted.get(idx));
        }
        return b.toString();
    }
}
