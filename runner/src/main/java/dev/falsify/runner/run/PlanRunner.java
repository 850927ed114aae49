package dev.falsify.runner.run;

import dev.falsify.runner.events.RunEventLog;
import dev.falsify.model.session.SessionLayout;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpecError;
import dev.falsify.model.report.PlanFactsAdapter;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.session.CapabilityRow;
import dev.falsify.model.session.Precondition;
import dev.falsify.model.session.SessionHeader;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.PlanId;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.git.CommitUnderTest;
import dev.falsify.runner.probe.Capability;
import dev.falsify.runner.probe.CapabilityProbe;
import dev.falsify.runner.probe.Requirement;
import dev.falsify.runner.store.SessionStore;
import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Runs a plan's scenarios and writes the session: capability probes first (a scenario whose
 * requirement is missing is INCONCLUSIVE-env and never starts), then each scenario's seeds, a
 * verdict file per arm as it finishes, the timeline in session-log.md as events happen, the SQLite
 * index after every arm, and findings/report.md at the end.
 *
 * <p>Trust is the caller's job: nothing here asks. Call {@link #run(PlanSnapshot, String, RunOptions, EventBus)}
 * with the very snapshot whose {@link PlanCommands fingerprint} the user trusted: the runner reads
 * nothing of the plan file again, resolves every path from the snapshot's real path, and executes a
 * §6b probe written as a path only because it is one of that fingerprint's lines.
 */
public final class PlanRunner {
    private static final Set<String> TIMELINE = Set.of("scenario-started", "started", "ready", "fault-injected",
            "fault-healed", "landing", "oracle", "ended", "scenario-ended", "step");
    private static final int MAX_MARKERS_PER_LABEL = 5;

    private PlanRunner() {
    }

    /** A plan that cannot be run: unreadable, no runnable scenario, invalid run blocks, unknown scenario ids. */
    public static final class PlanError extends Exception {
        public PlanError(String message) {
            super(message);
        }
    }

    /** Parses and validates the plan and picks the scenarios; nothing runs. */
    public static List<Scenario> select(Path planFile, Plan plan, List<String> wanted) throws PlanError {
        List<Scenario> runnable = plan.runnableScenarios();
        List<Scenario> chosen = new ArrayList<>();
        if (wanted.isEmpty()) {
            chosen.addAll(runnable);
        } else {
            for (String id : wanted) {
                Scenario s = plan.scenario(id.trim()).orElseThrow(() -> new PlanError(planFile + ": no scenario " + id.trim()
                        + "; the plan has " + plan.scenarios().stream().map(Scenario::id).collect(Collectors.joining(", "))));
                if (s.runBlocks().isEmpty()) throw new PlanError(planFile + ":" + s.headingSpan().startLine()
                        + ": scenario " + s.id() + " has no run block, so it cannot be run");
                chosen.add(s);
            }
        }
        if (chosen.isEmpty()) throw new PlanError(planFile + ": no scenario has a run block; nothing to run");
        for (Scenario s : chosen) {
            RunBlock b = s.run().orElseThrow();
            if (!b.errors().isEmpty()) {
                RunSpecError e = b.errors().get(0);
                throw new PlanError(planFile + ":" + e.span().startLine() + ":" + e.span().startColumn() + ": " + e.message()
                        + " (run block of " + s.id() + ")");
            }
            if (b.spec() == null) throw new PlanError(planFile + ":" + b.span().startLine() + ": run block of " + s.id() + " is unreadable");
        }
        return chosen;
    }

    /**
     * Reads a snapshot of the plan and runs it: for callers that do not ask for trust (Falsify's own
     * bundled example, tests). Anything that showed the plan to a user must run that snapshot instead.
     */
    public static RunResult run(Path planFile, String planLabel, RunOptions options, EventBus bus)
            throws IOException, PlanError {
        return run(PlanSnapshot.read(planFile), planLabel, options, bus);
    }

