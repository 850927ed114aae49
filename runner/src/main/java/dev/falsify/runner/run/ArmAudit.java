package dev.falsify.runner.run;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.AuditItem.Status;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.runner.messages.MonitorOracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The runner's own judgements of an arm's run: the green-but-broken checks and the weak-oracle audit. Each item
 * is evaluated from evidence — counted over every seed the arm ran, never the first one only — or left "not
 * evaluated"; none is ticked by default.
 */
final class ArmAudit {
    private final Plan plan;
    private final Scenario scenario;
    private final RunSpec spec;

    ArmAudit(Plan plan, Scenario scenario, RunSpec spec) {
        this.plan = plan;
        this.scenario = scenario;
        this.spec = spec;
    }

    List<AuditItem> greenButBroken(List<SeedResult> primary, List<OracleResult> oracles) {
        List<AuditItem> items = new ArrayList<>();
        List<SeedResult> done = primary.stream().filter(r -> r.error().isEmpty()).toList();
        if (done.isEmpty()) return items;
        long ops = done.stream().mapToLong(r -> r.stats().ops()).sum();
        long ok = done.stream().mapToLong(r -> r.stats().ok()).sum();
        long ms = done.stream().mapToLong(SeedResult::workloadMs).sum();
        // the rate that counts is of completed ops: a workload whose every op timed out produced nothing to check
        items.add(spec.history() == null ? AuditItem.notEvaluated("workload produced the expected ops/s for the expected duration")
                : new AuditItem("workload produced the expected ops/s for the expected duration", ok > 0 ? Status.PASSED : Status.FAILED,
                ok + " of " + ops + " ops completed, over all " + done.size() + " seed(s), in " + ms + " ms of workload ("
                + (ms > 0 ? ok * 1000 / ms : 0) + " completed ops/s)" + (ok > 0 ? "; the plan states no rate to compare with"
                : "; no op completed, so there was no work to check")));
        boolean all = !oracles.isEmpty() && oracles.stream().noneMatch(OracleResult::partialCoverage);
        items.add(new AuditItem("oracle ran on every intended cycle (op count consumed)",
                oracles.isEmpty() ? Status.NOT_EVALUATED : all ? Status.PASSED : Status.FAILED, consumedPerChecker(oracles)));
        List<FaultObservation> faults = done.stream().flatMap(r -> r.faults().stream()).toList();
        if (faults.isEmpty()) {
            items.add(new AuditItem("faults verifiably injected (injector side and victim side)", Status.NOT_APPLICABLE, "no fault in this arm"));
            items.add(new AuditItem("fault did not silently no-op", Status.NOT_APPLICABLE, "no fault in this arm"));
            items.add(new AuditItem("recovery completed (back to nominal, not degraded)", Status.NOT_APPLICABLE, "no fault in this arm"));
        } else {
            boolean injected = faults.stream().allMatch(f -> f.injected);
            boolean landed = faults.stream().allMatch(FaultObservation::active);
            items.add(new AuditItem("faults verifiably injected (injector side and victim side)",
                    injected && landed ? Status.PASSED : Status.FAILED, faults.stream().map(f -> f.name + ": "
                    + (f.injected ? "injected" : "not injected") + ", landing " + f.landing.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining("; "))));
            items.add(new AuditItem("fault did not silently no-op", landed ? Status.PASSED : Status.FAILED,
                    faults.stream().map(f -> f.summary.isEmpty() ? f.name + ": no reading" : f.summary).collect(Collectors.joining("; "))));
            long after = done.stream().mapToLong(r -> r.stats().okAfterLastHeal()).min().orElse(-1);
            items.add(after < 0 ? AuditItem.notEvaluated("recovery completed (back to nominal, not degraded)")
                    : new AuditItem("recovery completed (back to nominal, not degraded)", after > 0 ? Status.PASSED : Status.FAILED,
                    after > 0 ? "at least " + after + " successful ops invoked after the last fault healed, on every seed"
                            : "no successful op was invoked after the last fault healed"));
        }
        boolean monotonic = done.stream().allMatch(r -> r.stats().monotonic());
        items.add(new AuditItem("clock skew did not mask a timing assertion (monotonic timestamps)",
                monotonic ? Status.PASSED : Status.FAILED, monotonicEvidence(done)));
        items.add(AuditItem.notEvaluated("run duration met the exit criterion"));
        List<String> markers = done.stream().flatMap(r -> r.errorMarkers().stream()).toList();
        long lines = done.stream().mapToLong(SeedResult::logLines).sum();
        items.add(new AuditItem("no silent error suppression (SUT logs scanned for exceptions/panics)",
                markers.isEmpty() ? Status.PASSED : Status.FAILED, markers.isEmpty()
                ? lines + " service log lines scanned, no exception/ERROR/panic line" : markers.size() + " error line(s), first: " + markers.get(0)));
        items.add(AuditItem.notEvaluated("baseline comparison is fair"));
        items.add(AuditItem.notEvaluated("statistical claims were replicated"));
        return items;
    }

