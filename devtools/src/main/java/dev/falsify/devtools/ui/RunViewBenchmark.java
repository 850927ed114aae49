package dev.falsify.devtools.ui;

import dev.falsify.app.ui.run.RunHost;
import dev.falsify.app.ui.run.RunSession;
import dev.falsify.app.ui.run.RunTab;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustStore;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * {@code falsify bench timeline}: the run view (timeline + log viewer, following live) fed through
 * {@link RunSession#publish} — the listener the runner calls — at the runner's own rate (200,000
 * lines/s), with a fault window, landing reading and error marker every few seconds, while the FX
 * thread's time per pulse (animation, CSS, layout: everything the FX thread does for a frame) and the
 * event queue are sampled every pulse. Target: pulse p99 ≤ 16 ms and a queue that does not grow.
 */
public final class RunViewBenchmark {
    /**
     * @param lines        log lines published
     * @param seconds      how long publishing took
     * @param pulses       pulses measured
     * @param pulseP50     FX-thread time per pulse, ms
     * @param pulseP99     ms
     * @param pulseMax     ms
     * @param frameP50     time between pulse starts, ms
     * @param frameP99     ms
     * @param queueMax     most events ever waiting for the FX thread
     * @param queueAtEnd   events waiting when publishing ended
     * @param queueSamples the queue length sampled at each tenth of the run (growth shows as a rising row)
     * @param shown        lines the log viewer had when publishing ended (all of them: it never lags)
     */
    public record Figures(long lines, double seconds, int pulses, double pulseP50, double pulseP99, double pulseMax,
                          double frameP50, double frameP99, int queueMax, int queueAtEnd, List<Integer> queueSamples,
                          int shown, int markers) {
    }

    private RunViewBenchmark() {
    }

