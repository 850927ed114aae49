package dev.falsify.devtools.ui;

import dev.falsify.app.ui.PlanTab;
import dev.falsify.app.ui.Workbench;
import dev.falsify.app.ui.WorkbenchSettings;
import dev.falsify.app.ui.editor.Analysis;
import dev.falsify.app.ui.editor.DebouncedWorker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;

/**
 * {@code falsify bench ui}: with a generated plan open in the real (headless) workbench, the time
 * from a keystroke in the editor to the matrix, problems and squiggles showing the new text; and
 * the cold start of a fresh JVM to an interactive window with the plan analysed.
 */
public final class UiBenchmark {
    /**
     * Cold starts, one entry per fresh JVM, in milliseconds from spawning it: the window interactive,
     * the plan analysed, the process CPU when the window was interactive, and where the time went.
     */
    public record ColdStarts(List<Double> window, List<Double> analysed, List<Double> cpu, List<String> phases) {
    }

    /** Latency figures in milliseconds. */
    public record Figures(int lines, int samples, double p50, double p90, double max, double meanCompute,
            double meanComputeCpu, Phases p50Phases, Phases slowestPhases) {
    }

    /**
     * Where one keystroke's latency went, in milliseconds: waiting for the worker (debounce and any
     * earlier analysis still running), the analysis (wall and CPU), waiting for the FX thread to take
     * the result, and the FX thread applying it (squiggles, matrix, problems, structured view).
     */
    public record Phases(double total, double queued, double computeWall, double computeCpu, double fxWait,
            double fxApply) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "%.1f ms = queued %.1f + analysis %.1f (CPU %.1f) + wait for FX thread %.1f + apply on FX thread %.1f",
                    total, queued, computeWall, computeCpu, fxWait, fxApply);
        }
    }

    private UiBenchmark() {
    }

    /** Keystroke latency, in this JVM (starts headless JavaFX). */
    public static Figures keystrokes(String planText, int warmup, int samples) throws IOException {
        HeadlessFx.start(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT);
        Path dir = Files.createTempDirectory("falsify-bench-ui");
        Path plan = dir.resolve("docs/testing-plans/bench.md");
        Files.createDirectories(plan.getParent());
        Files.writeString(plan, planText, StandardCharsets.UTF_8);
        Path settings = dir.resolve("settings.properties");
        try {
            Workbench wb = HeadlessFx.call(() -> {
                Workbench w = new Workbench(WorkbenchSettings.load(settings));
                Stage stage = new Stage();
                stage.setScene(w.createScene(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT));
                w.attach(stage);
                stage.show();
                return w;
            });
            PlanTab tab = HeadlessFx.call(() -> wb.open(plan).orElseThrow());
            if (!HeadlessFx.waitFor(() -> tab.editor().analysisProperty().get() != null, 60_000)) {
                throw new IOException("the generated plan was not analysed within 60 s");
            }
            // type inside the first claim's text cell: the plan stays valid and the matrix row stays put
            int at = planText.indexOf("| C1 |") + "| C1 | ".length();
            AtomicReference<CompletableFuture<Long>> pending = new AtomicReference<>();
            List<Long> computeNanos = new ArrayList<>();
            List<Long> computeCpuNanos = new ArrayList<>();
            AtomicReference<DebouncedWorker.Result<Analysis>> last = new AtomicReference<>();
            // the editor hands timing listeners only results of its newest text: no need to compare texts here
            HeadlessFx.run(() -> tab.editor().addTimingListener(r -> {
                CompletableFuture<Long> f = pending.get();
                if (f != null) {
                    computeNanos.add(r.computeNanos());
                    computeCpuNanos.add(r.computeCpuNanos());
                    last.set(r);
                    f.complete(System.nanoTime());
                }
            }));
            double[] latencies = new double[samples];
            Phases[] phases = new Phases[samples];
            for (int i = 0; i < warmup + samples; i++) {
                CompletableFuture<Long> done = new CompletableFuture<>();
                pending.set(done);
                boolean insert = i % 2 == 0;
                long t0 = HeadlessFx.call(() -> {
                    long t = System.nanoTime();
                    if (insert) {
                        tab.editor().codeArea().insertText(at, "x");
                    } else {
                        tab.editor().codeArea().deleteText(at, at + 1);
                    }
                    return t;
                });
                long t1;
                try {
                    t1 = done.get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IOException("no update after keystroke " + i + ": " + e);
                }
                pending.set(null);
                if (i >= warmup) {
                    latencies[i - warmup] = (t1 - t0) / 1e6;
                    DebouncedWorker.Result<Analysis> r = last.get();
                    phases[i - warmup] = new Phases((t1 - t0) / 1e6, (r.startedNanos() - t0) / 1e6, r.computeNanos() / 1e6,
                            r.computeCpuNanos() / 1e6, (r.deliveredNanos() - r.startedNanos() - r.computeNanos()) / 1e6,
                            (t1 - r.deliveredNanos()) / 1e6);
                    if (i == warmup) {
                        computeNanos.subList(0, computeNanos.size() - 1).clear();
                        computeCpuNanos.subList(0, computeCpuNanos.size() - 1).clear();
                    }
                }
                sleep(40); // a fast typist: 25 keys/s
            }
            int lines = (int) planText.lines().count();
            HeadlessFx.run(() -> {
                tab.dispose();
                ((Stage) wb.root().getScene().getWindow()).close();
            });
            if (Boolean.getBoolean("falsify.bench.verbose")) {
                for (int k = 0; k < phases.length; k++) {
                    System.err.println("keystroke " + k + ": " + phases[k]);
                }
            }
            Arrays.sort(phases, java.util.Comparator.comparingDouble(Phases::total));
            Arrays.sort(latencies);
            double meanCompute = computeNanos.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
            double meanCpu = computeCpuNanos.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
            return new Figures(lines, samples, percentile(latencies, 0.5), percentile(latencies, 0.9),
                    latencies[latencies.length - 1], meanCompute, meanCpu,
                    phases[Math.max(0, (int) Math.ceil(0.5 * samples) - 1)], phases[samples - 1]);
        } finally {
            deleteRecursively(dir);
        }
    }

    /**
     * Cold start: {@code runs} fresh JVMs (same java, same classpath) each run {@link ColdStartProbe}
     * on {@code plan}.
     */
    public static ColdStarts coldStarts(Path plan, int runs) throws IOException, InterruptedException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<Double> window = new ArrayList<>();
        List<Double> analysed = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<String> phases = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            List<String> cmd = new ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path")));
            // measure the start the launcher gives people: the JVM options it gave this benchmark
            // (the workbench's compiler, GC and class-data-sharing archive) apply to the probe too
            cmd.addAll(probeJvmOptions(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
            cmd.add(ColdStartProbe.class.getName());
            cmd.add(plan.toAbsolutePath().toString());
            cmd.add(Long.toString(System.currentTimeMillis())); // measured from here: spawning the JVM counts
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("cold-start probe failed: " + out);
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("window=(\\d+) analysed=(\\d+) cpu=(\\d+)").matcher(out);
            if (!m.find()) {
                throw new IOException("cold-start probe printed no figures: " + out);
            }
            window.add(Double.parseDouble(m.group(1)));
            analysed.add(Double.parseDouble(m.group(2)));
            cpu.add(Double.parseDouble(m.group(3)));
            int ph = out.indexOf("phases: ");
            phases.add(ph < 0 ? "" : out.substring(ph + "phases: ".length()).strip());
        }
        return new ColdStarts(window, analysed, cpu, phases);
    }

    /**
     * The options of this JVM a cold-start probe should share: compiler, GC, heap, class-data
     * sharing, logging and system properties; not agents, debuggers, recordings or archive dumps.
     */
    static List<String> probeJvmOptions(List<String> inputArguments) {
        List<String> out = new ArrayList<>();
        for (String a : inputArguments) {
            boolean tooling = a.startsWith("-XX:StartFlightRecording") || a.startsWith("-XX:FlightRecorder")
                    || a.startsWith("-XX:ArchiveClassesAtExit") || a.startsWith("-XX:DumpLoadedClassList");
            boolean shared = a.startsWith("-XX:") || a.startsWith("-Xm") || a.startsWith("-Xss") || a.startsWith("-Xshare")
                    || a.startsWith("-Xlog") || a.startsWith("-D");
            if (shared && !tooling) {
                out.add(a);
            }
        }
        return out;
    }

    static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int idx = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
