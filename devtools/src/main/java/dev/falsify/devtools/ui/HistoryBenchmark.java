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
     * @param loadMs  file → history read, laid out and drawn by a pulse
     * @param readMs  of a separate run: reading and laying out alone (off the FX thread)
     * @param frameMs per step: repaint + pulse, sorted
     * @param drawMs  per step: the repaint alone, sorted
     * @param pipeline   what drew the frames: glass platform, Prism pipeline, window size
     * @param fxCpuMs    CPU time of the FX thread per step (on a loaded machine a steadier figure than wall time)
     * @param renderCpuMs CPU time of the Prism render thread per step (rasterizing the frames)
     * @param levels      the same per zoom level (whole history, 10×, … 100000× in): the target holds at every zoom
     */
    public record Figures(int ops, double loadMs, double readMs, double[] frameMs, double[] drawMs, String pipeline,
                          double fxCpuMs, double renderCpuMs, List<Level> levels) {
        public double p(double[] sorted, double q) {
            return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
        }
    }

    /** One zoom level's steps: frame and repaint times (sorted), CPU per step of the FX and the render thread. */
    public record Level(double zoom, double[] frameMs, double[] drawMs, double fxCpuMs, double renderCpuMs) {
    }

    private HistoryBenchmark() {
    }

    /** A history like a long Jepsen run: 32 processes, ten keys, 2% timeouts, 2% failures, two fault windows. */
    public static Path generate(int ops, Path file) throws IOException {
        Random rnd = new Random(16);
        int procs = 32;
        long[] clock = new long[procs];
        List<Op> out = new ArrayList<>(ops);
        for (int i = 0; i < ops; i++) {
            int p = rnd.nextInt(procs);
            long invoke = clock[p] + 50_000 + rnd.nextInt(2_000_000);
            long dur = 200_000 + rnd.nextInt(4_000_000);
            boolean timeout = rnd.nextInt(50) == 0;
            boolean fail = !timeout && rnd.nextInt(50) == 0;
            clock[p] = invoke + dur;
            String epoch = i > ops / 3 && i < ops / 3 + ops / 20 ? "partition-n2" : i > 2 * ops / 3 && i < 2 * ops / 3 + ops / 30 ? "kill-n1" : null;
            String type = switch (rnd.nextInt(3)) {
                case 0 -> "read";
                case 1 -> "write";
                default -> "cas";
            };
            String key = "k" + rnd.nextInt(10);
            var in = type.equals("read") ? NullNode.instance : IntNode.valueOf(rnd.nextInt(5));
            var outv = type.equals("read") && !timeout ? IntNode.valueOf(rnd.nextInt(5)) : NullNode.instance;
            out.add(new Op("p" + p + "-" + i, "p" + p, invoke, timeout ? null : invoke + dur, type, key, in, outv,
                    fail ? "timeout-or-refused" : null, timeout, "n" + (1 + rnd.nextInt(3)), epoch, 0));
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
            // warm-up: one open of the same file, so class loading and JIT are not the figure
            open(file, width, height, true);
            long r0 = System.nanoTime();
            HistoryView.load(file);
            double readMs = (System.nanoTime() - r0) / 1e6;
            long t0 = System.nanoTime();
            Object[] shown = open(file, width, height, false);
            double loadMs = (System.nanoTime() - t0) / 1e6;
            HistoryView view = (HistoryView) shown[0];
            Stage stage = (Stage) shown[1];
            HistoryCanvas c = view.canvas();
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
            String pipeline = HeadlessFx.call(() -> pipeline(stage));
            HeadlessFx.run(() -> {
                view.stepper().setTracks(List.of());
                stage.close();
            });
            Arrays.sort(frame);
            Arrays.sort(draw);
            return new Figures(ops, loadMs, readMs, frame, draw, pipeline, fxCpu, renderCpu, List.copyOf(levels));
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

    /** Opens the file in a new window; returns once the history is on screen (its first pulse has run). */
    private static Object[] open(Path file, int width, int height, boolean close) throws IOException, InterruptedException {
        Object[] made = HeadlessFx.call(() -> {
            HistoryView v = new HistoryView();
            Stage s = new Stage();
            s.setScene(new Scene(v, width, height));
            s.show();
            v.open(file, false);
            return new Object[] {v, s};
        });
        HistoryView v = (HistoryView) made[0];
        if (!HeadlessFx.waitFor(() -> v.canvas().frames() > 0 && v.canvas().history() != null, 120_000)) {
            throw new IOException("the history was not shown within 120 s");
        }
        afterPulse(((Stage) made[1]).getScene());
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
