package dev.falsify.runner.run;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.plan.run.RunVocabulary;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ManagedProcess;
import dev.falsify.runner.exec.ProcessExit;
import dev.falsify.runner.exec.Signal;
import dev.falsify.runner.faults.ShellCommand;
import dev.falsify.runner.nodefaults.NodeFaultHooks;
import dev.falsify.runner.nodefaults.NodeFaults;
import dev.falsify.runner.proxy.ConnectionSelector;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.proxy.ProxyFault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one seed's fault schedule: each fault on its own thread, injected at its offset from the
 * workload's start (unless the workload ended first), healed after its duration, and its landing
 * evidence recorded on its {@link FaultObservation} — proxy counters, process state or exit status
 * and restart, or the plan's probe command.
 */
final class FaultDriver {
    /** The seed's services as the process faults need them: the running process, and a restart. */
    interface Services {
        /** The process of service {@code name}, or null when it was never started. */
        ManagedProcess running(String name);

        /** Starts service {@code s} again with its readiness check; "" when ready, else why not. */
        String restart(RunSpec.Service s, String logName) throws IOException, InterruptedException;
    }

    private final SeedScope scope;
    private final RunSpec spec;
    private final Map<String, LoopbackFaultProxy> proxies;
    private final Services services;
    private final WorkloadWindow workload;
    private final Map<String, Integer> restarts = new HashMap<>();
    private final ClusterFaults cluster;
    private final NodeFaults nodeFaults;

    FaultDriver(SeedScope scope, RunSpec spec, Map<String, LoopbackFaultProxy> proxies, Services services,
            WorkloadWindow workload, dev.falsify.runner.cluster.Cluster cluster, NodeFaults nodeFaults) {
        this.cluster = new ClusterFaults(scope, cluster, workload);
        this.nodeFaults = nodeFaults;
        this.scope = scope;
        this.spec = spec;
        this.proxies = proxies;
        this.services = services;
        this.workload = workload;
    }

    /** One observation per scheduled fault, in schedule order, before anything is injected. */
    static List<FaultObservation> observations(List<FaultSchedule.Entry> schedule) {
        List<FaultObservation> out = new ArrayList<>();
        for (FaultSchedule.Entry en : schedule) {
            RunSpec.FaultAction a = en.fault().action();
            String kind;
            boolean asymmetric = false;
            boolean process = false;
            if (a instanceof RunSpec.ProxyAction pf) {
                kind = pf.kind() + " on proxy " + pf.proxy();
                String dir = pf.params() == null ? null : pf.params().get("direction");
                asymmetric = pf.kind().equals("drop-one-way") || (dir != null && !dir.equalsIgnoreCase("both"));
            } else if (a instanceof RunSpec.ProcessAction prf) {
                kind = "process " + prf.signal() + " " + prf.service() + (prf.restart() ? " + restart" : "");
                process = true;
            } else if (a instanceof RunSpec.PartitionAction pa) {
                kind = "partition " + pa.shape() + (pa.node() != null ? " " + pa.node() : "")
                        + (pa.from().isEmpty() ? "" : " " + String.join(",", pa.from()) + " -> " + String.join(",", pa.to()));
                asymmetric = pa.shape().equals("one-way");
            } else if (a instanceof RunSpec.NetAction na) {
                kind = "net " + na.kind() + (na.nodes().isEmpty() ? "" : " on " + String.join(",", na.nodes()));
            } else if (a instanceof RunSpec.ClockAction c) {
                kind = "clock " + c.kind() + " on " + c.service();
            } else if (a instanceof RunSpec.StorageAction st) {
                kind = "storage " + st.kind() + " on " + st.service();
                process = st.kind().equals("lose-unsynced-writes");
            } else {
                kind = "command";
            }
            out.add(new FaultObservation(en.fault().name(), kind, asymmetric, process, en.describe()));
        }
        return out;
    }

