package dev.falsify.devtools.ui;

import dev.falsify.app.ui.history.HistoryCanvas;
import dev.falsify.app.ui.history.HistoryView;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.history.JsonlHistoryWriter;
import dev.falsify.model.history.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * {@code falsify bench history}: a generated history of N ops (100,000 by default) opened in the
 * real (headless) history viewer — from the file to the first frame on screen — then pan and zoom
 * steps at zoom levels from the whole history down to a few ops, each timed as FX-thread work: the
 * canvas repaint plus the JavaFX pulse that follows it (CSS, layout, sync of the canvas commands).
 */
public final class HistoryBenchmark {
    /**
     * @param windowMs  open → the window's first pulse (the viewer on screen, the history still being read)
     * @param loadMs    open → history read, laid out and its first bars drawn by a pulse
     * @param checkMs   open → the check result shown (verdict and stepper filled), -1 when it did not end
     * @param readMs    of a separate run: reading and laying out alone (off the FX thread)
     * @param verdict   the check's verdict line as the window shows it
     * @param overlaySteps linearization points in the stepper's overlay while measuring (0: none)
     * @param frameMs   per pan/zoom step: repaint + pulse, sorted
     * @param drawMs    per pan/zoom step: the repaint alone, sorted
     * @param stepperMs per stepper Forward: the step, its repaint and pulse, sorted
     * @param pipeline   what drew the frames: glass platform, Prism pipeline, window size
     * @param fxCpuMs    CPU time of the FX thread per step (on a loaded machine a steadier figure than wall time)
     * @param renderCpuMs CPU time of the Prism render thread per step (rasterizing the frames)
     * @param levels      the same per zoom level (whole history, 10×, … 100000× in): the target holds at every zoom
     */
    public record Figures(int ops, double windowMs, double loadMs, double checkMs, double readMs, String verdict,
                          int overlaySteps, double[] frameMs, double[] drawMs, double[] stepperMs, String pipeline,
                          double fxCpuMs, double renderCpuMs, List<Level> levels) {
        public double p(double[] sorted, double q) {
            if (sorted.length == 0) return Double.NaN;
            return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1))];
        }
    }

    /** One zoom level's steps: frame and repaint times (sorted), CPU per step of the FX and the render thread. */
    public record Level(double zoom, double[] frameMs, double[] drawMs, double fxCpuMs, double renderCpuMs) {
    }

    private HistoryBenchmark() {
    }

    /**
     * A history like a long Jepsen run of a correct key-value store: 32 processes, ten keys, reads and
     * writes whose values come from applying them at a point inside each op's interval (so it is
     * linearizable and the check yields a linearization of about 10,000 steps per key — the overlay a
     * user's stepper draws), 1% failed writes (not applied), 1% reads with no reply, two fault windows.
     */
    public static Path generate(int ops, Path file) throws IOException {
        Random rnd = new Random(16);
        int procs = 32;
        long[] clock = new long[procs];
        long[] at = new long[ops];
        Op[] drafts = new Op[ops];
        for (int i = 0; i < ops; i++) {
            int p = rnd.nextInt(procs);
            long invoke = clock[p] + 50_000 + rnd.nextInt(2_000_000);
            long dur = 200_000 + rnd.nextInt(4_000_000);
            clock[p] = invoke + dur;
            boolean read = rnd.nextBoolean();
            boolean lost = read && rnd.nextInt(100) == 0;
            boolean fail = !read && rnd.nextInt(100) == 0;
            at[i] = invoke + (long) (rnd.nextDouble() * dur);
            String epoch = i > ops / 3 && i < ops / 3 + ops / 20 ? "partition-n2" : i > 2 * ops / 3 && i < 2 * ops / 3 + ops / 30 ? "kill-n1" : null;
            drafts[i] = new Op("p" + p + "-" + i, "p" + p, invoke, lost ? null : invoke + dur, read ? "read" : "write",
                    "k" + rnd.nextInt(10), read ? NullNode.instance : IntNode.valueOf(i), NullNode.instance,
                    fail ? "timeout-or-refused" : null, lost, "n" + (1 + rnd.nextInt(3)), epoch, 0);
        }
        // apply in linearization-point order: each read returns the value of the last write before it
        Integer[] order = new Integer[ops];
        for (int i = 0; i < ops; i++) order[i] = i;
        Arrays.sort(order, java.util.Comparator.comparingLong(i -> at[i]));
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> value = new java.util.HashMap<>();
        List<Op> out = new ArrayList<>(java.util.Collections.nCopies(ops, (Op) null));
        for (int i : order) {
            Op d = drafts[i];
            if (d.opType().equals("write")) {
                if (d.error() == null) value.put(d.key(), d.input());
                out.set(i, d);
            } else {
                var v = d.timeoutMarker() ? NullNode.instance : value.getOrDefault(d.key(), NullNode.instance);
                out.set(i, new Op(d.opId(), d.processId(), d.invokeTs(), d.completeTs(), d.opType(), d.key(), d.input(), v,
                        d.error(), d.timeoutMarker(), d.nodeSeen(), d.faultEpoch(), 0));
            }
        }
        JsonlHistoryWriter.writeAtomically(file, out);
        return file;
    }

    /** Runs in this JVM (starts headless JavaFX). */
    public static Figures run(int ops, int steps, int width, int height) throws IOException, InterruptedException {
        return run(ops, steps, width, height, false);
    }

    /**
     * @param window true: a real window on {@code $DISPLAY} (GTK glass, the Prism pipeline JavaFX
     *               picks, or {@code -Dprism.order}), as a user's workbench draws; false: headless
     *               (Monocle, software Prism), as the tests and screenshots draw
     */
    public static Figures run(int ops, int steps, int width, int height, boolean window) throws IOException, InterruptedException {
        if (window) startWindowed(); else HeadlessFx.start(width, height);
        Path dir = Files.createTempDirectory("falsify-bench-history");
        try {
            Path file = generate(ops, dir.resolve("bench.history.jsonl"));
            // warm-up: one open of the same file, checked, so class loading and JIT are not the figure
            open(file, width, height, true, new double[3]);
            long r0 = System.nanoTime();
            HistoryView.load(file);
            double readMs = (System.nanoTime() - r0) / 1e6;
            double[] times = new double[3];
            Object[] shown = open(file, width, height, false, times);
            HistoryView view = (HistoryView) shown[0];
            Stage stage = (Stage) shown[1];
            HistoryCanvas c = view.canvas();
            String verdict = HeadlessFx.call(() -> view.result() == null ? "not checked" : view.result().validity()
                    + " — " + view.result().summary());
            int overlay = HeadlessFx.call(() -> view.stepper().track() == null ? 0 : view.stepper().track().steps().size());
            HeadlessFx.run(c::fit);
            double[] frame = new double[steps];
            double[] draw = new double[steps];
            double full = HeadlessFx.call(() -> c.history().axis().spanMs());
            Random rnd = new Random(1);
            java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
            long fxThread = HeadlessFx.call(() -> Thread.currentThread().getId());
            long renderThread = threadNamed("QuantumRenderer");
            long fx0 = cpu.getThreadCpuTime(fxThread);
            long render0 = renderThread < 0 ? -1 : cpu.getThreadCpuTime(renderThread);
            int perLevel = Math.max(1, steps / 6);
            List<Level> levels = new ArrayList<>();
            long levelFx = fx0;
            long levelRender = render0;
            for (int i = 0; i < steps; i++) {
                int level = Math.min(i / perLevel, 5); // whole history, then 10×, 100×, … 100000× in
                double span = full / Math.pow(10, Math.min(level, 5));
                int kind = i % 3;
                double[] r = step(c, () -> {
                    if (kind == 0) {
                        double from = rnd.nextDouble() * Math.max(0, full - span);
                        c.zoomTo(from, from + span);
                    } else if (kind == 1) {
                        c.pan(c.viewSpan() * (rnd.nextBoolean() ? 0.1 : -0.1));
                    } else {
                        c.zoomAround(c.viewFrom() + c.viewSpan() / 2, rnd.nextBoolean() ? 0.87 : 1.15);
                    }
                });
                frame[i] = r[0];
                draw[i] = r[1];
                if (i == steps - 1 || Math.min((i + 1) / perLevel, 5) != level) {
                    // the render thread draws a step's frame after the step ends: a level's CPU includes the
                    // previous level's last frame and misses its own last one, a wash over 50 steps
                    long fxNow = cpu.getThreadCpuTime(fxThread);
                    long renderNow = render0 < 0 ? -1 : cpu.getThreadCpuTime(renderThread);
                    int first = level * perLevel;
                    int n = i + 1 - first;
                    double[] lf = Arrays.copyOfRange(frame, first, i + 1);
                    double[] ld = Arrays.copyOfRange(draw, first, i + 1);
                    Arrays.sort(lf);
                    Arrays.sort(ld);
                    levels.add(new Level(Math.pow(10, level), lf, ld, (fxNow - levelFx) / 1e6 / n,
                            render0 < 0 ? Double.NaN : (renderNow - levelRender) / 1e6 / n));
                    levelFx = fxNow;
                    levelRender = renderNow;
                }
            }
            double fxCpu = (cpu.getThreadCpuTime(fxThread) - fx0) / 1e6 / steps;
            double renderCpu = render0 < 0 ? Double.NaN : (cpu.getThreadCpuTime(renderThread) - render0) / 1e6 / steps;
            // the stepper's Forward, as the user presses it, on the whole history with the overlay drawn
            int forwards = overlay == 0 ? 0 : Math.min(overlay, Math.max(10, steps / 3));
            double[] stepper = new double[forwards];
            HeadlessFx.run(c::fit);
            for (int i = 0; i < forwards; i++) {
                stepper[i] = step(c, () -> view.stepper().go(view.stepper().step() + 1))[0];
            }
            Arrays.sort(stepper);
            String pipeline = HeadlessFx.call(() -> pipeline(stage));
            HeadlessFx.run(() -> {
                view.stepper().setTracks(List.of());
                stage.close();
            });
            Arrays.sort(frame);
            Arrays.sort(draw);
            return new Figures(ops, times[0], times[1], times[2], readMs, verdict, overlay, frame, draw, stepper, pipeline, fxCpu,
                    renderCpu, List.copyOf(levels));
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** JavaFX on the display of {@code $DISPLAY}, with the platform's glass and Prism's own choice of pipeline. */
    private static void startWindowed() {
        if (System.getenv("DISPLAY") == null) throw new IllegalStateException("--window needs a display: set DISPLAY (e.g. Xvfb :93)");
        java.util.concurrent.CountDownLatch up = new java.util.concurrent.CountDownLatch(1);
        Platform.startup(up::countDown);
        Platform.setImplicitExit(false);
        try {
            if (!up.await(30, TimeUnit.SECONDS)) throw new IllegalStateException("JavaFX did not start within 30 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Glass platform, Prism pipeline and the canvas's size, e.g. {@code Monocle headless, Prism sw, canvas 984×913}. */
    private static String pipeline(Stage stage) {
        String glass = String.valueOf(System.getProperty("glass.platform", "gtk"));
        String prism;
        try {
            // internal API, read reflectively: JavaFX says which pipeline it loaded only here
            Object p = Class.forName("com.sun.prism.GraphicsPipeline").getMethod("getPipeline").invoke(null);
            prism = p.getClass().getSimpleName().replace("Pipeline", "").toLowerCase(java.util.Locale.ROOT);
        } catch (ReflectiveOperationException | RuntimeException e) {
            prism = "prism.order=" + System.getProperty("prism.order", "default");
        }
        HistoryCanvas c = (HistoryCanvas) stage.getScene().lookup("#history-canvas");
        return String.format(java.util.Locale.ROOT, "%s glass, Prism %s, window %.0f×%.0f, canvas %.0f×%.0f",
                glass.equals("Monocle") ? "Monocle headless" : glass, prism, stage.getScene().getWidth(),
                stage.getScene().getHeight(), c.getWidth(), c.getHeight());
    }

    private static long threadNamed(String prefix) {
        for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().startsWith(prefix)) return t.getId();
        return -1;
    }

    /**
     * Opens the file in a new window, checked as the user's window checks it; returns once the check
     * result is shown. {@code times} gets: open → the window's first pulse, → first bars on screen, → the
     * check result shown (-1 when the check did not end within 120 s).
     */
    private static Object[] open(Path file, int width, int height, boolean close, double[] times) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        java.util.concurrent.CountDownLatch firstPulse = new java.util.concurrent.CountDownLatch(1);
        long[] pulseAt = new long[1];
        Object[] made = HeadlessFx.call(() -> {
            HistoryView v = new HistoryView();
            Stage s = new Stage();
            s.setScene(new Scene(v, width, height));
            dev.falsify.app.ui.editor.LayoutPulse.after(s.getScene(), () -> {
                pulseAt[0] = System.nanoTime();
                firstPulse.countDown();
            });
            s.show();
            v.open(file, true);
            return new Object[] {v, s};
        });
        HistoryView v = (HistoryView) made[0];
        if (!firstPulse.await(60, TimeUnit.SECONDS)) throw new IOException("the window did not show within 60 s");
        times[0] = (pulseAt[0] - t0) / 1e6;
        if (!HeadlessFx.waitFor(() -> v.canvas().frames() > 0 && v.canvas().history() != null, 120_000)) {
            throw new IOException("the history was not shown within 120 s");
        }
        afterPulse(((Stage) made[1]).getScene());
        times[1] = (System.nanoTime() - t0) / 1e6;
        if (HeadlessFx.waitFor(() -> v.result() != null && !v.busy(), 120_000)) {
            afterPulse(((Stage) made[1]).getScene());
            times[2] = (System.nanoTime() - t0) / 1e6;
        } else {
            times[2] = -1;
        }
        if (close) {
            HeadlessFx.run(() -> ((Stage) made[1]).close());
        }
        return made;
    }

    /** {frame ms, draw ms}: the step and its repaint, plus the work of the pulse that puts it on screen. */
    private static double[] step(HistoryCanvas c, Runnable change) throws InterruptedException {
        CompletableFuture<double[]> done = new CompletableFuture<>();
        HeadlessFx.run(() -> {
            Scene scene = c.getScene();
            long t0 = System.nanoTime();
            change.run();
            long applied = System.nanoTime();
            long[] pre = new long[1];
            Runnable[] hooks = new Runnable[2];
            hooks[0] = () -> pre[0] = System.nanoTime();
            hooks[1] = () -> {
                long post = System.nanoTime();
                scene.removePreLayoutPulseListener(hooks[0]);
                scene.removePostLayoutPulseListener(hooks[1]);
                // the rest of the pulse (sync of the canvas commands to the renderer) runs before the next runnable
                Platform.runLater(() -> done.complete(new double[] {
                        (applied - t0 + System.nanoTime() - (pre[0] == 0 ? post : pre[0])) / 1e6, c.lastDrawNanos() / 1e6}));
            };
            scene.addPreLayoutPulseListener(hooks[0]);
            scene.addPostLayoutPulseListener(hooks[1]);
            Platform.requestNextPulse();
        });
        try {
            return done.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("no pulse within 30 s", e);
        }
    }

    private static void afterPulse(Scene scene) throws InterruptedException {
        java.util.concurrent.CountDownLatch l = new java.util.concurrent.CountDownLatch(1);
        HeadlessFx.run(() -> dev.falsify.app.ui.editor.LayoutPulse.after(scene, l::countDown));
        if (!l.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("no pulse within 60 s");
    }
}
