package dev.falsify.runner.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.JsonlHistoryWriter;
import dev.falsify.model.history.Op;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ManagedProcess;
import dev.falsify.runner.exec.ProcessExit;
import dev.falsify.runner.exec.ProcessSpec;
import dev.falsify.runner.exec.ReadinessCheck;
import dev.falsify.runner.exec.Signal;
import dev.falsify.runner.faults.Expectation;
import dev.falsify.runner.faults.ShellCommand;
import dev.falsify.runner.proxy.ConnectionSelector;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.proxy.ProxyFault;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One seed of one arm, end to end: setup → proxies → services (readiness) → workload → fault
 * schedule → quiescence → final-state dump → teardown → history read → checkers. Every process it
 * starts is destroyed before {@link #run()} returns, whatever happened.
 */
final class SeedExecution {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long QUIESCENCE_MS = 500;

    private final ArmContext ctx;
    private final RunSpec spec;
    private final long seed;
    private final boolean rerun;
    private final String label;
    private final Path logs;
    private final Path artifacts;
    private final Path cwd;
    private final Placeholders ph;
    private final long deadline;
    private final Map<String, String> env;
    private final Map<String, LoopbackFaultProxy> proxies = new LinkedHashMap<>();
    private final Map<String, ManagedProcess> services = new LinkedHashMap<>();
    private final List<ManagedProcess> owned = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> restarts = new HashMap<>();
    private volatile boolean workloadDone;
    private final Object workloadDoneSignal = new Object();

    SeedExecution(ArmContext ctx, RunSpec spec, long seed, int rerunIndex) {
        this.ctx = ctx;
        this.spec = spec;
        this.seed = seed;
        this.rerun = rerunIndex > 0;
        this.label = ctx.scenarioId().replace('/', '_') + "-" + seed + (rerun ? "-rerun" + rerunIndex : "");
        this.logs = ctx.sessionDir().resolve("logs").resolve(label);
        this.artifacts = rerun ? ctx.sessionDir().resolve("artifacts").resolve("rerun" + rerunIndex)
                : ctx.sessionDir().resolve("artifacts");
        this.cwd = ctx.planDir().resolve(spec.cwd() == null ? "." : spec.cwd()).normalize();
        this.ph = Placeholders.of(ctx.sessionDir(), artifacts, logs, seed, ctx.scenarioId().replace('/', '_'), ctx.planDir());
        Duration timeout = spec.timeout() == null ? Duration.ofMinutes(10) : spec.timeout();
        this.deadline = System.currentTimeMillis() + timeout.toMillis();
        Map<String, String> e = new HashMap<>(ctx.options().env());
        e.put("FALSIFY_SEED", Long.toString(seed));
        e.put("FALSIFY_SCENARIO", ctx.scenarioId());
        this.env = e;
    }

    String label() {
        return label;
    }

    SeedResult run() {
        List<FaultObservation> faults = new ArrayList<>();
        List<FaultSchedule.Entry> schedule = FaultSchedule.of(spec.faults(), seed);
        for (FaultSchedule.Entry en : schedule) faults.add(observationFor(en));
        publish(new RunEvent.ScenarioStarted(now(), label, seed));
        long workloadMs = 0;
        String error = "";
        ManagedProcess workload = null;
        try {
            Files.createDirectories(logs);
            Files.createDirectories(artifacts);
            error = runSetup();
            if (error.isEmpty()) error = checkPortsFree();
            if (error.isEmpty()) error = startProxies();
            if (error.isEmpty()) {
                for (RunSpec.Service s : spec.services()) {
                    error = ctx.options().cancelled() ? "cancelled" : startService(s, s.name());
                    if (!error.isEmpty()) break;
                }
            }
            if (error.isEmpty() && ctx.options().cancelled()) error = "cancelled";
            if (error.isEmpty() && spec.workload() != null) {
                workload = start(ProcessSpec.of("workload", ph.apply(spec.workload().cmd()), dirOf(spec.workload().cwd()), logs)
                        .withEnv(ph(spec.workload().env())));
                long t0 = System.nanoTime();
                List<Thread> faultThreads = scheduleFaults(schedule, faults, t0);
                ProcessExit exit = null;
                while (exit == null && !ctx.options().cancelled() && System.currentTimeMillis() < deadline) {
                    exit = workload.waitFor(Duration.ofMillis(Math.min(200, Math.max(1, deadline - System.currentTimeMillis()))));
                }
                workloadMs = (System.nanoTime() - t0) / 1_000_000;
                synchronized (workloadDoneSignal) {
                    workloadDone = true;
                    workloadDoneSignal.notifyAll();
                }
                for (Thread t : faultThreads) t.join(30_000);
                if (exit == null && ctx.options().cancelled()) {
                    error = "cancelled";
                    workload.destroyTree(Duration.ofSeconds(2), "cancel");
                } else if (exit == null) {
                    error = "workload still running at the run block's timeout; stopped";
                    workload.destroyTree(Duration.ofSeconds(2), "timeout");
                } else if (!exit.success()) {
                    error = "workload failed: " + exit.describe() + " (see logs/" + label + "/workload.err.log)";
                }
            } else if (error.isEmpty()) {
                error = "the run block has no workload";
            }
            if (error.isEmpty()) {
                Thread.sleep(QUIESCENCE_MS);
                publish(new RunEvent.Step(now(), label, "quiescence", QUIESCENCE_MS + " ms after the workload ended"));
            }
        } catch (IOException e) {
            error = "could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            // an interrupt is a cancel; the flag is cleared so the teardown and session writes below still work
            ctx.options().cancel().set(true);
            error = "cancelled";
        } finally {
            synchronized (workloadDoneSignal) {
                workloadDone = true;
                workloadDoneSignal.notifyAll();
            }
        }
        JsonNode finalState = null;
        if (error.isEmpty() && spec.finalState() != null) finalState = dumpFinalState();
        long logLines = 0;
        List<String> markers = new ArrayList<>();
        tearDown();
        for (ManagedProcess p : owned) {
            if (!p.name().equals("workload") && !p.name().startsWith("setup")) logLines += p.stdoutLines() + p.stderrLines();
        }
        markers.addAll(scanMarkers());
        List<CheckResult> checks = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        HistoryStats stats = HistoryStats.EMPTY;
        String historyFile = "";
        SeedRun.Outcome outcome = SeedRun.Outcome.ERROR;
        if (error.isEmpty()) {
            try {
                History h = readHistory();
                List<Op> ops = annotate(h.ops(), faults);
                Path out = artifacts.resolve(label + ".history.jsonl");
                JsonlHistoryWriter.writeAtomically(out, ops);
                historyFile = ctx.sessionDir().relativize(out).toString().replace('\\', '/');
                long lastHeal = faults.stream().mapToLong(f -> f.healNanos).max().orElse(-1);
                stats = HistoryStats.of(ops, sameClock(h.ops(), faults) ? lastHeal : -1);
                runCheckers(ops, finalState, checks, missing);
                boolean violation = checks.stream().anyMatch(c -> c.validity() == dev.falsify.checkers.api.Validity.INVALID);
                outcome = violation ? SeedRun.Outcome.VIOLATION : SeedRun.Outcome.CLEAN;
            } catch (HistoryFormatException e) {
                error = "history unreadable: " + e.getMessage();
            } catch (IOException e) {
                error = "history unreadable: " + e.getMessage();
            }
        }
        publish(new RunEvent.ScenarioEnded(now(), label, outcome.name().toLowerCase(Locale.ROOT), error));
        return new SeedResult(seed, rerun, label, outcome, error, faults, checks, missing, stats, workloadMs, logLines,
                markers, historyFile);
    }

    // ------------------------------------------------------------------ setup, proxies, services

    private String runSetup() throws IOException, InterruptedException {
        int i = 0;
        for (String cmd : spec.setup()) {
            i++;
            ManagedProcess p = start(ProcessSpec.of("setup-" + i, ph.apply(cmd), cwd, logs));
            ProcessExit exit = p.waitFor(Duration.ofMillis(Math.max(1, deadline - System.currentTimeMillis())));
            if (exit == null) {
                p.destroyTree(Duration.ofSeconds(2), "timeout");
                return "setup command `" + cmd + "` did not finish before the timeout";
            }
            if (!exit.success()) {
                return "setup command `" + cmd + "` failed: " + exit.describe() + " (see logs/" + label + "/setup-" + i + ".err.log)";
            }
        }
        return "";
    }

    /** A fixed port already taken would make the run test someone else's process: refuse early, as environment. */
    private String checkPortsFree() {
        List<String> busy = new ArrayList<>();
        for (RunSpec.Proxy p : spec.proxies()) {
            String listen = ph.apply(p.listen());
            if (!free(listen)) busy.add(listen + " (proxy " + p.name() + ")");
        }
        for (RunSpec.Service s : spec.services()) {
            if (s.ready() != null && s.ready().tcp() != null) {
                String hp = ph.apply(s.ready().tcp());
                if (!free(hp)) busy.add(hp + " (service " + s.name() + ")");
            }
        }
        return busy.isEmpty() ? "" : "environment: port already in use before the run started: " + String.join(", ", busy);
    }

    private static boolean free(String hostPort) {
        try {
            InetSocketAddress a = LoopbackFaultProxy.loopbackAddress(hostPort);
            try (ServerSocket ss = new ServerSocket()) {
                ss.setReuseAddress(true);
                ss.bind(a);
                return true;
            }
        } catch (IOException e) {
            return false;
        } catch (IllegalArgumentException e) {
            return true; // not a loopback host:port we could bind: the service's own problem
        }
    }

    private String startProxies() {
        for (RunSpec.Proxy p : spec.proxies()) {
            try {
                LoopbackFaultProxy proxy = LoopbackFaultProxy.start(p.name(), LoopbackFaultProxy.loopbackAddress(ph.apply(p.listen())),
                        LoopbackFaultProxy.loopbackAddress(ph.apply(p.upstream())));
                proxies.put(p.name(), proxy);
                publish(new RunEvent.Step(now(), label, "proxy", p.name() + " " + p.listen() + " -> " + p.upstream()));
            } catch (IOException | IllegalArgumentException e) {
                return "proxy " + p.name() + " could not start on " + p.listen() + ": " + e.getMessage();
            }
        }
        return "";
    }

    private String startService(RunSpec.Service s, String logName) throws IOException, InterruptedException {
        RunSpec.Ready r = s.ready();
        ProcessSpec ps = ProcessSpec.of(logName, ph.apply(s.cmd()), dirOf(s.cwd()), logs).withEnv(ph(s.env()));
        ReadinessCheck check = new ReadinessCheck.None();
        Duration timeout = Duration.ofSeconds(30);
        if (r != null) {
            if (r.timeout() != null) timeout = r.timeout();
            if (r.log() != null) {
                Pattern pat = Pattern.compile(ph.apply(r.log()));
                ps = ps.withReadyLine(pat);
                check = new ReadinessCheck.LogLine(pat);
            } else if (r.tcp() != null) {
                check = ReadinessCheck.tcp(ph.apply(r.tcp()));
            } else if (r.cmd() != null) {
                check = new ReadinessCheck.Command(ph.apply(r.cmd()));
            }
        }
        ManagedProcess p = start(ps);
        services.put(s.name(), p);
        String why = ReadinessCheck.await(check, p, ps.cwd(), timeout, ctx.bus(), label);
        return why == null ? "" : why;
    }

    private ManagedProcess start(ProcessSpec ps) throws IOException {
        ManagedProcess p = ManagedProcess.start(ps.withEnv(env), ctx.bus(), label);
        owned.add(p);
        return p;
    }

    private Path dirOf(String sub) {
        return sub == null || sub.isBlank() ? cwd : cwd.resolve(ph.apply(sub)).normalize();
    }

    private Map<String, String> ph(Map<String, String> m) {
        Map<String, String> out = new HashMap<>();
        if (m != null) m.forEach((k, v) -> out.put(k, ph.apply(v)));
        return out;
    }

    // ------------------------------------------------------------------ faults

    private FaultObservation observationFor(FaultSchedule.Entry en) {
        RunSpec.FaultAction a = en.fault().action();
        String kind;
        boolean asymmetric = false;
        boolean process = false;
        if (a instanceof RunSpec.ProxyFault pf) {
            kind = pf.kind() + " on proxy " + pf.proxy();
            String dir = pf.params() == null ? null : pf.params().get("direction");
            asymmetric = pf.kind().equals("drop-one-way") || (dir != null && !dir.equalsIgnoreCase("both"));
        } else if (a instanceof RunSpec.ProcessFault prf) {
            kind = "process " + prf.signal() + " " + prf.service() + (prf.restart() ? " + restart" : "");
            process = true;
        } else {
            kind = "command";
        }
        return new FaultObservation(en.fault().name(), kind, asymmetric, process, en.describe());
    }

    private List<Thread> scheduleFaults(List<FaultSchedule.Entry> schedule, List<FaultObservation> obs, long t0) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < schedule.size(); i++) {
            FaultSchedule.Entry en = schedule.get(i);
            FaultObservation o = obs.get(i);
            Thread t = new Thread(() -> runFault(en, o, t0), "fault-" + en.fault().name());
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** Waits until {@code nanoTime >= at} or the workload ends; true when the time came first. */
    private boolean waitUntil(long atNanos) throws InterruptedException {
        synchronized (workloadDoneSignal) {
            while (!workloadDone) {
                long left = atNanos - System.nanoTime();
                if (left <= 0) return true;
                TimeUnit.NANOSECONDS.timedWait(workloadDoneSignal, left);
            }
            return false;
        }
    }

    private void runFault(FaultSchedule.Entry en, FaultObservation o, long t0) {
        RunSpec.Fault f = en.fault();
        try {
            if (!waitUntil(t0 + en.atMs() * 1_000_000L)) {
                o.notInjectedBecause = "the workload ended before the fault was due";
                o.landing = FaultEvidence.Landing.NOT_PROVEN;
                publish(new RunEvent.LandingReading(now(), label, f.name(), false, o.notInjectedBecause));
                return;
            }
            RunSpec.FaultAction a = f.action();
            if (a instanceof RunSpec.ProxyFault pf) proxyFault(f, pf, en, o);
            else if (a instanceof RunSpec.ProcessFault prf) processFault(f, prf, en, o);
            else if (a instanceof RunSpec.CommandFault cf) commandFault(f, cf, en, o);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException e) {
            o.summary = "fault failed: " + e.getMessage();
            publish(new RunEvent.Step(now(), label, "fault error", f.name() + ": " + e.getMessage()));
        }
    }

    private void proxyFault(RunSpec.Fault f, RunSpec.ProxyFault pf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException {
        LoopbackFaultProxy proxy = proxies.get(pf.proxy());
        if (proxy == null) {
            o.notInjectedBecause = "no proxy named " + pf.proxy();
            return;
        }
        ProxyFault fault = ProxyFault.parse(pf.kind(), pf.params());
        ConnectionSelector sel = ConnectionSelector.parse(pf.connections());
        String window = f.name() + "@" + label;
        ProbeBaseline probe = ProbeBaseline.take(f.landing(), cwd, env);
        proxy.inject(window, fault, sel, seed);
        o.injectNanos = System.nanoTime();
        o.injected = true;
        publish(new RunEvent.FaultInjected(now(), label, f.name(), pf.kind(), "proxy " + pf.proxy(), en.describe()));
        String probeDuring = probe.pollDuring(this, o.injectNanos + en.forMs() * 1_000_000L);
        waitUntil(o.injectNanos + en.forMs() * 1_000_000L);
        dev.falsify.runner.proxy.LandingReading r = proxy.heal(window);
        o.healNanos = System.nanoTime();
        o.healed = true;
        publish(new RunEvent.FaultHealed(now(), label, f.name(), ""));
        writeJson(artifacts.resolve(label + "." + f.name() + ".proxy.json"), r);
        boolean landed = r.landed();
        o.reading(new LandingReading(Instant.now().toString(), "proxy " + pf.proxy() + " " + pf.kind()
                + " connections hit / bytes dropped,delayed,cut", "0", r.connectionsApplied() + " of " + r.connectionsSeen()
                + " connections; " + bytesSummary(r), "connections hit > 0", landed));
        boolean probeOk = probe.conclude(o, probeDuring);
        o.landing = landed && probeOk ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = r.summary();
        publish(new RunEvent.LandingReading(now(), label, f.name(), landed && probeOk, r.summary()));
    }

    private static String bytesSummary(dev.falsify.runner.proxy.LandingReading r) {
        long dropped = 0, delayed = 0, cut = 0;
        for (var d : r.byDirection().values()) {
            dropped += d.bytesDropped();
            delayed += d.bytesDelayed();
            cut += d.bytesCut();
        }
        return dropped + " B dropped, " + delayed + " B delayed, " + cut + " B cut, " + r.connectionsReset() + " reset";
    }

    private void processFault(RunSpec.Fault f, RunSpec.ProcessFault prf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException, IOException {
        ManagedProcess victim = services.get(prf.service());
        if (victim == null || !victim.isAlive()) {
            o.notInjectedBecause = "service " + prf.service() + " is not running";
            o.landing = FaultEvidence.Landing.NOT_PROVEN;
            return;
        }
        String sig = prf.signal().toUpperCase(Locale.ROOT);
        long oldPid = victim.pid();
        long windowEnd;
        if (sig.equals("STOP/CONT") || sig.equals("STOP")) {
            victim.signal(Signal.STOP, null);
            o.injectNanos = System.nanoTime();
            o.injected = true;
            publish(new RunEvent.FaultInjected(now(), label, f.name(), "process STOP", prf.service(), "pid " + oldPid));
            Thread.sleep(100);
            String state = procState(oldPid);
            boolean stopped = state.startsWith("T");
            o.reading(new LandingReading(Instant.now().toString(), prf.service() + " process state (pid " + oldPid + ")",
                    "running", state.isEmpty() ? "unknown" : state, "stopped (T)", stopped));
            windowEnd = o.injectNanos + en.forMs() * 1_000_000L;
            waitUntil(windowEnd);
            victim.signal(Signal.CONT, null);
            o.healNanos = System.nanoTime();
            o.healed = true;
            o.landing = stopped ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
            o.summary = prf.service() + " (pid " + oldPid + ") stopped " + (o.healNanos - o.injectNanos) / 1_000_000 + " ms";
            publish(new RunEvent.FaultHealed(now(), label, f.name(), "CONT sent"));
            publish(new RunEvent.LandingReading(now(), label, f.name(), stopped, o.summary));
            return;
        }
        Signal s = Signal.parse(sig.equals("CONT") ? "CONT" : sig);
        long killedAt = System.currentTimeMillis();
        victim.signal(s, "fault");
        o.injectNanos = System.nanoTime();
        o.injected = true;
        publish(new RunEvent.FaultInjected(now(), label, f.name(), "process " + s, prf.service(), "pid " + oldPid));
        ProcessExit exit = victim.waitFor(Duration.ofSeconds(10));
        boolean ended = exit != null && (exit.signal() != null || !exit.success() || s == Signal.TERM || s == Signal.INT);
        o.reading(new LandingReading(Instant.now().toString(), prf.service() + " exit status (pid " + oldPid + ")",
                "running", exit == null ? "still running 10 s after SIG" + s : exit.describe(), "ended by the signal", ended));
        String restartNote = "";
        boolean restartedOk = true;
        if (prf.restart()) {
            windowEnd = o.injectNanos + en.forMs() * 1_000_000L;
            waitUntil(windowEnd);
            int n = restarts.merge(prf.service(), 1, Integer::sum);
            RunSpec.Service svc = spec.services().stream().filter(x -> x.name().equals(prf.service())).findFirst().orElseThrow();
            String why = startService(svc, svc.name() + ".restart" + n);
            long downtime = System.currentTimeMillis() - killedAt;
            ManagedProcess fresh = services.get(prf.service());
            restartedOk = why.isEmpty();
            restartNote = restartedOk ? "restarted as pid " + fresh.pid() + " after " + downtime + " ms downtime"
                    : "restart failed: " + why;
            o.reading(new LandingReading(Instant.now().toString(), prf.service() + " restart", "pid " + oldPid,
                    restartedOk ? "pid " + fresh.pid() + ", downtime " + downtime + " ms" : why, "ready again", restartedOk));
        }
        o.healNanos = System.nanoTime();
        o.healed = true;
        o.landing = ended && restartedOk ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = prf.service() + " (pid " + oldPid + ") " + (exit == null ? "did not end" : exit.describe())
                + (restartNote.isEmpty() ? "" : "; " + restartNote);
        publish(new RunEvent.FaultHealed(now(), label, f.name(), restartNote));
        publish(new RunEvent.LandingReading(now(), label, f.name(), o.landing == FaultEvidence.Landing.PROVEN, o.summary));
    }

    private static String procState(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private void commandFault(RunSpec.Fault f, RunSpec.CommandFault cf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException {
        ProbeBaseline probe = ProbeBaseline.take(f.landing(), cwd, env);
        ShellCommand.Outcome inj = new ShellCommand(ph.apply(cf.inject()), cwd, env, Duration.ofSeconds(30)).run();
        o.injectNanos = System.nanoTime();
        o.injected = inj.ok();
        publish(new RunEvent.FaultInjected(now(), label, f.name(), "command", "`" + cf.inject() + "`",
                inj.ok() ? "exit 0" : "FAILED: exit " + inj.exitCode() + " " + inj.output().strip()));
        if (!inj.ok()) o.notInjectedBecause = "inject command failed: exit " + inj.exitCode();
        String during = probe.pollDuring(this, o.injectNanos + en.forMs() * 1_000_000L);
        waitUntil(o.injectNanos + en.forMs() * 1_000_000L);
        if (cf.heal() != null && !cf.heal().isBlank()) {
            ShellCommand.Outcome heal = new ShellCommand(ph.apply(cf.heal()), cwd, env, Duration.ofSeconds(30)).run();
            o.healed = heal.ok();
            publish(new RunEvent.FaultHealed(now(), label, f.name(), heal.ok() ? "" : "heal FAILED: exit " + heal.exitCode()));
        }
        o.healNanos = System.nanoTime();
        boolean ok = probe.present() && probe.conclude(o, during);
        o.landing = !probe.present() ? FaultEvidence.Landing.NOT_MEASURED
                : ok ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = probe.present() ? "probe `" + probe.command + "`: " + (ok ? "expectation met" : "expectation not met")
                : "no landing probe declared: a command fault cannot prove it landed";
        publish(new RunEvent.LandingReading(now(), label, f.name(), ok, o.summary));
    }

    /** A landing probe read before the window and polled during it. */
    static final class ProbeBaseline {
        final String command;
        final Expectation expectation;
        final String before;
        final Path cwd;
        final Map<String, String> env;
        String lastExplanation = "";

        private ProbeBaseline(String command, Expectation expectation, String before, Path cwd, Map<String, String> env) {
            this.command = command;
            this.expectation = expectation;
            this.before = before;
            this.cwd = cwd;
            this.env = env;
        }

        static ProbeBaseline take(RunSpec.Landing landing, Path cwd, Map<String, String> env) {
            if (landing == null || landing.probe() == null || landing.probe().isBlank()) {
                return new ProbeBaseline(null, null, null, cwd, env);
            }
            Expectation e = Expectation.parse(landing.expect() == null ? "delta > 0" : landing.expect());
            String before = new ShellCommand(landing.probe(), cwd, env, Duration.ofSeconds(10)).run().output();
            return new ProbeBaseline(landing.probe(), e, before, cwd, env);
        }

        boolean present() {
            return command != null;
        }

        /** Polls the probe every 250 ms until the expectation holds or the window ends; returns the last output. */
        String pollDuring(SeedExecution run, long windowEndNanos) throws InterruptedException {
            if (!present()) return null;
            while (true) {
                String out = new ShellCommand(command, cwd, env, Duration.ofSeconds(10)).run().output();
                Expectation.Result r = expectation.evaluate(before, out);
                lastExplanation = r.explanation();
                if (r.holds() || System.nanoTime() >= windowEndNanos) return out;
                if (!run.waitUntil(Math.min(windowEndNanos, System.nanoTime() + 250_000_000L))) return out;
            }
        }

        /** Records the probe reading on the observation; true when absent or when the expectation held. */
        boolean conclude(FaultObservation o, String during) {
            if (!present()) return true;
            Expectation.Result r = expectation.evaluate(before, during);
            o.reading(new LandingReading(Instant.now().toString(), "probe `" + command + "`", clip(before), clip(during),
                    expectation.text(), r.holds()));
            return r.holds();
        }

        private static String clip(String s) {
            if (s == null) return "";
            String t = s.strip();
            return t.length() > 120 ? t.substring(0, 117) + "..." : t;
        }
    }

    // ------------------------------------------------------------------ after the workload

    private JsonNode dumpFinalState() {
        ShellCommand.Outcome o = new ShellCommand(ph.apply(spec.finalState().cmd()), cwd, env, Duration.ofSeconds(30)).run();
        Path out = artifacts.resolve(label + ".final-state.json");
        try {
            Files.writeString(out, o.output(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            publish(new RunEvent.Step(now(), label, "final-state", "could not save: " + e.getMessage()));
        }
        publish(new RunEvent.Step(now(), label, "final-state dump", o.ok() ? "saved " + out.getFileName()
                : "command failed: exit " + o.exitCode()));
        if (!o.ok()) return null;
        try {
            return JSON.readTree(o.output());
        } catch (IOException e) {
            return null;
        }
    }

    private void tearDown() {
        for (String cmd : spec.teardown()) {
            ShellCommand.Outcome o = new ShellCommand(ph.apply(cmd), cwd, env, Duration.ofSeconds(30)).run();
            publish(new RunEvent.Step(now(), label, "teardown", "`" + cmd + "` " + (o.ok() ? "ok" : "exit " + o.exitCode())));
        }
        // every tree at once: each gets its own TERM-then-KILL grace, and none waits for another
        List<Thread> stoppers = new ArrayList<>();
        for (ManagedProcess p : owned) {
            if (!p.isAlive()) continue;
            Thread t = new Thread(() -> {
                try {
                    p.destroyTree(Duration.ofSeconds(3), ctx.options().cancelled() ? "cancel" : "teardown");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "teardown-" + p.name());
            t.start();
            stoppers.add(t);
        }
        for (Thread t : stoppers) {
            try {
                t.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (LoopbackFaultProxy p : proxies.values()) p.close();
    }

    private List<String> scanMarkers() {
        List<String> out = new ArrayList<>();
        Pattern marker = RunEvent.LogMarker.ERROR_LINE;
        try (var files = Files.list(logs)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith("workload") || name.startsWith("setup")) continue;
                int lineNo = 0;
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    lineNo++;
                    if (marker.matcher(line).find() && out.size() < 20) out.add(name + ":" + lineNo + ": " + line.strip());
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            out.add("log scan failed: " + e.getMessage());
        }
        return out;
    }

    private History readHistory() throws IOException {
        if (spec.history() == null) throw new IOException("the run block declares no history");
        Path p = cwd.resolve(ph.apply(spec.history().path()));
        if (!Files.isRegularFile(p)) throw new IOException("the workload wrote no history at " + p);
        String fmt = spec.history().format();
        HistoryFormat format = fmt == null || fmt.equals("auto") ? Histories.detect(p) : HistoryFormat.fromId(fmt);
        return Histories.readAll(p, format);
    }

    /**
     * Fills {@code fault_epoch} for ops whose interval overlaps a fault window and that the recorder
     * left null. The recorder's {@code invoke_ts} and the runner's {@code System.nanoTime()} are the same
     * clock (CLOCK_MONOTONIC) on one Linux host; when the history's timestamps are not inside this run's
     * time range, the clocks differ and nothing is annotated.
     */
    private List<Op> annotate(List<Op> ops, List<FaultObservation> faults) {
        List<FaultObservation> windows = faults.stream().filter(f -> f.injectNanos > 0).toList();
        if (windows.isEmpty() || ops.isEmpty() || !sameClock(ops, faults)) return ops;
        List<Op> out = new ArrayList<>(ops.size());
        for (Op op : ops) {
            String epoch = op.faultEpoch();
            if (epoch == null) {
                long end = op.completeTs() == null ? Long.MAX_VALUE : op.completeTs();
                for (FaultObservation w : windows) {
                    long wEnd = w.healNanos > 0 ? w.healNanos : Long.MAX_VALUE;
                    if (op.invokeTs() <= wEnd && end >= w.injectNanos) {
                        epoch = w.name;
                        break;
                    }
                }
            }
            out.add(epoch == null || epoch.equals(op.faultEpoch()) ? op : new Op(op.opId(), op.processId(), op.invokeTs(),
                    op.completeTs(), op.opType(), op.key(), op.input(), op.output(), op.error(), op.timeoutMarker(),
                    op.nodeSeen(), epoch, op.sourceLine()));
        }
        return out;
    }

    /** Whether the history's timestamps are readings of this runner's monotonic clock (same host, same boot). */
    private static boolean sameClock(List<Op> ops, List<FaultObservation> faults) {
        long first = faults.stream().filter(f -> f.injectNanos > 0).mapToLong(f -> f.injectNanos).min().orElse(-1);
        if (first < 0 || ops.isEmpty()) return false;
        long lo = first - 3_600_000_000_000L;
        long hi = System.nanoTime();
        return ops.stream().allMatch(op -> op.invokeTs() > lo && op.invokeTs() < hi);
    }

    private void runCheckers(List<Op> ops, JsonNode finalState, List<CheckResult> checks, List<String> missing)
            throws IOException {
        String model = spec.history() == null ? null : spec.history().model();
        Map<String, JsonNode> replicas = new LinkedHashMap<>();
        if (finalState != null && finalState.isObject()) {
            finalState.fields().forEachRemaining(e -> {
                if (e.getValue().isObject()) replicas.put(e.getKey(), e.getValue());
            });
        }
        for (String name : spec.checkers()) {
            var found = ctx.checkers().find(name);
            if (found.isEmpty()) {
                missing.add(name);
                publish(new RunEvent.OracleResult(now(), label, name, "not run", "Falsify has no checker named " + name));
                continue;
            }
            Checker c = found.get();
            CheckResult r;
            try {
                r = c.check(new CheckInput(ops, model, Map.of(), finalState, replicas, null), CheckBudget.of(Duration.ofSeconds(60)));
            } catch (RuntimeException e) {
                missing.add(name);
                publish(new RunEvent.OracleResult(now(), label, name, "error", e.toString()));
                continue;
            }
            checks.add(r);
            writeJson(artifacts.resolve(label + "." + name + ".check.json"), checkJson(r));
            publish(new RunEvent.OracleResult(now(), label, name, r.validity().name().toLowerCase(Locale.ROOT),
                    r.summary() + " (" + r.evidence().ops() + " of " + r.evidence().opsTotal() + " ops)"));
        }
    }

    private static Map<String, Object> checkJson(CheckResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("checker", r.checker());
        m.put("model", r.model());
        m.put("valid", r.validity().json());
        m.put("summary", r.summary());
        m.put("evidence", r.evidence());
        m.put("weaknesses", r.weaknesses());
        if (r.counterexample() != null) {
            m.put("counterexample", r.counterexample().toJson());
            m.put("explanation", r.counterexample().describe());
        }
        return m;
    }

    private void writeJson(Path file, Object value) {
        try {
            Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value), StandardCharsets.UTF_8);
        } catch (IOException e) {
            publish(new RunEvent.Step(now(), label, "artifact", "could not write " + file.getFileName() + ": " + e.getMessage()));
        }
    }

    private void publish(RunEvent e) {
        ctx.bus().publish(e);
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