    List<AuditItem> weakOracleAudit(List<SeedResult> primary, List<SeedResult> all) {
        List<AuditItem> items = new ArrayList<>();
        List<SeedResult> done = primary.stream().filter(r -> r.error().isEmpty()).toList();
        long consumed = all.stream().flatMap(r -> r.checks().stream()).mapToLong(c -> c.evidence().ops()).sum();
        String historyOracle = all.stream().flatMap(r -> r.checks().stream()).map(CheckResult::checker).distinct()
                .collect(Collectors.joining(", "));
        Status historyBased = consumed > 0 ? Status.PASSED : Status.NOT_EVALUATED;
        // per checker, in what it counts: a monitor's message events are not recorded ops
        String ev = consumed > 0 ? all.stream().flatMap(r -> r.checks().stream())
                .collect(Collectors.groupingBy(CheckResult::checker, java.util.LinkedHashMap::new,
                        Collectors.summingLong(c -> c.evidence().ops())))
                .entrySet().stream().map(en -> en.getKey() + " consumed " + en.getValue()
                        + (en.getKey().equals(MonitorOracle.NAME) ? " " + OracleResult.MESSAGE_EVENTS : " recorded ops"))
                .collect(Collectors.joining("; ")) : "";
        items.add(new AuditItem("oracle is not final state only", historyBased, ev));
        items.add(new AuditItem("oracle is not logs only", historyBased, ev));
        items.add(new AuditItem("oracle is not health checks only", historyBased, ev));
        List<FaultObservation> faults = done.stream().flatMap(r -> r.faults().stream()).toList();
        long processFaults = faults.stream().filter(f -> f.processFault && f.injected).count();
        String failover = "more than one failover if failover-based";
        items.add(processFaults == 0
                ? new AuditItem(failover, Status.NOT_APPLICABLE, "no process fault in the schedule")
                : !describesFailover() ? new AuditItem(failover, Status.NOT_APPLICABLE, processFaults
                + " process fault(s); the scenario's technique, faults and nemesis describe no failover, leader change or promotion")
                : processFaults > 1 ? new AuditItem(failover, Status.PASSED, processFaults + " process faults across seeds")
                : new AuditItem(failover, Status.FAILED, "only one process fault in a failover-based scenario"));
        boolean unique = !done.isEmpty() && done.stream().allMatch(r -> r.stats().uniqueWrites());
        long writes = done.stream().mapToLong(r -> r.stats().writes()).sum();
        long unknown = done.stream().mapToLong(r -> r.stats().unknown()).sum();
        items.add(unique && writes > 0
                ? new AuditItem("client-hidden retries were caught (or N/A)", Status.PASSED, "all " + writes
                + " write values are unique, so a hidden retry re-applying one later would surface as a stale read; "
                + unknown + " unknown outcomes recorded as such")
                : AuditItem.notEvaluated("client-hidden retries were caught (or N/A)"));
        boolean monotonic = !done.isEmpty() && done.stream().allMatch(r -> r.stats().monotonic());
        items.add(new AuditItem("timestamps monotonic", done.isEmpty() ? Status.NOT_EVALUATED
                : monotonic ? Status.PASSED : Status.FAILED, done.isEmpty() ? "" : monotonicEvidence(done)));
        if (faults.isEmpty()) {
            items.add(new AuditItem("at least one asymmetric / mixed variant where applicable", Status.NOT_APPLICABLE, "no fault in this arm"));
        } else {
            List<String> asym = faults.stream().filter(f -> f.asymmetric && f.active()).map(f -> f.name).distinct().toList();
            List<String> net = faults.stream().filter(f -> !f.processFault).map(f -> f.name).distinct().toList();
            items.add(net.isEmpty() ? new AuditItem("at least one asymmetric / mixed variant where applicable", Status.NOT_APPLICABLE,
                    "process faults only; asymmetry applies to network faults")
                    : asym.isEmpty() ? AuditItem.notEvaluated("at least one asymmetric / mixed variant where applicable")
                    : new AuditItem("at least one asymmetric / mixed variant where applicable", Status.PASSED,
                    "asymmetric fault(s) landed: " + String.join(", ", asym)));
        }
        boolean statistical = plan.claimsOf(scenario).stream().anyMatch(ArmAudit::statistical)
                && all.stream().flatMap(r -> r.checks().stream()).anyMatch(c -> c.checker().equals("fairness"));
        long seeds = primary.stream().map(SeedResult::seed).distinct().count();
        items.add(!statistical
                ? new AuditItem("at least three seeds for any statistical claim", Status.NOT_APPLICABLE,
                "no statistical oracle ran in this arm (" + (historyOracle.isEmpty() ? "none" : historyOracle) + ")")
                : new AuditItem("at least three seeds for any statistical claim", seeds >= 3 ? Status.PASSED : Status.FAILED,
                seeds + " seed(s)"));
        return items;
    }

