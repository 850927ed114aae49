package dev.falsify.runner.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class ManagedProcessTest {
    @TempDir
    Path dir;
    final EventBus bus = new EventBus();
    final List<RunEvent> events = new CopyOnWriteArrayList<>();

    ManagedProcessTest() {
        bus.subscribe(events::add);
    }

    /** The script printed its first line, so what it set up before that (children, traps) is in place. */
    private static void awaitFirstLine(ManagedProcess p) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (p.stdoutLines() == 0 && System.nanoTime() < deadline) Thread.sleep(10);
        assertThat(p.stdoutLines()).isPositive();
    }

    private ManagedProcess start(String name, String cmd) throws Exception {
        return ManagedProcess.start(ProcessSpec.of(name, cmd, dir, dir.resolve("logs")), bus, "S1-seed1");
    }

    @Test
    void writesEveryLineToItsLogFileAndTheEventStream() throws Exception {
        ManagedProcess p = start("printer", "seq 1 5000; echo oops >&2; printf 'no newline'");
        ProcessExit exit = p.waitFor(Duration.ofSeconds(10));
        assertThat(exit).isEqualTo(new ProcessExit(0, null));
        List<String> out = Files.readAllLines(dir.resolve("logs/printer.out.log"));
        assertThat(out).hasSize(5001);
        assertThat(out.get(4999)).isEqualTo("5000");
        assertThat(Files.readString(dir.resolve("logs/printer.err.log"))).isEqualTo("oops\n");
        List<RunEvent.LogLine> lines = events.stream().filter(e -> e instanceof RunEvent.LogLine)
                .map(e -> (RunEvent.LogLine) e).filter(l -> l.stream().equals("out")).toList();
        assertThat(lines).hasSize(5001);
        assertThat(lines.get(41).text()).isEqualTo("42");
        assertThat(lines.get(41).lineNo()).isEqualTo(42);
        assertThat(lines.get(5000).text()).isEqualTo("no newline");
        assertThat(events.get(0)).isInstanceOf(RunEvent.ProcessStarted.class);
        assertThat(events.get(events.size() - 1)).isInstanceOfSatisfying(RunEvent.ProcessEnded.class,
                e -> assertThat(e.reason()).isEqualTo("exit"));
    }

    @Test
    void marksErrorLines() throws Exception {
        ManagedProcess p = start("svc", "echo fine; echo 'java.lang.IllegalStateException: boom'");
        p.waitFor(Duration.ofSeconds(10));
        assertThat(events).filteredOn(e -> e instanceof RunEvent.LogMarker).hasSize(1)
                .first().extracting(RunEvent::describe).asString().contains("IllegalStateException");
    }

    @Test
    void readinessByLogLineTcpAndCommand() throws Exception {
        ManagedProcess p = ManagedProcess.start(ProcessSpec.of("svc", "sleep 0.3; echo 'listening on 7001'; sleep 30",
                dir, dir.resolve("logs")).withReadyLine(Pattern.compile("listening on \\d+")), bus, "S");
        assertThat(ReadinessCheck.await(new ReadinessCheck.LogLine(Pattern.compile("listening")), p, dir,
                Duration.ofSeconds(5), bus, "S")).isNull();
        try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            assertThat(ReadinessCheck.await(new ReadinessCheck.Tcp("127.0.0.1", ss.getLocalPort()), p, dir,
                    Duration.ofSeconds(20), bus, "S")).isNull();
        }
        assertThat(ReadinessCheck.await(new ReadinessCheck.Command("test -f ready.flag"), p, dir,
                Duration.ofMillis(300), bus, "S")).contains("not ready after 300 ms");
        Files.writeString(dir.resolve("ready.flag"), "");
        assertThat(ReadinessCheck.await(new ReadinessCheck.Command("test -f ready.flag"), p, dir,
                Duration.ofSeconds(20), bus, "S")).isNull();
        assertThat(events).filteredOn(e -> e instanceof RunEvent.ProcessReady).hasSize(3);
        p.destroyTree(Duration.ofSeconds(2), "teardown");
    }

    @Test
    void readinessFailsFastWhenTheProcessDies() throws Exception {
        ManagedProcess p = start("crash", "exit 3");
        long t0 = System.currentTimeMillis();
        String why = ReadinessCheck.await(new ReadinessCheck.Tcp("127.0.0.1", 1), p, dir, Duration.ofSeconds(10), bus, "S");
        assertThat(why).contains("ended before it was ready");
        assertThat(System.currentTimeMillis() - t0).isLessThan(5000);
        assertThat(p.waitFor(Duration.ofSeconds(2))).isEqualTo(new ProcessExit(3, null));
    }

    @Test
    void killSignalIsReportedAsTheExitSignal() throws Exception {
        ManagedProcess p = start("victim", "sleep 30");
        p.signal(Signal.KILL, "fault");
        ProcessExit e = p.waitFor(Duration.ofSeconds(20));
        assertThat(e.signal()).isEqualTo("KILL");
        assertThat(e.exitCode()).isEqualTo(137);
        assertThat(events).filteredOn(ev -> ev instanceof RunEvent.ProcessEnded).singleElement()
                .satisfies(ev -> assertThat(((RunEvent.ProcessEnded) ev).reason()).isEqualTo("fault"));
    }

    @Test
    void stopFreezesAndContResumes() throws Exception {
        ManagedProcess p = start("ticker", "i=0; while true; do i=$((i+1)); echo $i; sleep 0.02; done");
        Thread.sleep(300);
        p.signal(Signal.STOP, null);
        Thread.sleep(300); // lines already in the pipe are still read
        long frozen = p.stdoutLines();
        Thread.sleep(300);
        assertThat(p.stdoutLines()).isEqualTo(frozen);
        assertThat(p.isAlive()).isTrue();
        p.signal(Signal.CONT, null);
        Thread.sleep(300);
        assertThat(p.stdoutLines()).isGreaterThan(frozen);
        p.destroyTree(Duration.ofSeconds(2), "teardown");
    }

    @Test
    void destroyTreeKillsGrandchildrenToo() throws Exception {
        ManagedProcess p = start("tree", "sleep 60 & sleep 60 & (sleep 60; echo never) & echo started; wait");
        awaitFirstLine(p);
        List<ProcessHandle> before = ProcessHandle.of(p.pid()).orElseThrow().descendants().toList();
        assertThat(before.size()).isGreaterThanOrEqualTo(3);
        ProcessExit exit = p.destroyTree(Duration.ofSeconds(2), "teardown");
        assertThat(exit).isNotNull();
        List<Long> pids = new java.util.ArrayList<>(before.stream().map(ProcessHandle::pid).toList());
        pids.add(p.pid());
        assertThat(ProcessGone.allGone(pids, 5000)).isTrue();
    }

    @Test
    void processThatIgnoresTermIsKilledAfterTheGrace() throws Exception {
        ManagedProcess p = start("stubborn", "trap '' TERM; echo up; while true; do sleep 0.05; done");
        awaitFirstLine(p);
        long t0 = System.currentTimeMillis();
        ProcessExit exit = p.destroyTree(Duration.ofMillis(500), "timeout");
        assertThat(System.currentTimeMillis() - t0).isGreaterThanOrEqualTo(450);
        assertThat(exit.signal()).isEqualTo("KILL");
        assertThat(p.isAlive()).isFalse();
    }

    @Test
    void decodesExitStatuses() {
        assertThat(ProcessExit.fromStatus(143).signal()).isEqualTo("TERM");
        assertThat(ProcessExit.fromStatus(1)).isEqualTo(new ProcessExit(1, null));
        assertThat(ProcessExit.fromStatus(0).success()).isTrue();
        assertThat(Signal.parse("sigstop")).isEqualTo(Signal.STOP);
    }
}
