package dev.falsify.checkers.evidence;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.AuditItem.Status;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.vocabulary.AuditCheck;
import dev.falsify.model.vocabulary.CheckerName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The one evidence builder: what an arm's runs showed ({@link ArmObservations}) → its oracle results, its
 * green-but-broken checks and its weak-oracle audit, for {@code falsify run} and the JUnit testkit alike. Every
 * item is evaluated from observations — counted over every seed the arm ran, never the first one only — or left
 * "not evaluated" when the harness could not observe what it rests on; none is ticked by default.
 */
public final class EvidenceBuilder {
    private EvidenceBuilder() {
    }

    /** Sets the oracle results and both checklists of {@code b} from {@code o}. */
    public static ArmEvidence.Builder apply(ArmObservations o, ArmEvidence.Builder b) {
        List<OracleResult> oracles = oracles(o);
        return b.oracles(oracles).greenButBroken(greenButBroken(o, oracles)).weakOracleAudit(weakOracleAudit(o));
    }

    /** Every check of every run, re-runs included, as the verdict sees it. */
    public static List<OracleResult> oracles(ArmObservations o) {
        List<OracleResult> out = new ArrayList<>();
        for (ObservedRun r : o.runs()) for (ObservedCheck c : r.checks()) out.add(oracle(c, r, o.noHistoryWeakness()));
        return out;
    }

    /**
     * A check as the verdict sees it, with the client ops that completed in the history it judged: the verdict
     * needs completed work, for a monitor too — whose own counts are message events, not ops. A check with no
     * history cannot show that any client op completed while it watched.
     */
    static OracleResult oracle(ObservedCheck oc, ObservedRun r, String noHistoryWeakness) {
        CheckResult c = oc.result();
        List<String> weak = new ArrayList<>(c.weaknesses().stream().map(HistoryWeakness::detail).toList());
        if (oc.opsCompleted() == null && !noHistoryWeakness.isEmpty()) weak.add(noHistoryWeakness);
        String source = r.label().isEmpty() ? "" : " [" + r.label() + ", " + r.historyFile() + "]";
        return new OracleResult(c.checker(), c.validity(), c.evidence().ops(), c.evidence().opsTotal(), weak,
                c.summary() + source, oc.opsCompleted(), oc.unit());
    }