    /**
     * Runs the snapshot.
     *
     * @throws IOException the session could not be written; the message names the file
     */
    public static RunResult run(PlanSnapshot snapshot, String planLabel, RunOptions options, EventBus bus)
            throws IOException, PlanError {
        Path planFile = snapshot.file();
        Plan plan = snapshot.plan();
        List<Scenario> chosen = select(planFile, plan, options.scenarios());
        Path planDir = snapshot.planDir();
        PrintProgress progress = new PrintProgress(options);

        Path firstCwd = snapshot.cwd(chosen.get(0).run().orElseThrow().spec());
        String commit = CommitUnderTest.of(options.commitFrom() != null ? options.commitFrom() : firstCwd).map(CommitUnderTest::label).orElse("unknown (not a git work tree)");
        String slug = plan.header().slug() == null || plan.header().slug().isBlank()
                ? planFile.getFileName().toString().replaceFirst("\\.md$", "") : plan.header().slug();
        SessionHeader header = new SessionHeader("", plan.header().sut(), planFile.toAbsolutePath().normalize().toString(), commit, "",
                options.operator(), "", "", runConfiguration(snapshot, options));
        SessionWriter session = SessionWriter.create(options.sessionsRoot(), slug, header, Clock.systemUTC());
        progress.line("session " + session.dir());

        CapabilityProbe prober = CapabilityProbe.fromEnvironment(snapshot.probeCwd(), Set.copyOf(PlanCommands.probes(snapshot)));
        List<Capability> caps = prober.probeAll(plan.requirements().stream().map(Requirement::of).toList());
        session.capabilities(caps.stream().map(c -> new CapabilityRow(c.requirement().text(), c.present() ? "yes" : "no",
                c.version() == null ? "" : c.version(), c.source())).toList());
        session.toolbox(toolbox(caps));
        session.preconditions(List.of(
                new Precondition(true, "plan parsed; run blocks of " + chosen.stream().map(Scenario::id)
                        .collect(Collectors.joining(", ")) + " valid"),
                new Precondition(true, "plan trusted (commands reviewed before running)"),
                new Precondition(!commit.startsWith("unknown"), "commit under test recorded: " + commit),
                new Precondition(caps.stream().allMatch(Capability::present), "every §6b requirement present"
                        + (caps.stream().allMatch(Capability::present) ? "" : " (missing: " + caps.stream()
                        .filter(c -> !c.present()).map(c -> c.command()).collect(Collectors.joining(", ")) + ")"))));

        Map<String, Integer> markers = new java.util.concurrent.ConcurrentHashMap<>(); // seeds may run in parallel
        AtomicBoolean warned = new AtomicBoolean(); // a full disk fails every row: say so once
        AtomicBoolean eventsWarned = new AtomicBoolean();
        // the machine-readable record replay reads (artifacts/events.jsonl); the log's rows are for people
        RunEventLog.Writer eventLog = openEventLog(session.dir(), progress);
        AutoCloseable timeline = bus.subscribe(e -> {
            if (e instanceof RunEvent.LogLine) return;
            if (e instanceof RunEvent.LogMarker m) {
                if (markers.merge(m.scenario(), 1, Integer::sum) > MAX_MARKERS_PER_LABEL) return;
            } else if (!TIMELINE.contains(e.type())) {
                return;
            }
            if (eventLog != null) {
                try {
                    eventLog.append(e);
                } catch (IOException | RuntimeException ex) {
                    if (!eventsWarned.getAndSet(true)) {
                        progress.line("warning: " + SessionLayout.eventsFile(session.dir()) + " is not being written: "
                                + ex.getMessage() + " (said once; the run goes on, the session log keeps the timeline)");
                    }
                }
            }
            try {
                session.event(new dev.falsify.model.session.TimelineEvent(java.time.Instant.ofEpochMilli(e.atMs()).toString(),
                        e.scenario(), e.type(), e.describe()));
            } catch (IOException | IllegalStateException ex) {
                if (!warned.getAndSet(true)) {
                    progress.line("warning: timeline rows are not being saved: " + ex.getMessage()
                            + " (said once; the run goes on)");
                }
            }
        });

        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        CheckerRegistry registry = CheckerRegistry.standard();
        SessionStore store = openStore(options, progress);
        try {
            for (Scenario s : chosen) {
                List<Capability> needed = caps.stream().filter(c -> usedBy(c, s)).toList();
                progress.line(s.id() + " " + s.name());
                Decision d;
                if (options.cancelled()) {
                    d = session.armFinished(s.name(), ArmEvidence.builder(s.baseId(), s.arm()).reached(false)
                            .notes("the run was cancelled before this scenario").build(), null);
                } else if (needed.stream().anyMatch(c -> !c.present())) {
                    bus.publish(new RunEvent.ScenarioEnded(System.currentTimeMillis(), s.id(), "not started",
                            "required capability missing"));
                    d = session.armFinished(s.name(), ArmExecutor.environmentMissing(s, needed), null);
                } else {
                    ArmContext ctx = new ArmContext(s.id(), planLabel, planDir, session.dir(), bus, options, registry);
                    ArmOutcome out = new ArmExecutor(ctx, plan, s, s.run().orElseThrow().spec()).run(needed);
                    d = session.armFinished(s.name(), out.evidence(), out.detail());
                }
                verdicts.put(s.id(), d.verdict());
                reasons.put(s.id(), d.reason());
                progress.line(s.id() + " → " + d.display() + " — " + d.reason());
            }
            if (options.cancelled()) {
                // stopped: no end marker, so the folder reads as interrupted; the report says so and
                // covers what was written (every process was torn down by the seeds themselves)
                bus.publish(new RunEvent.Step(System.currentTimeMillis(), "", "stopped",
                        "the run was stopped; the session is left interrupted"));
                session.flush(); // timeline rows held back for the next write: there is none but the report's
                Path report = writeReport(session.dir(), plan, planLabel, progress);
                return new RunResult(session.dir(), session.headline(), verdicts, reasons, report);
            }
            SessionHeadline headline = session.finish();
            Path report = writeReport(session.dir(), plan, planLabel, progress);
            return new RunResult(session.dir(), headline, verdicts, reasons, report);
        } finally {
            try {
                timeline.close();
            } catch (Exception ignored) {
                // removing a listener cannot fail in a way that matters here
            }
            // indexed once, when the folder is complete (or the run ended early): not after every arm,
            // which re-read the whole folder and the plan N times for N scenarios
            if (eventLog != null) closeEventLog(eventLog, session.dir(), progress);
            try {
                session.flush(); // rows held back when the run ended by an error
            } catch (IOException | RuntimeException e) {
                progress.line("warning: the last timeline rows are only in " + SessionLayout.eventsFile(session.dir())
                        + ": " + e.getMessage());
            }
            index(store, session.dir(), progress);
            if (store != null) store.close();
        }
    }

