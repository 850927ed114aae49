package dev.falsify.runner.run;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.evidence.ArmObservations;
import dev.falsify.checkers.evidence.EvidenceBuilder;
import dev.falsify.checkers.evidence.ObservedCheck;
import dev.falsify.checkers.evidence.ObservedFault;
import dev.falsify.checkers.evidence.ObservedRun;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.session.FindingDetail;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.CapabilityResult;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.vocabulary.Validity;
import dev.falsify.runner.messages.MonitorOracle;
import dev.falsify.runner.probe.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Runs one arm over its seeds, re-runs a violating seed to tell reproducible from nondeterministic,
 * and turns what happened into the evidence record the verdict is computed from. Every audit item is
 * evaluated from evidence or left "not evaluated"; none is ticked by default.
 */
final class ArmExecutor {
    private final ArmContext ctx;
    private final Plan plan;
    private final Scenario scenario;
    private final RunSpec spec;

    ArmExecutor(ArmContext ctx, Plan plan, Scenario scenario, RunSpec spec) {
        this.ctx = ctx;
        this.plan = plan;
        this.scenario = scenario;
        this.spec = spec;
    }

    /** The arm's evidence when a required capability is missing: it never starts. */
    static ArmEvidence environmentMissing(Scenario s, List<Capability> caps) {
        return ArmEvidence.builder(s.baseId(), s.arm()).probes(probes(caps)).reached(true)
                .notes("not started: " + caps.stream().filter(c -> !c.present()).map(Capability::detail)
                        .collect(Collectors.joining("; "))).build();
    }

    static List<CapabilityResult> probes(List<Capability> caps) {
        return caps.stream().map(c -> new CapabilityResult(c.requirement().text() + (c.requirement().versionFloor() == null
                || c.requirement().versionFloor().isBlank() ? "" : " (floor " + c.requirement().versionFloor() + ")"),
                c.present(), c.version(), c.source(), true)).toList();
    }

    ArmOutcome run(List<Capability> caps) {
        List<Long> seeds = ctx.options().seed() != null ? List.of(ctx.options().seed())
                : spec.seeds().isEmpty() ? List.of(1L) : spec.seeds();
        int parallel = Math.min(ctx.options().parallel(), seeds.size());
        if (parallel > 1 && !fixedPorts(spec).isEmpty()) {
            progress("  " + scenario.id() + ": seeds run one at a time: the run block has fixed ports ("
                    + String.join(", ", fixedPorts(spec)) + "); write {port:NAME} to run them in parallel");
            parallel = 1;
        }
        Seeds done = parallel > 1 ? runParallel(seeds, parallel) : runSequential(seeds);
        List<SeedResult> results = new ArrayList<>();
        done.runs().forEach(results::addAll);
        return new ArmOutcome(evidence(caps, results, done.stoppedEarly()), detail(results), results);
    }

    /** The seeds' runs in seed order (each seed's first run, then its re-runs), and why the arm stopped early. */
    private record Seeds(List<List<SeedResult>> runs, String stoppedEarly) {
    }

    private Seeds runSequential(List<Long> seeds) {
        List<List<SeedResult>> runs = new ArrayList<>();
        for (int i = 0; i < seeds.size(); i++) {
            if (ctx.options().cancelled()) {
                return new Seeds(runs, "cancelled before seeds " + seeds.subList(i, seeds.size()));
            }
            List<SeedResult> r = runSeed(seeds.get(i));
            runs.add(r);
            if (reproduced(r) && i + 1 < seeds.size()) {
                return new Seeds(runs, "stopped after the violation on seed " + seeds.get(i) + " reproduced; seeds "
                        + seeds.subList(i + 1, seeds.size()) + " not run");
            }
        }
        return new Seeds(runs, "");
    }