    /** The green-but-broken checks; none when no seed finished. */
    public static List<AuditItem> greenButBroken(ArmObservations o, List<OracleResult> oracles) {
        List<AuditItem> items = new ArrayList<>();
        List<ObservedRun> done = o.done();
        if (done.isEmpty()) return items;
        List<HistoryStats> histories = histories(done);
        long ops = histories.stream().mapToLong(HistoryStats::ops).sum();
        long ok = histories.stream().mapToLong(HistoryStats::ok).sum();
        boolean timed = done.stream().allMatch(r -> r.workloadMs() >= 0);
        long ms = done.stream().mapToLong(r -> Math.max(0, r.workloadMs())).sum();
        // the rate that counts is of completed ops: a workload whose every op timed out produced nothing to check
        items.add(!o.recordsHistory() || !timed ? AuditItem.notEvaluated(AuditCheck.WORKLOAD_RATE)
                : new AuditItem(AuditCheck.WORKLOAD_RATE, ok > 0 ? Status.PASSED : Status.FAILED,
                ok + " of " + ops + " ops completed, over all " + done.size() + " seed(s), in " + ms + " ms of workload ("
                + (ms > 0 ? ok * 1000 / ms : 0) + " completed ops/s)" + (ok > 0 ? "; the plan states no rate to compare with"
                : "; no op completed, so there was no work to check")));
        boolean all = !oracles.isEmpty() && oracles.stream().noneMatch(OracleResult::partialCoverage);
        items.add(new AuditItem(AuditCheck.ORACLE_COVERAGE,
                oracles.isEmpty() ? Status.NOT_EVALUATED : all ? Status.PASSED : Status.FAILED, consumedPerChecker(oracles)));
        List<ObservedFault> faults = faults(done);
        if (faults.isEmpty()) {
            items.add(new AuditItem(AuditCheck.FAULTS_INJECTED, Status.NOT_APPLICABLE, "no fault in this arm"));
            items.add(new AuditItem(AuditCheck.FAULT_NOT_NOOP, Status.NOT_APPLICABLE, "no fault in this arm"));
            items.add(new AuditItem(AuditCheck.RECOVERY, Status.NOT_APPLICABLE, "no fault in this arm"));
        } else {
            boolean landed = faults.stream().allMatch(ObservedFault::active);
            items.add(new AuditItem(AuditCheck.FAULTS_INJECTED, landed ? Status.PASSED : Status.FAILED,
                    faults.stream().map(ObservedFault::injectedText).collect(Collectors.joining("; "))));
            items.add(new AuditItem(AuditCheck.FAULT_NOT_NOOP, landed ? Status.PASSED : Status.FAILED,
                    faults.stream().map(f -> f.summary().isEmpty() ? f.name() + ": no reading" : f.summary())
                            .collect(Collectors.joining("; "))));
            long after = histories.stream().mapToLong(HistoryStats::okAfterLastHeal).min().orElse(-1);
            items.add(after < 0 ? AuditItem.notEvaluated(AuditCheck.RECOVERY)
                    : new AuditItem(AuditCheck.RECOVERY, after > 0 ? Status.PASSED : Status.FAILED,
                    after > 0 ? "at least " + after + " successful ops invoked after the last fault healed, on every seed"
                            : "no successful op was invoked after the last fault healed"));
        }
        items.add(histories.isEmpty() ? AuditItem.notEvaluated(AuditCheck.CLOCK_SKEW)
                : new AuditItem(AuditCheck.CLOCK_SKEW, monotonic(done) ? Status.PASSED : Status.FAILED, monotonicEvidence(done)));
        items.add(AuditItem.notEvaluated(AuditCheck.RUN_DURATION));
        boolean scanned = done.stream().allMatch(r -> r.logLines() >= 0);
        List<String> markers = done.stream().flatMap(r -> r.errorMarkers().stream()).toList();
        long lines = done.stream().mapToLong(ObservedRun::logLines).sum();
        items.add(!scanned ? AuditItem.notEvaluated(AuditCheck.NO_ERROR_SUPPRESSION)
                : new AuditItem(AuditCheck.NO_ERROR_SUPPRESSION, markers.isEmpty() ? Status.PASSED : Status.FAILED, markers.isEmpty()
                ? lines + " service log lines scanned, no exception/ERROR/panic line" : markers.size() + " error line(s), first: " + markers.get(0)));
        items.add(AuditItem.notEvaluated(AuditCheck.FAIR_BASELINE));
        items.add(AuditItem.notEvaluated(AuditCheck.STATISTICS_REPLICATED));
        return items;
    }