    /** A requirement applies to the scenarios it names (an arm by its own id or its scenario's), or to all when it names none. */
    static boolean usedBy(Capability c, Scenario s) {
        List<String> ids = c.requirement().usedBy();
        if (ids.isEmpty()) return true;
        String base = s.baseId() == null ? s.id() : s.baseId();
        return ids.stream().anyMatch(i -> PlanId.same(i, s.id()) || PlanId.same(i, base));
    }

    private static List<String> toolbox(List<Capability> caps) {
        List<String> t = new ArrayList<>();
        t.add("falsify runner: built-in loopback fault proxy (" + String.join(", ", dev.falsify.model.plan.run.RunVocabulary.ProxyKind.ids())
                + "), process faults (" + String.join("/", dev.falsify.model.plan.run.RunVocabulary.ProcessSignal.ids()) + " + restart), command faults");
        t.add("java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
        t.add("checkers: " + CheckerRegistry.standard().all().stream().map(c -> c.name()).collect(Collectors.joining(", ")));
        for (Capability c : caps) if (c.present()) t.add(c.command() + (c.version() == null ? "" : " " + c.version()) + " at " + c.source());
        return t;
    }

    private static SessionStore openStore(RunOptions options, PrintProgress progress) {
        if (options.storeDb() == null) return null;
        try {
            return SessionStore.open(options.storeDb());
        } catch (IOException | RuntimeException e) {
            progress.line("warning: session index " + options.storeDb() + " unavailable (" + e.getMessage()
                    + "); the session folder is complete without it");
            return null;
        }
    }

    /**
     * The header lines that say what this run's verdicts depend on besides the code (RunConfiguration): the
     * environment it set (the demo's seeded bug switch is one), a pinned seed, the plan's fingerprint. History
     * compares only sessions whose lines agree when it calls a changed verdict a flake.
     */
    static Map<String, String> runConfiguration(PlanSnapshot snapshot, RunOptions options) {
        Map<String, String> lines = new java.util.LinkedHashMap<>();
        lines.put("Environment", dev.falsify.model.session.RunConfiguration.environmentLine(options.env()));
        if (options.seed() != null) lines.put("Seed", options.seed().toString());
        lines.put("Plan fingerprint", dev.falsify.model.session.RunConfiguration.fingerprint(snapshot.text()));
        return lines;
    }

    private static void closeEventLog(RunEventLog.Writer eventLog, Path dir, PrintProgress progress) {
        try {
            eventLog.close();
        } catch (IOException e) {
            progress.line("warning: " + SessionLayout.eventsFile(dir) + " not closed cleanly: " + e.getMessage());
        }
    }

    private static RunEventLog.Writer openEventLog(Path sessionDir, PrintProgress progress) {
        try {
            return new RunEventLog.Writer(SessionLayout.eventsFile(sessionDir));
        } catch (IOException | RuntimeException e) {
            progress.line("warning: " + SessionLayout.eventsFile(sessionDir) + " cannot be written (" + e.getMessage()
                    + "); the timeline can still be replayed from the session log");
            return null;
        }
    }

    private static void index(SessionStore store, Path dir, PrintProgress progress) {
        if (store == null) return;
        try {
            store.importFolder(dir);
        } catch (IOException | RuntimeException e) {
            progress.line("warning: indexing " + dir + " failed: " + e.getMessage());
        }
    }

    private static Path writeReport(Path dir, Plan plan, String planLabel, PrintProgress progress) {
        try {
            String md = ReportWriter.render(SessionReader.read(dir), PlanFactsAdapter.from(plan, planLabel));
            Path report = dir.resolve(SessionLayout.FINDINGS).resolve(SessionLayout.REPORT);
            AtomicFiles.write(report, md);
            return report;
        } catch (IOException | RuntimeException e) {
            progress.line("warning: findings/report.md not written: " + e.getMessage());
            return null;
        }
    }

    private record PrintProgress(RunOptions options) {
        void line(String s) {
            options.progress().println(s);
            options.progress().flush();
        }
    }
}