    /**
     * Each checker once, its counts summed over every seed and re-run it judged, in what it counts
     * ({@code linearizability 3409/3409 ops over 2 runs; monitor 1203/1203 message events}).
     */
    static String consumedPerChecker(List<OracleResult> oracles) {
        java.util.Map<String, long[]> by = new java.util.LinkedHashMap<>(); // checker → {consumed, total, runs}
        java.util.Map<String, String> unit = new java.util.HashMap<>();
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

    /** Monotonic timestamps over every seed's history: the op count of all of them, or the first seed that broke it. */
    static String monotonicEvidence(List<SeedResult> done) {
        for (SeedResult r : done) {
            if (!r.stats().monotonic()) return r.label() + ": " + r.stats().monotonicDetail();
        }
        long ops = done.stream().mapToLong(r -> r.stats().ops()).sum();
        return "invoke_ts non-decreasing per process and complete_ts >= invoke_ts for all " + ops + " ops, over all "
                + done.size() + " seed(s)";
    }

    /** Whether the plan says this scenario exercises a failover (the runner cannot know which node leads). */
    private boolean describesFailover() {
        String text = (scenario.value("technique") + " " + scenario.value("faults") + " "
                + (scenario.sevenM().present() ? scenario.sevenM().nemesis() : "")).toLowerCase(Locale.ROOT);
        return text.contains("failover") || text.contains("fail over") || text.contains("leader change")
                || text.contains("election") || text.contains("promot") || text.contains("kill the leader")
                || text.contains("leader crash");
    }

    private static boolean statistical(Claim c) {
        return c.categories().contains(ClaimCategory.PERFORMANCE_SLO) || c.categories().contains(ClaimCategory.FAIRNESS);
    }
}
