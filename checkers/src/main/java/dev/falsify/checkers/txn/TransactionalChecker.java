package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.StreamingChecker;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.WeaknessDetector;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Elle-style checking of a transactional history: infer dependencies ({@link Inference}), add
 * process and real-time edges when asked (options {@code process=true}, {@code realtime=true}),
 * find strongly connected components and short cycles per anomaly class ({@link CycleFinder}).
 *
 * <p>The answer is INVALID as soon as any anomaly is found (found anomalies are real even when the
 * budget ran out); otherwise UNKNOWN when the history is weak, nothing was read, or the search
 * stopped early; VALID only for a complete search over a history with no weakness.
 */
public abstract sealed class TransactionalChecker implements StreamingChecker permits ListAppendChecker, RwRegisterChecker {
    public static final String OPT_REALTIME = "realtime";
    public static final String OPT_PROCESS = "process";

    /**
     * The transactional checker a history calls for when no checker or model is named: when the values
     * of most of its ops are micro-op lists ({@code [[:r :x 1] [:w :y 2]]}), whatever their op_type says
     * (Elle reads the micro-ops and ignores {@code :f}), list-append when any micro-op appends and
     * rw-register otherwise; null when it is not transactional. Register txns are never left to the
     * linearizability checker's multi-register model by default: a history Elle would check as
     * rw-register must get rw-register's answer.
     */
    public static String suggest(List<Op> history) {
        int txns = 0;
        int others = 0;
        boolean appends = false;
        for (Op op : history) {
            List<MicroOp> mops = TxnHistory.microOps(op.output());
            if (mops == null) mops = TxnHistory.microOps(op.input());
            if (mops != null) {
                txns++;
                for (MicroOp m : mops) appends |= "append".equals(m.f());
            } else if (hasValue(op.input()) || hasValue(op.output())) {
                others++;
            }
            if (txns + others >= 1000) break;
        }
        if (appends) return ListAppendChecker.NAME;
        return txns > 0 && txns >= others ? RwRegisterChecker.NAME : null;
    }

    /** A value that says something (not nil, not an empty txn). */
    private static boolean hasValue(JsonNode v) {
        return v != null && !v.isNull() && !v.isMissingNode() && !(v.isArray() && v.isEmpty());
    }

    abstract Set<String> functions();

    @Override
    public String invocationTimesNeeded(Map<String, String> options) {
        return Boolean.parseBoolean(options.getOrDefault(OPT_REALTIME, "false"))
                ? "real-time edges order a txn before those invoked after it completed" : null;
    }