    /** Starts one thread per fault; {@code t0} is the workload's start ({@code System.nanoTime()}). */
    List<Thread> start(List<FaultSchedule.Entry> schedule, List<FaultObservation> obs, long t0) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < schedule.size(); i++) {
            FaultSchedule.Entry en = schedule.get(i);
            FaultObservation o = obs.get(i);
            Thread t = new Thread(() -> run(en, o, t0), "fault-" + en.fault().name());
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    private void run(FaultSchedule.Entry en, FaultObservation o, long t0) {
        RunSpec.Fault f = en.fault();
        try {
            if (!workload.waitUntil(t0 + en.atMs() * 1_000_000L)) {
                o.notInjectedBecause = "the workload ended before the fault was due";
                o.landing = FaultEvidence.Landing.NOT_PROVEN;
                scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), false, o.notInjectedBecause));
                return;
            }
            RunSpec.FaultAction a = f.action();
            if (a instanceof RunSpec.ProxyAction pf) {
                proxyFault(f, pf, en, o);
            } else if (a instanceof RunSpec.ProcessAction prf) {
                processFault(f, prf, en, o);
            } else if (a instanceof RunSpec.CommandAction cf) {
                commandFault(f, cf, en, o);
            } else if (a instanceof RunSpec.PartitionAction pa) {
                cluster.partition(f, pa, en, o);
            } else if (a instanceof RunSpec.NetAction na) {
                cluster.net(f, na, en, o);
            } else if (NodeFaults.handles(a)) {
                nodeFault(f, en, o);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException e) {
            o.summary = "fault failed: " + e.getMessage();
            scope.publish(new RunEvent.Step(now(), scope.label(), "fault error", f.name() + ": " + e.getMessage()));
        }
    }

    private void proxyFault(RunSpec.Fault f, RunSpec.ProxyAction pf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException {
        LoopbackFaultProxy proxy = proxies.get(pf.proxy());
        if (proxy == null) {
            o.notInjectedBecause = "no proxy named " + pf.proxy();
            return;
        }
        ProxyFault fault = ProxyFault.parse(pf.kind(), pf.params());
        ConnectionSelector sel = ConnectionSelector.parse(pf.connections());
        String window = f.name() + "@" + scope.label();
        LandingProbe probe = LandingProbe.take(f.landing(), scope.ph(), scope.cwd(), scope.env());
        proxy.inject(window, fault, sel, scope.seed());
        o.injectNanos = System.nanoTime();
        o.injected = true;
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), pf.kind(), "proxy " + pf.proxy(), en.describe()));
        long windowEnd = o.injectNanos + en.forMs() * 1_000_000L;
        String probeDuring = probe.pollDuring(workload, windowEnd);
        workload.waitUntil(windowEnd);
        dev.falsify.runner.proxy.ProxyWindowReading r = proxy.heal(window);
        o.healNanos = System.nanoTime();
        o.healed = true;
        scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), ""));
        scope.writeJson(scope.artifacts().resolve(scope.label() + "." + SessionWriter.fileNamePart(f.name()) + ".proxy.json"), r);
        boolean landed = r.landed();
        o.reading(new LandingReading(Instant.now().toString(), "proxy " + pf.proxy() + " " + pf.kind()
                + " connections hit / bytes dropped,delayed,cut", "0", r.connectionsApplied() + " of " + r.connectionsSeen()
                + " connections; " + bytesSummary(r), "connections hit > 0", landed));
        boolean probeOk = probe.conclude(o, probeDuring);
        o.landing = landed && probeOk ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = r.summary();
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), landed && probeOk, r.summary()));
    }

    private static String bytesSummary(dev.falsify.runner.proxy.ProxyWindowReading r) {
        long dropped = 0;
        long delayed = 0;
        long cut = 0;
        for (var d : r.byDirection().values()) {
            dropped += d.bytesDropped();
            delayed += d.bytesDelayed();
            cut += d.bytesCut();
        }
        return dropped + " B dropped, " + delayed + " B delayed, " + cut + " B cut, " + r.connectionsReset() + " reset";
    }

    private void processFault(RunSpec.Fault f, RunSpec.ProcessAction prf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException, IOException {
        ManagedProcess victim = services.running(prf.service());
        if (victim == null || !victim.isAlive()) {
            o.notInjectedBecause = "service " + prf.service() + " is not running";
            o.landing = FaultEvidence.Landing.NOT_PROVEN;
            return;
        }
        RunVocabulary.ProcessSignal sig = RunVocabulary.ProcessSignal.of(prf.signal())
                .orElseThrow(() -> new IllegalArgumentException("unknown signal '" + prf.signal() + "'"));
        if (sig.ends()) {
            signalAndMaybeRestart(f, prf, en, o, victim, Signal.of(sig));
        } else {
            stopThenContinue(f, prf, en, o, victim);
        }
    }

    /** SIGSTOP for the window, then SIGCONT; landed when the kernel shows the process stopped (state T). */
    private void stopThenContinue(RunSpec.Fault f, RunSpec.ProcessAction prf, FaultSchedule.Entry en, FaultObservation o,
            ManagedProcess victim) throws InterruptedException, IOException {
        long pid = victim.pid();
        victim.signal(Signal.STOP, null);
        o.injectNanos = System.nanoTime();
        o.injected = true;
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), "process STOP", prf.service(), "pid " + pid));
        Thread.sleep(100);
        String state = procState(pid);
        boolean stopped = state.startsWith("T");
        o.reading(new LandingReading(Instant.now().toString(), prf.service() + " process state (pid " + pid + ")",
                "running", state.isEmpty() ? "unknown" : state, "stopped (T)", stopped));
        workload.waitUntil(o.injectNanos + en.forMs() * 1_000_000L);
        victim.signal(Signal.CONT, null);
        o.healNanos = System.nanoTime();
        o.healed = true;
        o.landing = stopped ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = prf.service() + " (pid " + pid + ") stopped " + (o.healNanos - o.injectNanos) / 1_000_000 + " ms";
        scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), "CONT sent"));
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), stopped, o.summary));
    }

    /**
     * KILL / TERM / INT (…): landed when the process ended by it; with {@code restart: true} the
     * service is started again after the window and must pass its readiness check again.
     */
    private void signalAndMaybeRestart(RunSpec.Fault f, RunSpec.ProcessAction prf, FaultSchedule.Entry en,
            FaultObservation o, ManagedProcess victim, Signal s) throws InterruptedException, IOException {
        long oldPid = victim.pid();
        long killedAt = System.currentTimeMillis();
        victim.signal(s, "fault");
        o.injectNanos = System.nanoTime();
        o.injected = true;
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), "process " + s, prf.service(), "pid " + oldPid));
        ProcessExit exit = victim.waitFor(Duration.ofSeconds(10));
        boolean ended = exit != null && (exit.signal() != null || !exit.success() || s == Signal.TERM || s == Signal.INT);
        o.reading(new LandingReading(Instant.now().toString(), prf.service() + " exit status (pid " + oldPid + ")",
                "running", exit == null ? "still running 10 s after SIG" + s : exit.describe(), "ended by the signal", ended));
        String restartNote = "";
        boolean restartedOk = true;
        if (prf.restart()) {
            workload.waitUntil(o.injectNanos + en.forMs() * 1_000_000L);
            int n = restarts.merge(prf.service(), 1, Integer::sum);
            RunSpec.Service svc = spec.services().stream().filter(x -> x.name().equals(prf.service())).findFirst().orElseThrow();
            String why = services.restart(svc, svc.name() + ".restart" + n);
            long downtime = System.currentTimeMillis() - killedAt;
            ManagedProcess fresh = services.running(prf.service());
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
        scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), restartNote));
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), o.landing == FaultEvidence.Landing.PROVEN,
                o.summary));
    }

    /** The one-letter state of a process from /proc (T = stopped); "" where it cannot be read. */
    private static String procState(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Clock and storage faults: {@link NodeFaults} does them, this records what it reports. */
    private void nodeFault(RunSpec.Fault f, FaultSchedule.Entry en, FaultObservation o) throws InterruptedException, IOException {
        LandingProbe probe = LandingProbe.take(f.landing(), scope.ph(), scope.cwd(), scope.env());
        NodeFaultHooks.Sink sink = new NodeFaultHooks.Sink() {
            @Override
            public void injected(String what, String detail) {
                o.injectNanos = System.nanoTime();
                o.injected = true;
                scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), what, detail, en.describe()));
            }

            @Override
            public void healed(String detail) {
                o.healNanos = System.nanoTime();
                o.healed = true;
                scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), detail));
            }

            @Override
            public void reading(LandingReading r) {
                o.reading(r);
            }

            @Override
            public void concluded(boolean landed, String summary) {
                o.landing = landed ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
                o.summary = summary;
            }

            @Override
            public void notInjected(String why) {
                o.notInjectedBecause = why;
                o.landing = FaultEvidence.Landing.NOT_PROVEN;
            }
        };
        NodeFaultHooks.Services hooks = new NodeFaultHooks.Services() {
            @Override
            public long pid(String service) {
                ManagedProcess p = services.running(service);
                return p == null || !p.isAlive() ? -1 : p.pid();
            }

            @Override
            public String kill(String service) throws InterruptedException {
                ManagedProcess p = services.running(service);
                if (p == null) return "";
                try {
                    p.signal(Signal.KILL, "fault");
                } catch (IOException e) {
                    return "";
                }
                ProcessExit exit = p.waitFor(Duration.ofSeconds(10));
                return exit == null ? "" : exit.describe();
            }

            @Override
            public String restart(String service) throws InterruptedException {
                int n = restarts.merge(service, 1, Integer::sum);
                RunSpec.Service svc = spec.services().stream().filter(x -> x.name().equals(service)).findFirst().orElseThrow();
                try {
                    return services.restart(svc, svc.name() + ".restart" + n);
                } catch (IOException e) {
                    return e.getMessage();
                }
            }
        };
        nodeFaults.run(f, en.forMs(), sink, workload::waitUntil, hooks);
        if (probe.present() && o.injected) {
            boolean ok = probe.conclude(o, probe.pollDuring(workload, System.nanoTime()));
            if (!ok) o.landing = FaultEvidence.Landing.NOT_PROVEN;
        }
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), o.landing == FaultEvidence.Landing.PROVEN,
                o.notInjectedBecause.isEmpty() ? o.summary : o.notInjectedBecause));
    }

    private void commandFault(RunSpec.Fault f, RunSpec.CommandAction cf, FaultSchedule.Entry en, FaultObservation o)
            throws InterruptedException {
        LandingProbe probe = LandingProbe.take(f.landing(), scope.ph(), scope.cwd(), scope.env());
        ShellCommand.Outcome inj = new ShellCommand(scope.ph().shell(cf.inject()), scope.cwd(), scope.env(),
                Duration.ofSeconds(30)).run();
        o.injectNanos = System.nanoTime();
        o.injected = inj.ok();
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), "command", "`" + cf.inject() + "`",
                inj.ok() ? "exit 0" : "FAILED: exit " + inj.exitCode() + " " + inj.output().strip()));
        if (!inj.ok()) {
            o.notInjectedBecause = "inject command failed: exit " + inj.exitCode();
        }
        long windowEnd = o.injectNanos + en.forMs() * 1_000_000L;
        String during = probe.pollDuring(workload, windowEnd);
        workload.waitUntil(windowEnd);
        if (cf.heal() != null && !cf.heal().isBlank()) {
            ShellCommand.Outcome heal = new ShellCommand(scope.ph().shell(cf.heal()), scope.cwd(), scope.env(),
                    Duration.ofSeconds(30)).run();
            o.healed = heal.ok();
            scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(),
                    heal.ok() ? "" : "heal FAILED: exit " + heal.exitCode()));
        }
        o.healNanos = System.nanoTime();
        boolean ok = probe.present() && probe.conclude(o, during);
        o.landing = !probe.present() ? FaultEvidence.Landing.NOT_MEASURED
                : ok ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = probe.present() ? "probe `" + probe.command + "`: " + (ok ? "expectation met" : "expectation not met")
                : "no landing probe declared: a command fault cannot prove it landed";
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), ok, o.summary));
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
