package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code total-queue}: Jepsen's queue workloads as {@code jepsen.checker/total-queue} checks them —
 * what goes in must come out, in any order. Multisets of values: attempted enqueues (every enqueue
 * invoked, whatever its outcome), acknowledged enqueues, and dequeued values (successful
 * {@code dequeue}s, and each element of a successful {@code drain}). Violations:
 * <ul>
 *   <li><b>unexpected</b>: a value dequeued that no enqueue ever attempted;</li>
 *   <li><b>lost</b>: acknowledged enqueues never dequeued. Jepsen counts them whatever else happened;
 *       here a dequeue or drain whose outcome is unknown may have taken them, so only as many as
 *       those cannot explain are certainly lost (more than that is a violation, at most that a
 *       weakness: the answer is unknown, never a guess).</li>
 * </ul>
 * Duplicates (dequeued more often than enqueued) and recovered values (dequeued, though their
 * enqueue's outcome was unknown) are counted in the summary, as Jepsen does, without failing the
 * check: queues deliver at least once. Not equivalent to the linearizability checker's
 * {@code queue} model, which asks for FIFO order (stronger), nor to {@code no-lost-ack}, which
 * needs a final-state dump.
 */
public final class TotalQueueChecker implements Checker {
    public static final String NAME = CheckerName.TOTAL_QUEUE.id();

    /** A multiset of values by identity, keeping one node of each to show. */
    private static final class Bag {
        final Map<String, Integer> counts = new LinkedHashMap<>();
        final Map<String, JsonNode> shown = new LinkedHashMap<>();

        void add(JsonNode v) {
            String id = WorkloadOps.identity(v);
            counts.merge(id, 1, Integer::sum);
            shown.putIfAbsent(id, v);
        }

        int count(String id) {
            return counts.getOrDefault(id, 0);
        }

        int size() {
            int n = 0;
            for (int c : counts.values()) n += c;
            return n;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.QUEUE);
    }

    @Override
    public List<String> needs() {
        return List.of("enqueue ops whose input is the value", "dequeue ops whose output is the value taken",
                "drain ops whose output is every value taken (the queue drained at the end)");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        Bag attempts = new Bag();
        Bag enqueues = new Bag();
        Bag dequeues = new Bag();
        int unknownTakes = 0;
        boolean unknownDrain = false;
        for (Op op : input.history()) {
            switch (WorkloadOps.f(op)) {
                case "enqueue" -> {
                    attempts.add(op.input());
                    if (op.outcome() == Outcome.OK) enqueues.add(op.input());
                }
                case "dequeue" -> {
                    if (op.outcome() == Outcome.UNKNOWN) unknownTakes++;
                    // an ok dequeue of nil found the queue empty
                    if (op.outcome() == Outcome.OK && op.output() != null && !op.output().isNull()) dequeues.add(op.output());
                }
                case "drain" -> {
                    if (op.outcome() == Outcome.UNKNOWN) unknownDrain = true;
                    if (op.outcome() != Outcome.OK) continue;
                    JsonNode out = op.output();
                    if (out == null || out.isNull()) continue;
                    if (!out.isArray()) throw new ModelException(op, "a drain must return the values it took, as a list; found "
                            + WorkloadOps.show(out));
                    for (JsonNode e : out) dequeues.add(e);
                }
                default -> throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a queue"
                        + " (expected enqueue, dequeue, drain)");
            }
        }
        List<String> unexpected = new ArrayList<>();
        List<String> duplicated = new ArrayList<>();
        int recovered = 0;
        for (Map.Entry<String, Integer> e : dequeues.counts.entrySet()) {
            String id = e.getKey();
            int tried = attempts.count(id);
            if (tried == 0) {
                unexpected.add(id);
                report.violation("unexpected: " + WorkloadOps.show(dequeues.shown.get(id)) + " was dequeued "
                        + times(e.getValue()) + " but never enqueued").put("kind", "unexpected")
                        .put("count", e.getValue()).set("value", dequeues.shown.get(id));
                continue;
            }
            if (e.getValue() > tried) duplicated.add(WorkloadOps.show(dequeues.shown.get(id)) + " ×" + (e.getValue() - tried));
            recovered += Math.max(0, Math.min(e.getValue(), tried) - enqueues.count(id));
        }
        List<String> lost = new ArrayList<>();
        int lostCount = 0;
        for (Map.Entry<String, Integer> e : enqueues.counts.entrySet()) {
            int missing = e.getValue() - dequeues.count(e.getKey());
            if (missing <= 0) continue;
            lostCount += missing;
            lost.add(WorkloadOps.show(enqueues.shown.get(e.getKey())) + (missing > 1 ? " ×" + missing : ""));
        }
        if (lostCount > 0) {
            String which = String.join(", ", lost.subList(0, Math.min(lost.size(), 40))) + (lost.size() > 40 ? ", …" : "");
            if (!unknownDrain && lostCount > unknownTakes) {
                int certain = lostCount - unknownTakes;
                report.violation("lost: " + lostCount + " acknowledged enqueues were never dequeued (" + which + ")"
                        + (unknownTakes > 0 ? "; " + unknownTakes + " dequeues of unknown outcome may have taken some,"
                        + " so at least " + certain + " were lost" : "")).put("kind", "lost").put("count", lostCount)
                        .put("certain", certain);
            } else {
                report.weak("unknown-dequeues", lostCount + " acknowledged enqueues were never seen dequeued (" + which + "), but "
                        + (unknownDrain ? "a drain" : unknownTakes + " dequeues") + " of unknown outcome may have taken them",
                        List.of());
            }
        }
        report.consumed(input.history().size());
        if (attempts.size() == 0) report.weak("no-observations", "no enqueue was attempted", List.of());
        String counts = dequeues.size() + " values dequeued, " + recovered + " recovered (enqueue outcome unknown), "
                + (duplicated.isEmpty() ? "none duplicated" : duplicated.size() + " duplicated (" + String.join(", ", duplicated)
                + "; allowed: delivery is at least once)");
        return report.finish(enqueues.size() + " acknowledged enqueues (of " + attempts.size() + " attempted) all dequeued; "
                + counts, "queue violations", enqueues.size() + " acknowledged enqueues of " + attempts.size() + " attempted, "
                + counts);
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }
}