    abstract Inference inference(List<Txn> txns);

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        return check(input.history().iterator(), input.model(), input.options(), budget);
    }

    /**
     * Reads the txns op by op (a file's history is streamed here, never held whole: each txn keeps
     * its micro-ops, not its op's value trees); time spent in {@code ops.next()} is not check time.
     */
    @Override
    public CheckResult check(Iterator<Op> ops, String model, Map<String, String> options, CheckBudget budget) {
        long start = System.nanoTime();
        long readingNanos = 0;
        TxnHistory.Builder txns = new TxnHistory.Builder(functions());
        // the general recorder checks, fed as the ops go by
        WeaknessDetector recorder = new WeaknessDetector(null);
        long opsRead = 0;
        while (true) {
            long t0 = System.nanoTime();
            if (!ops.hasNext()) {
                readingNanos += System.nanoTime() - t0;
                break;
            }
            Op op = ops.next();
            readingNanos += System.nanoTime() - t0;
            opsRead++;
            recorder.accept(op);
            txns.accept(op);
        }
        start += readingNanos;
        Deadline deadline = new Deadline(budget, start);
        TxnHistory history = txns.build();
        List<HistoryWeakness> weaknesses = new ArrayList<>(history.weaknesses());
        Inference inf = inference(history.txns());
        inf.everyOpIsATxn = true;
        for (HistoryWeakness w : history.weaknesses()) {
            if (w.kind().equals("not-a-transaction") || w.kind().equals("malformed-micro-op")) inf.everyOpIsATxn = false;
        }
        boolean realtime = Boolean.parseBoolean(options.getOrDefault(OPT_REALTIME, "false"));
        boolean process = Boolean.parseBoolean(options.getOrDefault(OPT_PROCESS, "false"));
        // txns need neither key nor op_type, and process_id only for process edges
        for (HistoryWeakness w : recorder.weaknesses()) {
            boolean irrelevant = w.kind().equals("missing-field")
                    && (w.detail().startsWith("op_type") || w.detail().startsWith("process_id") && !process);
            if (!irrelevant) weaknesses.add(w);
        }
        CycleFinder finder = new CycleFinder(inf.graph, history.txns(), deadline, inf.findings);
        boolean inferred = false;
        String stopped = null;
        try {
            deadline.check();
            inf.run(deadline);
            inferred = true;
            if (process) OrderEdges.addProcess(inf.graph, inf.effective);
            if (realtime) OrderEdges.addRealtime(inf.graph, inf.effective);
            inf.graph.freeze();
            finder.run(realtime || process);
        } catch (Deadline.Exhausted e) {
            stopped = "dependency inference stopped: " + e.getMessage();
        }
        weaknesses.addAll(inf.weaknesses());
        if (inferred && inf.reads == 0 && !history.txns().isEmpty()) {
            weaknesses.add(new HistoryWeakness("no-observations",
                    "no committed txn read anything, so no dependency between txns can be inferred", List.of()));
        }
        boolean complete = inferred && finder.complete();
        String note = stopped != null ? stopped : finder.incompleteReason();
        double ms = (System.nanoTime() - start) / 1e6;
        ExecutionEvidence evidence = new ExecutionEvidence(history.txns().size(), opsRead,
                Math.max(1, inf.keys), inf.graph.edges(), ms);
        List<Anomaly> anomalies = inf.findings.anomalies();
        TxnCounterexample cx = counterexample(anomalies, inf.findings.counts(), complete, note);
        Validity validity;
        String summary;
        String stats = history.txns().size() + " txns, " + inf.keys + " keys, " + inf.reads + " reads, "
                + inf.graph.edges() + " dependency edges, " + finder.sccs() + (finder.sccs() == 1 ? " cyclic component (" : " cyclic components (largest ")
                + finder.largestScc() + " txns)" + (realtime || process ? ", " + finder.orderSccs()
                + " with process/real-time edges (largest " + finder.largestOrderScc() + ")" : "");
        if (!anomalies.isEmpty()) {
            validity = Validity.INVALID;
            summary = "anomalies " + cx.anomalyTypes() + " in " + stats + "; rules out "
                    + String.join(", ", weakestRuledOut(anomalies)) + " and every model stronger";
        } else if (!weaknesses.isEmpty()) {
            validity = Validity.UNKNOWN;
            summary = "history too weak for " + name() + ": " + weaknesses.get(0).detail() + " (" + stats + ")";
        } else if (!complete) {
            validity = Validity.UNKNOWN;
            summary = note + " (" + stats + ")";
        } else {
            validity = Validity.VALID;
            summary = "no anomaly in " + stats + (realtime ? " with real-time edges" : "")
                    + (process ? " with process edges" : "");
        }
        return new CheckResult(name(), model, validity, evidence,
                validity == Validity.VALID ? null : cx, weaknesses, summary);
    }

    /** The anomalies as result data (values as people read them). */
    static TxnCounterexample counterexample(List<Anomaly> anomalies, Map<AnomalyType, Integer> counts, boolean complete,
                                            String note) {
        List<TxnCounterexample.Anomaly> out = new ArrayList<>(anomalies.size());
        for (Anomaly a : anomalies) {
            List<TxnCounterexample.Txn> txns = new ArrayList<>();
            for (Txn t : a.txns()) {
                List<TxnCounterexample.MicroOp> mops = new ArrayList<>();
                for (MicroOp m : t.mops()) mops.add(new TxnCounterexample.MicroOp(m.f(), m.key(), m.value()));
                txns.add(new TxnCounterexample.Txn(t.label(), t.op().opId(), t.op().processId(),
                        t.outcome().name().toLowerCase(Locale.ROOT), t.op().sourceLine(), mops));
            }
            List<TxnCounterexample.Edge> edges = new ArrayList<>();
            for (Anomaly.Edge e : a.edges()) {
                edges.add(new TxnCounterexample.Edge(e.from().label(), e.to().label(), e.kind(), e.key(),
                        e.value() == null ? null : ValueText.show(e.value()), e.explanation()));
            }
            out.add(new TxnCounterexample.Anomaly(a.type().spelling(), txns, edges, a.key(), a.modelsRuledOut(),
                    a.realtime(), a.process(), a.explanation()));
        }
        Map<String, Integer> byName = new TreeMap<>();
        counts.forEach((t, n) -> byName.put(t.spelling(), n));
        return new TxnCounterexample(out, byName, complete, note);
    }

    /** The weakest of the models ruled out by at least one anomaly (Elle's "not"), weakest first. */
    private static List<String> weakestRuledOut(List<Anomaly> anomalies) {
        java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
        for (Anomaly a : anomalies) all.addAll(a.modelsRuledOut());
        return ConsistencyModels.weakest(all);
    }
}
