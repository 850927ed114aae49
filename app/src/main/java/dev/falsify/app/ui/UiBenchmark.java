package dev.falsify.app.ui;

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
    /** Latency figures in milliseconds. */
    public record Figures(int lines, int samples, double p50, double p90, double max, double meanCompute,
            double meanComputeCpu) {
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
            HeadlessFx.run(() -> tab.editor().addTimingListener(r -> {
                CompletableFuture<Long> f = pending.get();
                if (f != null && r.value().text().equals(tab.editor().text())) {
                    computeNanos.add(r.computeNanos());
                    computeCpuNanos.add(r.computeCpuNanos());
                    f.complete(System.nanoTime());
                }
            }));
            double[] latencies = new double[samples];
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
            Arrays.sort(latencies);
            double meanCompute = computeNanos.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
            double meanCpu = computeCpuNanos.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
            return new Figures(lines, samples, percentile(latencies, 0.5), percentile(latencies, 0.9),
                    latencies[latencies.length - 1], meanCompute, meanCpu);
        } finally {
            deleteRecursively(dir);
        }
    }

    /**
     * Cold start: {@code runs} fresh JVMs (same java, same classpath) each run {@link ColdStartProbe}
     * on {@code plan}. Returns {window ms…}, {analysed ms…} and {process CPU ms when the window took input…}.
     */
    public static List<List<Double>> coldStarts(Path plan, int runs) throws IOException, InterruptedException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<Double> window = new ArrayList<>();
        List<Double> analysed = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            List<String> cmd = new ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path")));
            // measure the start the launcher gives people: with its class-data-sharing archive when there is one
            String cds = System.getProperty("falsify.cds");
            if (cds != null && Files.isRegularFile(Path.of(cds))) {
                cmd.addAll(List.of("-XX:SharedArchiveFile=" + cds, "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
            }
            String cache = System.getProperty("javafx.cachedir");
            if (cache != null) {
                cmd.add("-Djavafx.cachedir=" + cache);
            }
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
        }
        return List.of(window, analysed, cpu);
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
