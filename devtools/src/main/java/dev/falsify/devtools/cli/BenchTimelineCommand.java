package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.ui.HeadlessFx;
import dev.falsify.devtools.ui.ScreenshotRenderer;
import dev.falsify.devtools.ui.RunViewBenchmark;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench timeline}: the run view's live timeline and log viewer fed at the runner's
 * 200,000 lines/s in the headless workbench; FX-thread time per pulse and the event queue.
 */
@Command(name = "timeline", mixinStandardHelpOptions = true,
        description = "Benchmark the run view: timeline + log viewer ingesting log lines at the runner's rate.")
public final class BenchTimelineCommand implements Callable<Integer> {
    @Option(names = "--lines", description = "Log lines to publish (default: ${DEFAULT-VALUE}).")
    long lines = 2_000_000;

    @Option(names = "--rate", description = "Lines per second (default: ${DEFAULT-VALUE}, the runner benchmark's rate).")
    int rate = 200_000;

    @Option(names = "--window", description = "Measure in a real window on $DISPLAY (e.g. an Xvfb), with JavaFX's own glass"
            + " and rendering pipeline, instead of the headless one.")
    boolean window;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (lines < 1 || rate < 1) throw new UserError("--lines and --rate must be positive");
        if (window) {
            String display = System.getenv("DISPLAY");
            if (display == null || display.isBlank()) throw new UserError("--window needs a display: set DISPLAY (e.g. Xvfb :94 &, DISPLAY=:94)");
            startWindowed();
        } else {
            HeadlessFx.start(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT);
        }
        String pipeline = HeadlessFx.call(BenchTimelineCommand::pipeline);
        long gcBefore = gcMillis();
        RunViewBenchmark.Figures f = RunViewBenchmark.run(lines, rate, HeadlessFx::call);
        long gc = gcMillis() - gcBefore;
        PrintWriter out = spec.commandLine().getOut();
        out.printf("pipeline: %s%n", pipeline);
        out.printf("run view ingesting %,d log lines (+%d error markers, a fault band every 2 s) at %,.0f lines/s for %.1f s:%n",
                f.lines(), f.markers(), f.lines() / f.seconds(), f.seconds());
        out.printf("  FX thread per pulse (%d pulses): p50 %.2f ms, p99 %.2f ms, max %.2f ms — target p99 ≤ 16 ms: %s;"
                + " between pulses p50 %.1f ms, p99 %.1f ms%n", f.pulses(), f.pulseP50(), f.pulseP99(), f.pulseMax(),
                f.pulseP99() <= 16 ? "met" : "NOT met", f.frameP50(), f.frameP99());
        out.printf("  event queue: at most %d waiting, %d at the end; sampled over the run %s (lines go to the log, not the queue)%n",
                f.queueMax(), f.queueAtEnd(), f.queueSamples());
        out.printf("  log viewer had %,d of %,d lines when publishing ended%n", f.shown(), f.lines());
        out.printf("  garbage collection during the run: %d ms; heap used at the end %d MB%n", gc,
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        out.printf("machine load average while measuring: %.1f on %d cores%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        out.flush();
        return (f.pulseP99() <= 16 ? ExitCode.OK : ExitCode.FAILED).code();
    }

    /** JavaFX with its default glass and pipeline on the display (what a user's window gets). */
    private static void startWindowed() throws InterruptedException {
        java.util.concurrent.CountDownLatch up = new java.util.concurrent.CountDownLatch(1);
        javafx.application.Platform.startup(up::countDown);
        javafx.application.Platform.setImplicitExit(false);
        if (!up.await(30, java.util.concurrent.TimeUnit.SECONDS)) throw new UserError("JavaFX did not start on $DISPLAY within 30 s");
    }

    /**
     * What was measured: glass (windowing) and prism (rendering) implementation, and the JVM's
     * compiler and garbage-collector options, so a figure says which pipeline it belongs to. Read
     * reflectively: those classes are JavaFX internals.
     */
    private static String pipeline() {
        String glass = internalClass("com.sun.glass.ui.Application", "GetApplication");
        String prism = internalClass("com.sun.prism.GraphicsPipeline", "getPipeline");
        String gcs = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).collect(java.util.stream.Collectors.joining(" + "));
        String jvm = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-XX:+Use") || a.startsWith("-Xm") || a.startsWith("-XX:TieredStopAtLevel"))
                .collect(java.util.stream.Collectors.joining(" "));
        return "glass " + glass + ", prism " + prism + ", GC " + gcs + ", JVM options [" + jvm + "]";
    }

    private static String internalClass(String className, String getter) {
        try {
            Object o = Class.forName(className).getMethod(getter).invoke(null);
            return o == null ? "none" : o.getClass().getSimpleName();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return "unknown (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static long gcMillis() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
    }
}