    /** Runs on a non-FX thread after {@code HeadlessFx.start}; {@code fx} runs work on the FX thread. */
    public static Figures run(long lines, int rate, FxCaller fx) throws Exception {
        PlanSnapshot snap = PlanSnapshot.of(Path.of("bench-plan.md"), "# Test Plan: bench\n");
        RunOptions opts = new RunOptions(Path.of("unused"), List.of(), null, Map.of(), 0, null, "bench",
                new PrintWriter(Writer.nullWriter()));
        RunSession session = new RunSession(snap, opts);
        long[] pulseStart = {0};
        List<Long> pulseNanos = new ArrayList<>();
        List<Long> frameNanos = new ArrayList<>();
        List<Integer> queue = new ArrayList<>();
        boolean[] measuring = {false};
        RunTab tab = fx.call(() -> {
            // started before the run view's own timer, so it runs first in every pulse
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    long t = System.nanoTime();
                    if (measuring[0] && pulseStart[0] != 0) frameNanos.add(t - pulseStart[0]);
                    pulseStart[0] = t;
                    if (measuring[0]) queue.add(session.queued());
                }
            }.start();
            RunTab t = new RunTab(session, new NoHost());
            Stage stage = new Stage();
            Scene scene = new Scene((Parent) t.getContent(), 1600, 1000);
            scene.addPostLayoutPulseListener(() -> {
                if (measuring[0] && pulseStart[0] != 0) pulseNanos.add(System.nanoTime() - pulseStart[0]);
            });
            stage.setScene(scene);
            stage.show();
            return t;
        });
        Thread.sleep(500);
        String[] procs = {"n1.out", "n2.out", "n3.out", "workload.out"};
        int seeds = 3;
        long t0 = System.currentTimeMillis();
        for (int s = 1; s <= seeds; s++) {
            String label = "S1-" + s;
            session.publish(new RunEvent.ScenarioStarted(t0, label, s));
            for (String p : procs) {
                String name = p.substring(0, p.indexOf('.'));
                session.publish(new RunEvent.ProcessStarted(t0, label, name, 1000 + s, "bench"));
                session.publish(new RunEvent.ProcessReady(t0 + 5, label, name, "bench", 5));
            }
        }
        fx.call(() -> {
            measuring[0] = true;
            return null;
        });
        long[] count = new long[seeds * procs.length];
        // one String per stream, as the runner's LogPump holds them; only the line's text is new per line
        String[] labels = new String[count.length];
        String[] names = new String[count.length];
        for (int k = 0; k < count.length; k++) {
            labels[k] = "S1-" + (k / procs.length + 1);
            names[k] = procs[k % procs.length].substring(0, procs[k % procs.length].indexOf('.'));
        }
        int batch = Math.max(1, rate / 200); // 5 ms of lines per batch
        byte[] buf = new byte[256];
        long start = System.nanoTime();
        long published = 0;
        int markers = 0;
        long nextFault = 2_000;
        int fault = 0;
        while (published < lines) {
            long now = System.currentTimeMillis();
            for (int i = 0; i < batch && published < lines; i++, published++) {
                int k = (int) (published % count.length);
                String label = labels[k];
                String name = names[k];
                long no = ++count[k];
                String text = line(buf, name, no);
                if (no % 20_000 == 0) {
                    text = name + " ERROR timeout on op " + no;
                    session.publish(new RunEvent.LogLine(now, label, name, "out", no, text));
                    session.publish(new RunEvent.LogMarker(now, label, name, "out", no, "marker", text));
                    markers++;
                } else {
                    session.publish(new RunEvent.LogLine(now, label, name, "out", no, text));
                }
            }
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            if (elapsedMs >= nextFault) {
                String label = "S1-" + (fault % seeds + 1);
                String f = "partition-" + fault;
                session.publish(new RunEvent.FaultInjected(now, label, f, "partition", "proxy p12", "bench"));
                session.publish(new RunEvent.LandingChecked(now + 400, label, f, true, "1/1 connections hit; 400 B dropped"));
                session.publish(new RunEvent.FaultHealed(now + 800, label, f, ""));
                fault++;
                nextFault += 2_000;
            }
            long due = start + published * 1_000_000_000L / rate;
            long wait = due - System.nanoTime();
            if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        int queueAtEnd = session.queued();
        int shown = fx.call(() -> tab.log().lines().count());
        Thread.sleep(300);
        fx.call(() -> {
            measuring[0] = false;
            return null;
        });
        List<Long> pulses = fx.call(() -> List.copyOf(pulseNanos));
        List<Long> frames = fx.call(() -> List.copyOf(frameNanos));
        List<Integer> q = fx.call(() -> List.copyOf(queue));
        List<Integer> samples = new ArrayList<>();
        for (int i = 0; i < 10 && !q.isEmpty(); i++) samples.add(q.get(Math.min(q.size() - 1, (int) ((long) q.size() * i / 10))));
        samples.add(q.isEmpty() ? 0 : q.get(q.size() - 1));
        int qmax = q.stream().mapToInt(Integer::intValue).max().orElse(0);
        fx.call(() -> {
            ((Stage) ((Parent) tab.getContent()).getScene().getWindow()).close();
            return null;
        });
        return new Figures(published, seconds, pulses.size(), pct(pulses, 50), pct(pulses, 99), pct(pulses, 100),
                pct(frames, 50), pct(frames, 99), Math.max(qmax, session.maxQueued()), queueAtEnd,
                samples, shown, markers);
    }

    /**
     * {@code <name> op <no> key=<no % 17> ok}, made as the runner's LogPump makes a line: bytes read
     * into a reused buffer, then one String of them (a concatenation per line would put several
     * times the runner's garbage on the heap, and the benchmark would measure its own generator).
     */
    static String line(byte[] buf, String name, long no) {
        int j = 0;
        for (int i = 0; i < name.length(); i++) buf[j++] = (byte) name.charAt(i);
        j = put(buf, j, " op ");
        j = digits(buf, j, no);
        j = put(buf, j, " key=");
        j = digits(buf, j, no % 17);
        j = put(buf, j, " ok");
        return new String(buf, 0, j, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static int put(byte[] buf, int j, String ascii) {
        for (int i = 0; i < ascii.length(); i++) buf[j++] = (byte) ascii.charAt(i);
        return j;
    }

    private static int digits(byte[] buf, int j, long v) {
        int start = j;
        do {
            buf[j++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        for (int a = start, b = j - 1; a < b; a++, b--) {
            byte t = buf[a];
            buf[a] = buf[b];
            buf[b] = t;
        }
        return j;
    }

    private static double pct(List<Long> nanos, int p) {
        if (nanos.isEmpty()) return Double.NaN;
        long[] a = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(a);
        int i = (int) Math.min(a.length - 1, Math.max(0, Math.ceil(p / 100.0 * a.length) - 1));
        return a[i] / 1e6;
    }

    /** Runs work on the FX thread and waits for it. */
    public interface FxCaller {
        <T> T call(java.util.concurrent.Callable<T> work) throws Exception;
    }

    /** The benchmark's window does nothing with what a run asks of it. */
    private static final class NoHost implements RunHost {
        public Window window() {
            return null;
        }

        public void show(RunTab tab) {
        }

        public void openSession(Path dir) {
        }

        public void openLogLine(Path file, long lineNo) {
        }

        public void status(String message) {
        }

        public Path storeDb() {
            return null;
        }

        public TrustStore trustStore() {
            return new TrustStore(Path.of("unused-trust.json"));
        }

        public Path sessionsRoot(Path plan) {
            return Path.of("unused");
        }

        public boolean unsaved(Path plan) {
            return false;
        }

        public boolean save(Path plan) {
            return true;
        }
    }
}