    /** The weak-oracle audit, with the items the test's author declared not applicable as declared. */
    public static List<AuditItem> weakOracleAudit(ArmObservations o) {
        List<AuditItem> items = new ArrayList<>();
        List<ObservedRun> done = o.done();
        List<CheckResult> checks = o.runs().stream().flatMap(r -> r.checks().stream()).map(ObservedCheck::result).toList();
        Map<String, String> units = new HashMap<>();
        for (ObservedRun r : o.runs()) for (ObservedCheck c : r.checks()) if (c.unit() != null) units.put(c.result().checker(), c.unit());
        long consumed = checks.stream().mapToLong(c -> c.evidence().ops()).sum();
        String historyOracle = checks.stream().map(CheckResult::checker).distinct().collect(Collectors.joining(", "));
        Status historyBased = consumed > 0 ? Status.PASSED : Status.NOT_EVALUATED;
        // per checker, in what it counts: a monitor's message events are not recorded ops
        String ev = consumed > 0 ? checks.stream()
                .collect(Collectors.groupingBy(CheckResult::checker, LinkedHashMap::new, Collectors.summingLong(c -> c.evidence().ops())))
                .entrySet().stream().map(en -> en.getKey() + " consumed " + en.getValue() + " "
                        + units.getOrDefault(en.getKey(), "recorded ops"))
                .collect(Collectors.joining("; ")) : "";
        items.add(new AuditItem(AuditCheck.NOT_FINAL_STATE_ONLY, historyBased, ev));
        items.add(new AuditItem(AuditCheck.NOT_LOGS_ONLY, historyBased, ev));
        items.add(new AuditItem(AuditCheck.NOT_HEALTH_CHECKS_ONLY, historyBased, ev));
        List<ObservedFault> faults = faults(done);
        long processFaults = faults.stream().filter(f -> f.processFault() && f.injected()).count();
        items.add(processFaults == 0
                ? new AuditItem(AuditCheck.FAILOVERS, Status.NOT_APPLICABLE, "no process fault in the schedule")
                : !describesFailover(o) ? new AuditItem(AuditCheck.FAILOVERS, Status.NOT_APPLICABLE, processFaults
                + " process fault(s); the scenario's technique, faults and nemesis describe no failover, leader change or promotion")
                : processFaults > 1 ? new AuditItem(AuditCheck.FAILOVERS, Status.PASSED, processFaults + " process faults across seeds")
                : new AuditItem(AuditCheck.FAILOVERS, Status.FAILED, "only one process fault in a failover-based scenario"));
        List<HistoryStats> histories = histories(done);
        boolean unique = !histories.isEmpty() && histories.stream().allMatch(HistoryStats::uniqueWrites);
        long writes = histories.stream().mapToLong(HistoryStats::writes).sum();
        long unknown = histories.stream().mapToLong(HistoryStats::unknown).sum();
        items.add(unique && writes > 0
                ? new AuditItem(AuditCheck.HIDDEN_RETRIES, Status.PASSED, "all " + writes
                + " write values are unique, so a hidden retry re-applying one later would surface as a stale read; "
                + unknown + " unknown outcomes recorded as such")
                : AuditItem.notEvaluated(AuditCheck.HIDDEN_RETRIES));
        items.add(histories.isEmpty() ? new AuditItem(AuditCheck.TIMESTAMPS_MONOTONIC, Status.NOT_EVALUATED, "")
                : new AuditItem(AuditCheck.TIMESTAMPS_MONOTONIC, monotonic(done) ? Status.PASSED : Status.FAILED, monotonicEvidence(done)));
        if (faults.isEmpty()) {
            items.add(new AuditItem(AuditCheck.ASYMMETRIC_VARIANT, Status.NOT_APPLICABLE, "no fault in this arm"));
        } else {
            List<String> asym = faults.stream().filter(f -> f.asymmetric() && f.active()).map(ObservedFault::name).distinct().toList();
            List<String> net = faults.stream().filter(f -> !f.processFault()).map(ObservedFault::name).distinct().toList();
            items.add(net.isEmpty() ? new AuditItem(AuditCheck.ASYMMETRIC_VARIANT, Status.NOT_APPLICABLE,
                    "process faults only; asymmetry applies to network faults")
                    : asym.isEmpty() ? AuditItem.notEvaluated(AuditCheck.ASYMMETRIC_VARIANT)
                    : new AuditItem(AuditCheck.ASYMMETRIC_VARIANT, Status.PASSED, "asymmetric fault(s) landed: " + String.join(", ", asym)));
        }
        boolean fairnessRan = checks.stream().anyMatch(c -> c.checker().equals(CheckerName.FAIRNESS.id()));
        long seeds = o.primary().stream().map(ObservedRun::seed).distinct().count();
        items.add(!fairnessRan || o.plan() != null && o.scenario() != null && !statisticalClaim(o)
                ? new AuditItem(AuditCheck.THREE_SEEDS, Status.NOT_APPLICABLE,
                "no statistical oracle ran in this arm (" + (historyOracle.isEmpty() ? "none" : historyOracle) + ")")
                : o.plan() == null || o.scenario() == null ? AuditItem.notEvaluated(AuditCheck.THREE_SEEDS)
                : new AuditItem(AuditCheck.THREE_SEEDS, seeds >= 3 ? Status.PASSED : Status.FAILED, seeds + " seed(s)"));
        if (o.declaredNotApplicable().isEmpty()) return items;
        List<AuditItem> declared = new ArrayList<>();
        for (AuditItem i : items) {
            String why = o.declaredNotApplicable().get(i.item());
            declared.add(why == null ? i : new AuditItem(i.item(), Status.NOT_APPLICABLE, why));
        }
        return declared;
    }

