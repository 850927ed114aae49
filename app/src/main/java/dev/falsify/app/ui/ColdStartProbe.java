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
        Instant processStart = ProcessHandle.current().info().startInstant().orElse(Instant.now());
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
