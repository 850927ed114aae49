package dev.falsify.runner.run;

import dev.falsify.model.session.SessionLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.evidence.HistoryStats;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.history.JsonlHistoryWriter;
import dev.falsify.checkers.pipeline.CheckedHistory;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.history.Op;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.exec.ManagedProcess;
import dev.falsify.runner.exec.ProcessExit;
import dev.falsify.runner.exec.ProcessSpec;
import dev.falsify.runner.exec.ReadinessCheck;
import dev.falsify.runner.cluster.Cluster;
import dev.falsify.runner.cluster.NodeTransport;
import dev.falsify.runner.faults.ShellCommand;
import dev.falsify.runner.messages.MessageEngine;
import dev.falsify.runner.nodefaults.NodeFaults;
import dev.falsify.runner.messages.MonitorOracle;
import dev.falsify.runner.pictures.SessionPictures;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private Placeholders ph;
    private final PortAllocation ports;
    private final String portsError;
    private final long deadline;
    private final Map<String, String> env;
    private final Map<String, LoopbackFaultProxy> proxies = new LinkedHashMap<>();
    private final Map<String, ManagedProcess> services = new LinkedHashMap<>();
    private final List<ManagedProcess> owned = new CopyOnWriteArrayList<>();
    private final WorkloadWindow workloadWindow = new WorkloadWindow();
    private SeedScope scope;
    /** the run's netns cluster, when the run block declares netns nodes */
    private Cluster cluster;
    /** the message-aware proxies' engine, when the run block has a messages section */
    private MessageEngine messages;
    private MessageEngine.Outcome messageOutcome;
    private AutoCloseable logLines;
    /** clock and storage faults: the services' clocks and the storage layers over their data directories */
    private NodeFaults nodeFaults = NodeFaults.none();

    SeedExecution(ArmContext ctx, RunSpec spec, long seed, int rerunIndex) {
        this.ctx = ctx;
        this.spec = spec;
        this.seed = seed;
        this.rerun = rerunIndex > 0;
        this.label = ctx.scenarioId().replace('/', '_') + "-" + seed + (rerun ? "-rerun" + rerunIndex : "");
        this.logs = SessionLayout.logsDir(ctx.sessionDir(), label);
        this.artifacts = rerun ? SessionLayout.rerunArtifactsDir(ctx.sessionDir(), rerunIndex)
                : SessionLayout.artifactsDir(ctx.sessionDir());
        this.cwd = PlanSnapshot.cwdOf(ctx.planDir(), spec);
        PortAllocation allocated;
        String portsError = "";
        try {
            allocated = PortAllocation.forSpec(spec);
        } catch (IOException e) {
            allocated = PortAllocation.allocateNone();
            portsError = "environment: could not allocate free loopback ports for {port:NAME}: " + e.getMessage();
        }
        this.ports = allocated;
        this.portsError = portsError;
        this.ph = Placeholders.of(ctx.sessionDir(), artifacts, logs, seed, ctx.scenarioId().replace('/', '_'), ctx.planDir())
                .with(ports.placeholderValues());
        Duration timeout = spec.timeout() == null ? Duration.ofMinutes(10) : spec.timeout();
        this.deadline = System.currentTimeMillis() + timeout.toMillis();
        Map<String, String> e = new HashMap<>(ctx.options().env());
        e.put("FALSIFY_SEED", Long.toString(seed));
        e.put("FALSIFY_SCENARIO", ctx.scenarioId());
        e.putAll(ph.environment()); // what the placeholders in commands refer to (Placeholders.shell)
        this.env = e;
        this.scope = new SeedScope(label, seed, cwd, env, ph, artifacts, ctx.bus());
    }

    String label() {
        return label;
    }

    SeedResult run() {
        List<FaultSchedule.Entry> schedule = FaultSchedule.of(spec.faults(), seed);
        List<FaultObservation> faults = FaultDriver.observations(schedule);
        publish(new RunEvent.ScenarioStarted(now(), label, seed));
        long workloadMs = 0;
        String error = "";
        ManagedProcess workload = null;
        try {
            Files.createDirectories(logs);
            Files.createDirectories(artifacts);
            if (!ports.ports().isEmpty()) {
                publish(new RunEvent.Step(now(), label, "ports", ports.ports().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(", "))));
            }
            error = portsError;
            if (error.isEmpty()) error = startCluster();
            if (error.isEmpty()) error = runSetup();
            if (error.isEmpty()) error = prepareNodeFaults();
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
                Map<String, String> workloadEnv = ph(spec.workload().env());
                // the runner's clock reading at launch: a recorder on another clock can report its offset
                workloadEnv.put("FALSIFY_MONOTONIC_START_NS", Long.toString(workloadWindow.started()));
                NodeTransport.Launch wl = onClient(ph.shell(spec.workload().cmd()));
                workload = start(ProcessSpec.of("workload", wl.command(), dirOf(spec.workload().cwd()), logs)
                        .withEnv(workloadEnv).withEnv(wl.env()));
                long t0 = System.nanoTime();
                if (messages != null) messages.workloadStarted(t0);
                List<Thread> faultThreads = new FaultDriver(scope, spec, proxies, faultTargets(), workloadWindow, cluster,
                        nodeFaults)
                        .start(schedule, faults, t0);
                ProcessExit exit = null;
                while (exit == null && !ctx.options().cancelled() && System.currentTimeMillis() < deadline) {
                    exit = workload.waitFor(Duration.ofMillis(Math.min(200, Math.max(1, deadline - System.currentTimeMillis()))));
                }
                workloadMs = (System.nanoTime() - t0) / 1_000_000;
                workloadWindow.end();
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
            workloadWindow.end();
        }
        JsonNode finalState = null;
        if (error.isEmpty() && spec.finalState() != null) finalState = dumpFinalState();
        long logLines = 0;
        List<String> markers = new ArrayList<>();
        if (messages != null) messageOutcome = finishMessages();
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
                // a message-level scenario may judge by its monitor alone, with no history
                History h = spec.history() == null && messageOutcome != null
                        ? new History("", HistoryFormat.JSONL, List.of()) : readHistory();
                WorkloadWindow.Interval span = workloadWindow.span();
                List<Op> ops = FaultEpochs.annotate(h.ops(), faults, span);
                Path out = artifacts.resolve(SessionLayout.historyName(label));
                JsonlHistoryWriter.writeAtomically(out, ops);
                historyFile = ctx.sessionDir().relativize(out).toString().replace('\\', '/');
                long lastHeal = faults.stream().mapToLong(f -> f.healNanos).max().orElse(-1);
                stats = HistoryStats.of(ops, FaultEpochs.sameClock(h.ops(), span) ? lastHeal : -1);
                runCheckers(new History(h.source(), h.format(), ops, h.notes()), finalState, checks, missing);
                if (messageOutcome != null && messageOutcome.hasMonitor()) checks.add(monitorResult());
                boolean violation = checks.stream().anyMatch(c -> c.validity() == dev.falsify.model.vocabulary.Validity.INVALID);
                outcome = violation ? SeedRun.Outcome.VIOLATION : SeedRun.Outcome.CLEAN;
            } catch (HistoryFormatException e) {
                error = "history unreadable: " + e.getMessage();
            } catch (IOException e) {
                error = "history unreadable: " + e.getMessage();
            }
        }
        publish(new RunEvent.ScenarioEnded(now(), label, outcome.name().toLowerCase(Locale.ROOT), error));
        List<FaultObservation> landed = faults;
        if (messageOutcome != null) {
            landed = new ArrayList<>(faults);
            landed.addAll(MessageEvidence.filters(messageOutcome));
        }
        return new SeedResult(seed, rerun, label, outcome, error, landed, checks, missing, stats, workloadMs, logLines,
                markers, historyFile);
    }

    // ------------------------------------------------------------------ setup, proxies, services

    private String runSetup() throws IOException, InterruptedException {
        int i = 0;
        for (String cmd : spec.setup()) {
            i++;
            ManagedProcess p = start(ProcessSpec.of("setup-" + i, ph.shell(cmd), cwd, logs));
            ProcessExit exit = null;
            // in slices, so a Stop during a long build does not wait for it
            while (exit == null && !ctx.options().cancelled() && System.currentTimeMillis() < deadline) {
                exit = p.waitFor(Duration.ofMillis(Math.min(200, Math.max(1, deadline - System.currentTimeMillis()))));
            }
            if (exit == null && ctx.options().cancelled()) return "cancelled";
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
        if (!spec.messages().isEmpty()) {
            try {
                messages = new MessageEngine(spec, seed, artifacts.resolve(label + ".messages.jsonl"));
            } catch (IOException e) {
                return "could not start the message log: " + e.getMessage();
            }
            if (messages.wantsLogLines()) {
                logLines = ctx.bus().subscribe(e -> {
                    if (e instanceof RunEvent.LogLine l && l.scenario().equals(label)) messages.logLine(l.process(), l.text());
                });
            }
        }
        for (RunSpec.Proxy p : spec.proxies()) {
            try {
                LoopbackFaultProxy proxy = LoopbackFaultProxy.start(p.name(), LoopbackFaultProxy.loopbackAddress(ph.apply(p.listen())),
                        LoopbackFaultProxy.loopbackAddress(ph.apply(p.upstream())));
                if (messages != null && messages.tappedProxies().contains(p.name())) proxy.messageLayer(messages);
                proxies.put(p.name(), proxy);
                publish(new RunEvent.Step(now(), label, "proxy", p.name() + " " + ph.apply(p.listen()) + " -> " + ph.apply(p.upstream())));
            } catch (IOException | IllegalArgumentException e) {
                return "proxy " + p.name() + " could not start on " + p.listen() + ": " + e.getMessage();
            }
        }
        return "";
    }

    /**
     * Builds the run's cluster when the run block declares nodes: netns nodes get namespaces and addresses, and
     * {@code {node:NAME}} becomes each node's address (127.0.0.1 for a local node). A host that cannot build it
     * makes the seed an environment error (INCONCLUSIVE-env), before anything of the plan ran.
     */
    private String startCluster() {
        if (spec.nodes().isEmpty()) return "";
        List<String> netns = spec.nodes().stream().filter(RunSpec.Node::netns).map(RunSpec.Node::name).toList();
        List<String> local = spec.nodes().stream().filter(n -> !n.netns()).map(RunSpec.Node::name).toList();
        Map<String, String> values = new LinkedHashMap<>();
        if (netns.isEmpty()) {
            local.forEach(n -> values.put("node:" + n, "127.0.0.1"));
        } else {
            try {
                cluster = Cluster.up(netns, local);
            } catch (Cluster.SetupException e) {
                return "environment: cannot build the netns cluster: " + e.getMessage();
            }
            cluster.nodes().forEach((n, t) -> values.put("node:" + n, t.address()));
            publish(new RunEvent.Step(now(), label, "cluster", cluster.id() + " on " + cluster.subnet() + ": "
                    + values.entrySet().stream().map(e -> e.getKey().substring(5) + "=" + e.getValue())
                    .collect(java.util.stream.Collectors.joining(", ")) + ", client=" + cluster.client().address()));
        }
        ph = ph.with(values);
        env.putAll(ph.environment());
        scope = new SeedScope(label, seed, cwd, env, ph, artifacts, ctx.bus());
        return "";
    }

    /** How a command reaches service {@code s}'s node (this host when it names none). */
    private NodeTransport transportOf(RunSpec.Service s) {
        if (s.node() == null || cluster == null) return new NodeTransport.Local(s.node() == null ? "local" : s.node());
        return cluster.nodes().get(s.node());
    }

    /** The workload and the final-state dump run in the cluster's client namespace, reaching nodes by address. */
    private NodeTransport.Launch onClient(String command) {
        return cluster == null ? new NodeTransport.Launch(command, Map.of()) : cluster.client().launch(command);
    }

    private String startService(RunSpec.Service s, String logName) throws IOException, InterruptedException {
        RunSpec.Ready r = s.ready();
        NodeTransport node = transportOf(s);
        NodeTransport.Launch launch = node.launch(ph.shell(s.cmd()));
        Map<String, String> serviceEnv = ph(s.env());
        String preload = serviceEnv.getOrDefault("LD_PRELOAD", env.get("LD_PRELOAD"));
        serviceEnv.putAll(nodeFaults.environment(s.name(), preload));
        ProcessSpec ps = ProcessSpec.of(logName, launch.command(), dirOf(s.cwd()), logs).withEnv(serviceEnv).withEnv(launch.env());
        ReadinessCheck check = new ReadinessCheck.None();
        Duration timeout = Duration.ofSeconds(30);
        if (r != null) {
            if (r.timeout() != null) timeout = r.timeout();
            if (r.log() != null) {
                Pattern pat = Pattern.compile(ph.apply(r.log()));
                ps = ps.withReadyLine(pat);
                check = new ReadinessCheck.LogLine(pat);
            } else if (r.tcp() != null && node instanceof NodeTransport.Netns ns) {
                // the host cannot connect into the node's namespace: ready when the port listens there
                String port = ph.apply(r.tcp()).replaceAll(".*:", "");
                if (!port.matches("\\d{1,5}")) return "service " + s.name() + ": ready.tcp '" + r.tcp() + "' has no port";
                Map<String, String> e = new HashMap<>(env);
                e.put(NodeTransport.NETNS_VAR, ns.netns());
                check = new ReadinessCheck.Command("ip netns exec \"$" + NodeTransport.NETNS_VAR + "\" ss -Hltn | awk '{print $4}' | grep -q ':"
                        + port + "$'", e);
            } else if (r.tcp() != null) {
                check = ReadinessCheck.tcp(ph.apply(r.tcp()));
            } else if (r.cmd() != null) {
                NodeTransport.Launch rc = node.launch(ph.shell(r.cmd()));
                Map<String, String> e = new HashMap<>(env);
                e.putAll(rc.env());
                check = new ReadinessCheck.Command(rc.command(), e);
            }
        }
        ManagedProcess p = start(ps);
        services.put(s.name(), p);
        String why = ReadinessCheck.await(check, p, ps.cwd(), timeout, ctx.bus(), label, ctx.options()::cancelled);
        return why == null ? "" : why;
    }

    /** The services as the process faults see them: started by this seed, restarted through it. */
    private FaultDriver.Services faultTargets() {
        return new FaultDriver.Services() {
            @Override
            public ManagedProcess running(String name) {
                return services.get(name);
            }

            @Override
            public String restart(RunSpec.Service s, String logName) throws IOException, InterruptedException {
                return startService(s, logName);
            }
        };
    }

    private ManagedProcess start(ProcessSpec ps) throws IOException {
        ProcessSpec merged = ps.withEnv(env);
        // a clock fault's LD_PRELOAD (which keeps the user's after libfaketime) must survive the seed's environment
        if (ps.env().containsKey("FAKETIME_TIMESTAMP_FILE")) merged = merged.withEnv(Map.of("LD_PRELOAD", ps.env().get("LD_PRELOAD")));
        ManagedProcess p = ManagedProcess.start(merged, ctx.bus(), label);
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

    // ------------------------------------------------------------------ after the workload

    /** Ends the message phase: held messages dropped, the monitor decided, messages.jsonl in place. */
    private MessageEngine.Outcome finishMessages() {
        MessageEngine.Outcome o = messages.finish();
        if (logLines != null) {
            try {
                logLines.close();
            } catch (Exception ignored) {
                // removing a listener cannot fail
            }
        }
        String counts = o.filters().stream().map(f -> f.name() + " " + f.acted()).collect(java.util.stream.Collectors.joining(", "));
        publish(new RunEvent.Step(now(), label, "messages", o.messages() + " messages, " + o.events() + " events in "
                + o.file().getFileName() + (counts.isEmpty() ? "" : "; filters acted on: " + counts)
                + (o.hasMonitor() ? "; monitor " + (o.monitorOutcome().isEmpty() ? "undecided" : o.monitorOutcome()) : "")
                + (o.writeError().isEmpty() ? "" : "; log write failed: " + o.writeError())));
        return o;
    }

    private CheckResult monitorResult() {
        String file = ctx.sessionDir().relativize(messageOutcome.file()).toString().replace('\\', '/');
        CheckResult r = MonitorOracle.result(messageOutcome, file);
        scope.writeJson(artifacts.resolve(SessionLayout.checkResultName(label, MonitorOracle.NAME)), CheckResultJson.toJson(r));
        publish(new RunEvent.OracleChecked(now(), label, MonitorOracle.NAME, r.validity().name().toLowerCase(Locale.ROOT), r.summary()));
        return r;
    }

    private JsonNode dumpFinalState() {
        NodeTransport.Launch fs = onClient(ph.shell(spec.finalState().cmd()));
        Map<String, String> fsEnv = new HashMap<>(env);
        fsEnv.putAll(fs.env());
        ShellCommand.Outcome o = new ShellCommand(fs.command(), cwd, fsEnv, Duration.ofSeconds(30)).run();
        Path out = artifacts.resolve(label + ".final-state.json");
        try {
            AtomicFiles.write(out, o.output());
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
            ShellCommand.Outcome o = new ShellCommand(ph.shell(cmd), cwd, env, Duration.ofSeconds(30)).run();
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
        nodeFaults.close(); // after the services stopped: nothing holds the data directories any more
        if (cluster != null) {
            List<String> gone = cluster.namespaces();
            cluster.close();
            publish(new RunEvent.Step(now(), label, "cluster", "removed " + cluster.id() + " (" + gone.size() + " namespaces)"));
        }
    }

    /** Clocks for the services a clock fault names, storage layers over the data directories a storage fault names. */
    private String prepareNodeFaults() throws IOException {
        try {
            // beside logs/, not in it: logs/<label>/ is scanned as the SUT's own output
            Path state = ctx.sessionDir().resolve("node-faults").resolve(label);
            nodeFaults = NodeFaults.prepare(spec, state, d -> cwd.resolve(ph.apply(d)), List.of(ctx.sessionDir(), cwd));
            nodeFaults.mount(state);
            return "";
        } catch (NodeFaults.Refused e) {
            return e.getMessage();
        } catch (IOException e) {
            return "environment: " + e.getMessage();
        }
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
     * Runs the plan's checkers on the history through the same pipeline as {@code falsify check}
     * (same checker and model choice, the reader's notes attached), so a history gets the same
     * answer and the same weaknesses here as there.
     */
    private void runCheckers(History history, JsonNode finalState, List<CheckResult> checks, List<String> missing) {
        String model = spec.history() == null ? null : spec.history().model();
        Map<String, JsonNode> replicas = new LinkedHashMap<>();
        if (finalState != null && finalState.isObject()) {
            finalState.fields().forEachRemaining(e -> {
                if (e.getValue().isObject()) replicas.put(e.getKey(), e.getValue());
            });
        }
        HistoryCheck pipeline = new HistoryCheck(ctx.checkers());
        for (String name : spec.checkers()) {
            if (ctx.checkers().find(name).isEmpty()) {
                missing.add(name);
                publish(new RunEvent.OracleChecked(now(), label, name, "not run", "Falsify has no checker named " + name));
                continue;
            }
            CheckedHistory checked;
            try {
                checked = pipeline.run(history, new HistoryCheck.Request(name, model, history.format(), Map.of(),
                        finalState, replicas, null, CheckBudget.of(Duration.ofSeconds(60))));
            } catch (RuntimeException e) {
                missing.add(name);
                publish(new RunEvent.OracleChecked(now(), label, name, "error", e.getMessage() != null ? e.getMessage() : e.toString()));
                continue;
            }
            CheckResult r = checked.result();
            checks.add(r);
            scope.writeJson(artifacts.resolve(SessionLayout.checkResultName(label, name)), checked.toJson());
            try { // a violation is drawn into findings/ for the report to embed
                SessionPictures.write(ctx.sessionDir(), label, r, history.ops());
            } catch (IOException e) {
                publish(new RunEvent.Step(now(), label, "pictures", "counterexample pictures not written: " + e.getMessage()));
            }
            publish(new RunEvent.OracleChecked(now(), label, name, r.validity().name().toLowerCase(Locale.ROOT),
                    r.summary() + " (" + r.evidence().ops() + " of " + r.evidence().opsTotal() + " ops)"));
        }
    }

    private void publish(RunEvent e) {
        scope.publish(e);
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