    /**
     * Each checker once, its counts summed over every seed and re-run it judged, in what it counts
     * ({@code linearizability 3409/3409 ops over 2 runs; monitor 1203/1203 message events}).
     */
    static String consumedPerChecker(List<OracleResult> oracles) {
        Map<String, long[]> by = new LinkedHashMap<>(); // checker → {consumed, total, runs}
        Map<String, String> unit = new HashMap<>();
        for (OracleResult o : oracles) {
            long[] n = by.computeIfAbsent(o.checker(), k -> new long[3]);
            n[0] += o.opsConsumed();
            n[1] += o.opsTotal();
            n[2]++;
            unit.merge(o.checker(), o.unitName(), (a, b) -> a.equals(b) ? a : a + "/" + b);
        }
        return by.entrySet().stream().map(en -> en.getKey() + " " + en.getValue()[0] + "/" + en.getValue()[1] + " "
                + unit.get(en.getKey()) + (en.getValue()[2] > 1 ? " over " + en.getValue()[2] + " runs" : ""))
                .collect(Collectors.joining("; "));
    }

    private static List<HistoryStats> histories(List<ObservedRun> runs) {
        return runs.stream().flatMap(r -> r.histories().stream()).toList();
    }

    private static List<ObservedFault> faults(List<ObservedRun> runs) {
        return runs.stream().flatMap(r -> r.faults().stream()).toList();
    }

    private static boolean monotonic(List<ObservedRun> done) {
        return histories(done).stream().allMatch(HistoryStats::monotonic);
    }

    /** Monotonic timestamps over every seed's history: the op count of all of them, or the first seed that broke it. */
    static String monotonicEvidence(List<ObservedRun> done) {
        for (ObservedRun r : done) {
            for (HistoryStats h : r.histories()) {
                if (!h.monotonic()) return (r.label().isEmpty() ? "" : r.label() + ": ") + h.monotonicDetail();
            }
        }
        long ops = histories(done).stream().mapToLong(HistoryStats::ops).sum();
        return "invoke_ts non-decreasing per process and complete_ts >= invoke_ts for all " + ops + " ops, over all "
                + done.size() + " seed(s)";
    }

    /** Whether the plan says this scenario exercises a failover (a harness cannot know which node leads). */
    private static boolean describesFailover(ArmObservations o) {
        if (o.scenario() == null) return false;
        var s = o.scenario();
        String text = (s.value("technique") + " " + s.value("faults") + " "
                + (s.sevenM().present() ? s.sevenM().nemesis() : "")).toLowerCase(Locale.ROOT);
        return text.contains("failover") || text.contains("fail over") || text.contains("leader change")
                || text.contains("election") || text.contains("promot") || text.contains("kill the leader")
                || text.contains("leader crash");
    }

    /** The scenario falsifies a performance or fairness claim: one whose oracle is statistical. */
    private static boolean statisticalClaim(ArmObservations o) {
        for (Claim c : o.plan().claimsOf(o.scenario())) {
            if (c.categories().contains(ClaimCategory.PERFORMANCE_SLO) || c.categories().contains(ClaimCategory.FAIRNESS)) return true;
        }
        return false;
    }
}
