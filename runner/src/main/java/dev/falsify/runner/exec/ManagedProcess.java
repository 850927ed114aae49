package dev.falsify.runner.exec;

import dev.falsify.model.session.SessionWriter;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A process the runner started and owns, with its whole tree.
 *
 * <p>The command runs under a small {@code /bin/sh} wrapper that puts it in a new session
 * ({@code setsid}), so the service and everything it spawns share one process group the runner can
 * signal as a unit, and that keeps a watchdog reading the wrapper's stdin — a pipe from this JVM. If
 * the JVM dies in any way, even SIGKILL where no shutdown hook runs, the pipe closes and the watchdog
 * kills the group: no orphan survives the runner. Normal end, timeout and cancel destroy the tree
 * explicitly; a JVM shutdown hook ({@link ProcessReaper}) covers Ctrl-C and System.exit.
 */
public final class ManagedProcess {
    private static final boolean HAVE_SETSID = Files.isExecutable(Path.of("/usr/bin/setsid"))
            || Files.isExecutable(Path.of("/bin/setsid"));
    private static final String WRAPPER = String.join("\n",
            "pidfile=\"$1\"; cmd=\"$2\"; usesetsid=\"$3\"",
            // background jobs get /dev/null as stdin: keep the JVM pipe on fd 3 for the watchdog
            "exec 3<&0",
            "if [ \"$usesetsid\" = 1 ]; then setsid /bin/sh -c \"$cmd\" </dev/null 3<&- & else /bin/sh -c \"$cmd\" </dev/null 3<&- & fi",
            "child=$!",
            "echo \"$child\" > \"$pidfile.tmp\" && mv \"$pidfile.tmp\" \"$pidfile\"",
            "( while read -r _ <&3; do :; done; kill -KILL -\"$child\" 2>/dev/null; kill -KILL \"$child\" 2>/dev/null ) >/dev/null 2>&1 &",
            "watchdog=$!",
            "wait \"$child\"",
            "status=$?",
            "kill -KILL \"$watchdog\" 2>/dev/null",
            "exit \"$status\"");

    private final ProcessSpec spec;
    private final String scenario;
    private final EventBus bus;
    private final Process wrapper;
    private final long pid;
    private final LogPump out;
    private final LogPump err;
    private final LogPump.LineWaiter readyWaiter;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final long startedAtMs;
    private volatile String endReason = "exit";
    private volatile ProcessExit exit;

    private ManagedProcess(ProcessSpec spec, String scenario, EventBus bus, Process wrapper, long pid,
                           LogPump out, LogPump err, LogPump.LineWaiter readyWaiter, long startedAtMs) {
        this.spec = spec;
        this.scenario = scenario;
        this.bus = bus;
        this.wrapper = wrapper;
        this.pid = pid;
        this.out = out;
        this.err = err;
        this.readyWaiter = readyWaiter;
        this.startedAtMs = startedAtMs;
    }

