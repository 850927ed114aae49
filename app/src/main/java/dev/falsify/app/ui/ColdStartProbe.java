package dev.falsify.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import javafx.stage.Stage;

/**
 * Run in a fresh JVM by {@code falsify bench ui}: starts JavaFX headless, opens the workbench on a
 * plan and prints two figures measured from the process start: the window shown and accepting
 * input, and the plan's first analysis (matrix, problems, squiggles) on screen.
 */
public final class ColdStartProbe {
    private ColdStartProbe() {
    }

    public static void main(String[] args) throws Exception {
        // The launcher passes the wall-clock time at which it started this process. ProcessHandle's
        // startInstant cannot stand in for it on Linux: it adds the process's start jiffies to the
        // boot time from /proc/stat, which has whole-second precision, so it is off by up to 1 s
        // (measured here: 670 ms early, i.e. every cold start looked 0.67 s slower than it was).
        Instant processStart = args.length > 1
                ? Instant.ofEpochMilli(Long.parseLong(args[1]))
                : ProcessHandle.current().info().startInstant().orElse(Instant.now());
        Path plan = Path.of(args[0]);
        Path settings = Files.createTempFile("falsify-cold", ".properties");
        Files.deleteIfExists(settings);
        HeadlessFx.start(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT);
        PlanTab tab = HeadlessFx.call(() -> {
            Workbench w = new Workbench(WorkbenchSettings.load(settings));
            Stage stage = new Stage();
            stage.setScene(w.createScene(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT));
            w.attach(stage);
            PlanTab t = w.open(plan).orElseThrow();
            stage.show();
            return t;
        });
        HeadlessFx.run(() -> { }); // the first pulse after show has run: the window takes input
        long windowMs = Duration.between(processStart, Instant.now()).toMillis();
        long cpuMs = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        HeadlessFx.waitFor(() -> tab.editor().analysisProperty().get() != null, 60_000);
        long analysedMs = Duration.between(processStart, Instant.now()).toMillis();
        System.out.println("cold-start window=" + windowMs + " analysed=" + analysedMs + " cpu=" + cpuMs);
        Files.deleteIfExists(settings);
        System.exit(0);
    }
}
