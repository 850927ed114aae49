package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 */
public final class SetFullChecker implements Checker {
    public static final String NAME = "set-full";
    public static final String OPT_LINEARIZABLE = "linearizable";
    private static final double[] POINTS = {0, 0.5, 0.95, 0.99, 1};
    /** Stale elements named in the summary, worst first (Jepsen's worst-stale). */
    private static final int WORST = 8;

    /** An invocation or completion, in history order ({@code index}). */
    private record Event(Op op, boolean invoke, long ts, int index) {
    }

    /** One element's timeline. */
    private static final class Element {
        final JsonNode value;
        Event known;
        Event lastPresent;
        Event lastAbsent;
        boolean possible;

        Element(JsonNode value) {
            this.value = value;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> models() {
        return List.of("set");
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
        boolean linearizable = Boolean.parseBoolean(input.option(OPT_LINEARIZABLE, "false"));
        List<Event> events = events(input.history());
        Map<String, Element> elements = new LinkedHashMap<>();
        Map<Op, Event> invokes = new HashMap<>();
        OracleReport report = new OracleReport(name(), input);
        int reads = 0;
        for (Event e : events) {
            Op op = e.op();
            boolean add = WorkloadOps.f(op).equals("add");
            if (e.invoke()) {
                invokes.put(op, e);
                if (add) elements.computeIfAbsent(WorkloadOps.identity(op.input()), k -> new Element(op.input()))
                        .possible |= op.outcome() != Outcome.FAIL;
                continue;
            }
            if (add) {
                Element el = elements.get(WorkloadOps.identity(op.input()));
                if (el.known == null) el.known = e;
                continue;
            }
            reads++;
            if ((reads & 63) == 0 && budget.exhausted()) {
                report.weak("time-budget-exhausted", "the time budget ran out after " + reads + " reads", List.of());
                break;
            }
            Event invoked = invokes.get(op);
            Map<String, Integer> seen = new LinkedHashMap<>();
            Map<String, JsonNode> shown = new HashMap<>();
            for (JsonNode v : SetReads.elements(op)) {
                String id = WorkloadOps.identity(v);
                seen.merge(id, 1, Integer::sum);
                shown.putIfAbsent(id, v);
            }
            for (Map.Entry<String, Integer> s : seen.entrySet()) {
                if (s.getValue() > 1) {
                    report.violation("duplicated: the read " + WorkloadOps.cite(op) + " holds " + WorkloadOps.show(shown.get(s.getKey()))
                                    + " " + s.getValue() + " times").put("kind", "duplicated").put("count", s.getValue())
                            .<ObjectNode>set("element", shown.get(s.getKey())).setAll(WorkloadOps.ref(op));
                }
                if (!elements.containsKey(s.getKey())) {
                    report.violation("unexpected: the read " + WorkloadOps.cite(op) + " holds " + WorkloadOps.show(shown.get(s.getKey()))
                                    + ", which no add had tried to add by the time it completed").put("kind", "unexpected")
                            .<ObjectNode>set("element", shown.get(s.getKey())).setAll(WorkloadOps.ref(op));
                }
            }
            for (Map.Entry<String, Element> en : elements.entrySet()) {
                Element el = en.getValue();
                if (seen.containsKey(en.getKey())) {
                    if (el.known == null) el.known = e;
                    if (el.lastPresent == null || el.lastPresent.index() < invoked.index()) el.lastPresent = invoked;
                } else if (el.lastAbsent == null || el.lastAbsent.index() < invoked.index()) {
                    el.lastAbsent = invoked;
                }
            }
        }
        return results(input, report, elements, linearizable);
    }

    /** The ops' invocations and successful completions in history order (at one instant, invocations first: intervals are closed). */
    private static List<Event> events(List<Op> history) {
        List<Event> out = new ArrayList<>(history.size() * 2);
        for (Op op : history) {
            String f = WorkloadOps.f(op);
            if (!f.equals("add") && !f.equals("read")) {
                throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a set (expected add, read)");
            }
            if (f.equals("read") && op.outcome() != Outcome.OK) continue; // a read that failed or may not have happened saw nothing
            out.add(new Event(op, true, op.invokeTs(), 0));
            if (op.outcome() == Outcome.OK) out.add(new Event(op, false, op.completeTs(), 0));
        }
        // a stable sort: ops come in completion order, events of one instant keep that order
        out.sort((a, b) -> a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Boolean.compare(!a.invoke(), !b.invoke()));
        List<Event> indexed = new ArrayList<>(out.size());
        for (int i = 0; i < out.size(); i++) {
            Event e = out.get(i);
            indexed.add(new Event(e.op(), e.invoke(), e.ts(), i));
        }
        return indexed;
    }

    private CheckResult results(CheckInput input, OracleReport report, Map<String, Element> elements, boolean linearizable) {
        int stable = 0;
        List<String> neverRead = new ArrayList<>();
        List<long[]> stale = new ArrayList<>(); // {latency, position in order}
        List<Element> order = new ArrayList<>(elements.values());
        List<Long> stableLatencies = new ArrayList<>();
        List<Long> lostLatencies = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Element el = order.get(i);
            boolean isStable = el.lastPresent != null && (el.lastAbsent == null || el.lastAbsent.index() < el.lastPresent.index());
            boolean isLost = el.known != null && el.lastAbsent != null
                    && (el.lastPresent == null || el.lastPresent.index() < el.lastAbsent.index())
                    && el.known.index() < el.lastAbsent.index();
            if (el.lastPresent != null && !el.possible) {
                report.violation("aborted read: " + WorkloadOps.show(el.value) + " was read (" + WorkloadOps.cite(el.lastPresent.op())
                                + "), but every add of it failed (a failed op did not take effect)").put("kind", "aborted-read")
                        .<ObjectNode>set("element", el.value).setAll(WorkloadOps.ref(el.lastPresent.op()));
            }
            if (isStable) {
                stable++;
                long latency = el.lastAbsent == null ? 0 : Math.max(0, el.lastAbsent.ts() - el.known.ts());
                stableLatencies.add(latency);
                if (latency > 0) {
                    stale.add(new long[] {latency, i});
                    if (linearizable) {
                        report.violation("stale: " + WorkloadOps.show(el.value) + " was known at " + el.known.ts() + " ("
                                        + known(el) + "), yet the read " + WorkloadOps.cite(el.lastAbsent.op()) + " invoked at "
                                        + el.lastAbsent.ts() + " missed it (stable " + latency + " later)").put("kind", "stale")
                                .put("stableLatency", latency).<ObjectNode>set("element", el.value)
                                .setAll(WorkloadOps.ref(el.lastAbsent.op()));
                    }
                }
            } else if (isLost) {
                long latency = el.lastPresent == null ? 0 : Math.max(0, el.lastPresent.ts() - el.known.ts());
                lostLatencies.add(latency);
                ObjectNode f = report.violation("lost: " + WorkloadOps.show(el.value) + " was known at " + el.known.ts() + " ("
                                + known(el) + ")" + (el.lastPresent == null ? ", never read"
                                : ", last seen by the read " + WorkloadOps.cite(el.lastPresent.op()) + " invoked at " + el.lastPresent.ts())
                                + ", and missed by the read " + WorkloadOps.cite(el.lastAbsent.op()) + " invoked at " + el.lastAbsent.ts()
                                + " and every read after")
                        .put("kind", "lost").put("lostLatency", latency);
                f.set("element", el.value);
                f.set("known", WorkloadOps.ref(el.known.op()));
                if (el.lastPresent != null) f.set("lastPresent", WorkloadOps.ref(el.lastPresent.op()));
                f.set("lastAbsent", WorkloadOps.ref(el.lastAbsent.op()));
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
        String summary = elements.size() + " elements attempted: " + stable + " stable, " + lostLatencies.size() + " lost, "
                + neverRead.size() + " never read" + (neverRead.isEmpty() ? "" : " " + SetReads.list(neverRead)) + ", "
                + stale.size() + " stale" + (stale.isEmpty() ? "" : " (worst: " + worst + ")")
                + quantiles("stable latencies", stableLatencies) + quantiles("lost latencies", lostLatencies)
                + (stableLatencies.isEmpty() && lostLatencies.isEmpty() ? "" : " (in the history's clock)");
        report.consumed(input.history().size());
        report.partitions(Math.max(1, elements.size()));
        if (stable == 0 && report.violations() == 0 && !report.isWeak()) {
            report.weak("no-stable-element", "no element was ever confirmed by a later read (" + elements.size()
                    + " attempted, " + neverRead.size() + " never read): nothing shows the set keeps what it is given", List.of());
        }
        return report.finish(summary, "set violations", summary);
    }

    private static String known(Element el) {
        return (el.known.op().opType().equalsIgnoreCase("add") ? "its add completed, " : "a read saw it, ")
                + WorkloadOps.cite(el.known.op());
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