    /** Starts the process; its output goes to {@code logDir/<name>.{out,err}.log} and to the bus. */
    public static ManagedProcess start(ProcessSpec spec, EventBus bus, String scenario) throws IOException {
        Files.createDirectories(spec.logDir());
        Path pidFile = Files.createTempFile("falsify-pid-", ".txt");
        Files.delete(pidFile);
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", WRAPPER, "falsify-wrapper", pidFile.toString(),
                spec.command(), HAVE_SETSID ? "1" : "0");
        pb.directory(spec.cwd().toFile());
        pb.environment().putAll(spec.env());
        long startedAt = System.currentTimeMillis();
        Process p = pb.start();
        long pid = readPid(pidFile, p);
        LogPump out = new LogPump(p.getInputStream(), spec.logDir().resolve(SessionWriter.fileNamePart(spec.name()) + ".out.log"), bus, scenario,
                spec.name(), "out", LogPump.DEFAULT_MARKERS);
        LogPump err = new LogPump(p.getErrorStream(), spec.logDir().resolve(SessionWriter.fileNamePart(spec.name()) + ".err.log"), bus, scenario,
                spec.name(), "err", LogPump.DEFAULT_MARKERS);
        LogPump.LineWaiter waiter = null;
        if (spec.readyLine() != null) {
            java.util.regex.Pattern pat = spec.readyLine();
            waiter = new LogPump.LineWaiter(line -> pat.matcher(line).find(), 2);
            out.watch(waiter);
            err.watch(waiter);
        }
        ManagedProcess mp = new ManagedProcess(spec, scenario, bus, p, pid, out, err, waiter, startedAt);
        ProcessReaper.register(mp);
        bus.publish(new RunEvent.ProcessStarted(startedAt, scenario, spec.name(), pid, spec.command()));
        Thread to = new Thread(out, "log-" + spec.name() + "-out");
        Thread te = new Thread(err, "log-" + spec.name() + "-err");
        to.setDaemon(true);
        te.setDaemon(true);
        to.start();
        te.start();
        Thread watcher = new Thread(() -> mp.awaitEnd(to, te), "proc-" + spec.name() + "-wait");
        watcher.setDaemon(true);
        watcher.start();
        return mp;
    }

    private static long readPid(Path pidFile, Process p) throws IOException {
        long deadline = System.currentTimeMillis() + 5000;
        try {
            while (System.currentTimeMillis() < deadline) {
                if (Files.exists(pidFile)) {
                    String s = Files.readString(pidFile).trim();
                    Files.deleteIfExists(pidFile);
                    return Long.parseLong(s);
                }
                if (!p.isAlive() && !Files.exists(pidFile)) break;
                Thread.sleep(2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (NumberFormatException e) {
            throw new IOException("process wrapper wrote an unreadable pid file " + pidFile);
        }
        p.destroyForcibly();
        throw new IOException("process wrapper did not report a pid within 5 s");
    }

    private void awaitEnd(Thread to, Thread te) {
        int status;
        try {
            status = wrapper.waitFor();
            to.join(5000);
            te.join(5000);
        } catch (InterruptedException e) {
            return;
        }
        exit = ProcessExit.fromStatus(status);
        closeStdin();
        ProcessReaper.unregister(this);
        bus.publish(new RunEvent.ProcessEnded(System.currentTimeMillis(), scenario, spec.name(), pid, exit.exitCode(),
                exit.signal(), endReason));
        ended.countDown();
    }

    public String name() {
        return spec.name();
    }

    public ProcessSpec spec() {
        return spec;
    }

    /** The pid of the command (also its process group id when setsid is available). */
    public long pid() {
        return pid;
    }

    public long startedAtMs() {
        return startedAtMs;
    }

    public boolean isAlive() {
        return ended.getCount() > 0;
    }

    public long stdoutLines() {
        return out.lines();
    }

    public long stderrLines() {
        return err.lines();
    }

    /** Waits for the ready line (given in the spec); false on timeout or if the process ended first. */
    public boolean awaitReadyLine(long timeoutMs) throws InterruptedException {
        if (readyWaiter == null) throw new IllegalStateException(spec.name() + " has no ready line");
        return readyWaiter.await(timeoutMs);
    }

    /** Waits for the process to end; null if it is still running after the timeout. */
    public ProcessExit waitFor(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS) ? exit : null;
    }

    /** Sends a signal to the process group (the service and its children). */
    public void signal(Signal s, String reason) throws IOException {
        if (reason != null) endReason = reason;
        List<String> cmd = new ArrayList<>(List.of("kill", "-s", s.name(), "--"));
        cmd.add(HAVE_SETSID ? "-" + pid : Long.toString(pid));
        try {
            Process k = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            k.getInputStream().readAllBytes();
            k.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the process and everything it started: TERM to the group, then KILL after {@code grace},
     * then any descendant that left the group. Returns how it ended.
     */
    public ProcessExit destroyTree(Duration grace, String reason) throws InterruptedException {
        if (!isAlive()) return exit;
        endReason = reason;
        List<ProcessHandle> tree = descendants();
        try {
            signal(Signal.CONT, null); // a stopped group cannot act on TERM
            signal(Signal.TERM, null);
        } catch (IOException ignored) {
            // fall through to KILL
        }
        if (waitFor(grace) == null) {
            killNow();
        }
        for (ProcessHandle h : tree) h.destroyForcibly();
        ProcessExit e = waitFor(Duration.ofSeconds(5));
        return e != null ? e : ProcessExit.fromStatus(137);
    }

    /** Immediate KILL of the group and the wrapper; used by the shutdown hook. */
    void killNow() {
        List<ProcessHandle> tree = descendants();
        try {
            signal(Signal.KILL, null);
        } catch (IOException ignored) {
            // destroyForcibly below still runs
        }
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        for (ProcessHandle h : tree) h.destroyForcibly();
        wrapper.destroyForcibly();
    }

    private List<ProcessHandle> descendants() {
        List<ProcessHandle> all = new ArrayList<>();
        wrapper.toHandle().descendants().forEach(all::add);
        return all;
    }

    private void closeStdin() {
        try {
            wrapper.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