    /**
     * At most {@code n} seeds at once, started in seed order. The verdict is the sequential one: a seed
     * after a reproduced violation is not started, and one already running then is left out of the
     * evidence (its logs stay in the session folder).
     */
    private Seeds runParallel(List<Long> seeds, int n) {
        progress("  " + scenario.id() + ": " + seeds.size() + " seeds, up to " + n + " at a time");
        List<CompletableFuture<List<SeedResult>>> started = new ArrayList<>();
        Semaphore slots = new Semaphore(n);
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "seeds-" + scenario.id());
            t.setDaemon(true);
            return t;
        });
        try {
            for (long seed : seeds) {
                slots.acquire();
                if (stop.get() || ctx.options().cancelled()) {
                    slots.release();
                    break;
                }
                started.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        List<SeedResult> r = runSeed(seed);
                        if (reproduced(r)) stop.set(true);
                        return r;
                    } finally {
                        slots.release();
                    }
                }, pool));
            }
            List<List<SeedResult>> runs = new ArrayList<>();
            for (int i = 0; i < started.size(); i++) {
                List<SeedResult> r = started.get(i).join();
                runs.add(r);
                if (reproduced(r) && i + 1 < seeds.size()) {
                    List<Long> rest = seeds.subList(i + 1, seeds.size());
                    List<Long> ranAnyway = rest.subList(0, Math.max(0, Math.min(rest.size(), started.size() - i - 1)));
                    for (int k = i + 1; k < started.size(); k++) started.get(k).join(); // every process gone before returning
                    return new Seeds(runs, "stopped after the violation on seed " + seeds.get(i) + " reproduced; seeds "
                            + rest + " not run" + (ranAnyway.isEmpty() ? "" : " (" + ranAnyway
                            + " had started in parallel and are not counted)"));
                }
            }
            return new Seeds(runs, started.size() < seeds.size()
                    ? "cancelled before seeds " + seeds.subList(started.size(), seeds.size()) : "");
        } catch (InterruptedException e) {
            // an interrupt is a cancel, as in SeedExecution: the running seeds tear down and report
            ctx.options().cancel().set(true);
            List<List<SeedResult>> runs = new ArrayList<>();
            for (CompletableFuture<List<SeedResult>> f : started) runs.add(f.join());
            return new Seeds(runs, "cancelled before seeds " + seeds.subList(started.size(), seeds.size()));
        } finally {
            pool.shutdown();
        }
    }

    private static boolean reproduced(List<SeedResult> runs) {
        return runs.size() > 1 && runs.get(runs.size() - 1).outcome() == SeedRun.Outcome.VIOLATION;
    }

    /** One seed: its run and, after a violation, its same-seed re-runs until one reproduces it. */
    private List<SeedResult> runSeed(long seed) {
        List<SeedResult> results = new ArrayList<>();
        progress("  " + scenario.id() + " seed " + seed + " …");
        SeedResult r = new SeedExecution(ctx, spec, seed, 0).run();
        results.add(r);
        progress("  " + scenario.id() + " seed " + seed + ": " + describe(r));
        if (r.outcome() == SeedRun.Outcome.VIOLATION) {
            for (int k = 1; k <= ctx.options().reruns() && !ctx.options().cancelled(); k++) {
                progress("  " + scenario.id() + " seed " + seed + " re-run " + k + " (same seed, same fault schedule) …");
                SeedResult again = new SeedExecution(ctx, spec, seed, k).run();
                results.add(again);
                progress("  " + scenario.id() + " seed " + seed + " re-run " + k + ": " + describe(again));
                if (again.outcome() == SeedRun.Outcome.VIOLATION) break;
            }
        }
        return results;
    }

    /** Listen and ready addresses with a port written down: two seeds at once would fight over them. */
    static List<String> fixedPorts(RunSpec spec) {
        List<String> out = new ArrayList<>();
        for (RunSpec.Proxy p : spec.proxies()) {
            if (p.listen() != null && !PortAllocation.PLACEHOLDER.matcher(p.listen()).find()) out.add(p.listen());
        }
        for (RunSpec.Service s : spec.services()) {
            String tcp = s.ready() == null ? null : s.ready().tcp();
            if (tcp != null && !PortAllocation.PLACEHOLDER.matcher(tcp).find()) out.add(tcp);
        }
        return out;
    }

    private void progress(String line) {
        ctx.options().progress().println(line);
        ctx.options().progress().flush();
    }

    private static String describe(SeedResult r) {
        return switch (r.outcome()) {
            case CLEAN -> "no anomaly (" + r.stats().ops() + " ops, " + r.stats().ok() + " completed" + faultsLine(r) + ")";
            case VIOLATION -> "VIOLATION " + r.checks().stream().filter(c -> c.validity() == dev.falsify.model.vocabulary.Validity.INVALID)
                    .map(CheckResult::summary).collect(Collectors.joining("; "));
            case ERROR -> "could not finish: " + r.error();
        };
    }

    private static String faultsLine(SeedResult r) {
        if (r.faults().isEmpty()) return "";
        long landed = r.faults().stream().filter(FaultObservation::active).count();
        return ", " + landed + "/" + r.faults().size() + " faults landed";
    }

    private ArmEvidence evidence(List<Capability> caps, List<SeedResult> results, String stoppedEarly) {
        ArmEvidence.Builder b = ArmEvidence.builder(scenario.baseId(), scenario.arm());
        List<CapabilityResult> probes = new ArrayList<>(probes(caps));
        List<String> notes = new ArrayList<>();
        List<SeedResult> primary = results.stream().filter(r -> !r.rerun()).toList();
        for (SeedResult r : results) {
            if (r.error().startsWith("environment:")) {
                String what = r.error().contains("cluster") ? "network namespaces (netns nodes) for " : "free loopback ports for ";
                probes.add(new CapabilityResult(what + scenario.id(), false, "", r.error(), true));
            }
            if (!r.error().isEmpty()) notes.add(r.label() + ": " + r.error());
            for (FaultObservation o : r.faults()) {
                // a fault this machine cannot make (a kernel without netem) is the environment's, not the system's
                if (o.notInjectedBecause.startsWith("environment:")) {
                    probes.add(new CapabilityResult("fault " + o.name + " (" + o.kind + ") for " + scenario.id(), false, "",
                            o.notInjectedBecause, true));
                }
            }
        }
        if (!stoppedEarly.isEmpty()) notes.add(stoppedEarly);
        b.probes(probes);
        if (primary.stream().allMatch(r -> r.error().equals("cancelled"))) {
            notes.add("cancelled before any seed finished");
            return b.reached(false).notes(String.join("; ", notes)).build();
        }

        List<FaultEvidence> faults = new ArrayList<>();
        for (SeedResult r : primary) {
            for (FaultObservation o : r.faults()) {
                faults.add(o.evidence(primary.size() > 1 ? " (seed " + r.seed() + ")" : ""));
                notes.add(r.label() + " " + o.schedule + (o.notInjectedBecause.isEmpty() ? "" : " — not injected: "
                        + o.notInjectedBecause) + (o.summary.isEmpty() ? "" : " — " + o.summary));
            }
        }
        b.faults(faults);
        List<String> known = new ArrayList<>(spec.checkers());   // the run block's, and any registered beyond the shipped ones
        for (Checker c : ctx.checkers().all()) known.add(c.name());
        b.declaredCheckers(scenario.declaredCheckers(known));
        for (SeedResult r : results) {
            for (String m : r.missingCheckers()) notes.add(r.label() + ": checker " + m + " is not available, so it did not run");
        }
        EvidenceBuilder.apply(observations(results), b);
        b.seeds(results.stream().map(r -> new SeedRun(r.seed(), r.rerun(), r.outcome())).toList());
        List<Long> durations = primary.stream().filter(r -> r.error().isEmpty()).map(SeedResult::workloadMs).toList();
        BudgetCheck.Result budget = BudgetCheck.tierMet(scenario.smokeBudget(), scenario.hardeningBudget(),
                scenario.releaseBudget(), durations);
        b.budgetMet(budget.tier());
        notes.add("budget: " + budget.evidence());
        b.notes(String.join("; ", notes));
        return b.build();
    }

    /** The seeds' runs as the evidence builder reads them. */
    private ArmObservations observations(List<SeedResult> results) {
        boolean hasHistory = spec.history() != null;
        List<ObservedRun> runs = new ArrayList<>();
        for (SeedResult r : results) {
            List<ObservedCheck> checks = new ArrayList<>();
            for (CheckResult c : r.checks()) {
                checks.add(new ObservedCheck(c, hasHistory ? r.stats().ok() : null,
                        c.checker().equals(MonitorOracle.NAME) ? OracleResult.MESSAGE_EVENTS : null));
            }
            List<ObservedFault> faults = r.faults().stream().map(f -> new ObservedFault(f.name, f.injected, f.landing, f.summary,
                    f.processFault, f.asymmetric)).toList();
            runs.add(new ObservedRun(r.seed(), r.rerun(), r.label(), r.error(), checks, r.historyFile(), List.of(r.stats()),
                    faults, r.workloadMs(), r.logLines(), r.errorMarkers()));
        }
        return new ArmObservations(plan, scenario, runs, hasHistory,
                "the run block records no history, so no completed client op can be shown for what it judged"
                        + " (add history: to the run block)", java.util.Map.of());
    }

    private FindingDetail detail(List<SeedResult> results) {
        SeedResult failing = results.stream().filter(r -> r.outcome() == SeedRun.Outcome.VIOLATION).findFirst().orElse(null);
        if (failing == null) return FindingDetail.EMPTY;
        List<String> what = new ArrayList<>();
        for (CheckResult c : failing.checks()) {
            if (c.validity() != dev.falsify.model.vocabulary.Validity.INVALID) continue;
            // the summary, then only what the counterexample adds to it (times in ms from the history's start)
            StringBuilder w = new StringBuilder(c.checker() + ": " + c.summary() + " (" + c.evidence().ops()
                    + " ops checked, " + failing.stats().unknown() + " unknown outcomes)");
            List<String> lines = dev.falsify.checkers.api.CheckResultText.details(c);
            for (String line : lines.subList(0, Math.min(8, lines.size()))) {
                w.append(w.charAt(w.length() - 1) == ':' ? " " : "; ").append(line.strip());
            }
            what.add(w.toString());
        }
        String schedule = failing.faults().stream().map(f -> f.schedule).collect(Collectors.joining("; "));
        String env = ctx.options().env().isEmpty() ? "" : ctx.options().env().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")) + " ";
        String reproducer = env + "falsify run " + ctx.planLabel() + " --scenario " + scenario.id() + " --seed " + failing.seed()
                + (schedule.isEmpty() ? "" : " (fault schedule: " + schedule + ")") + "; history " + failing.historyFile();
        return new FindingDetail(checkersOf(failing) + " violation in " + scenario.id() + " on seed " + failing.seed(),
                String.join(", ", scenario.closes()), String.join("\n", what), reproducer,
                scenario.sevenM().present() ? scenario.sevenM().reduction() : "", "", "re-run the reproducer, then reduce per the plan's reduction plan");
    }

    private static String checkersOf(SeedResult r) {
        return r.checks().stream().filter(c -> c.validity() == dev.falsify.model.vocabulary.Validity.INVALID)
                .map(CheckResult::checker).collect(Collectors.joining(", "));
    }
}
