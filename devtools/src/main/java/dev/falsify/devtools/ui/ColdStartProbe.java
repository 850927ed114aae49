package dev.falsify.devtools.ui;

import dev.falsify.app.ui.PlanTab;
import dev.falsify.app.ui.Workbench;
import dev.falsify.app.ui.WorkbenchSettings;
import dev.falsify.app.ui.editor.LayoutPulse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Run in a fresh JVM by {@code falsify bench ui} (and by the launcher to train its class-data
 * sharing archive): starts JavaFX headless, opens the workbench on a plan and prints two figures
 * measured from the moment the process was spawned — the window interactive (shown, laid out by
 * its first pulse, the frame handed to the renderer and the FX thread free for input), and the
 * plan's first analysis (matrix, problems, squiggles) on screen — plus where the time went.
 */
public final class ColdStartProbe {
    private ColdStartProbe() {
    }

    public static void main(String[] args) throws Exception {
        long mainAt = System.currentTimeMillis();
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
        long fxAt = System.currentTimeMillis();
        long[] at = new long[2];
        PlanTab tab = HeadlessFx.call(() -> {
            Workbench w = new Workbench(WorkbenchSettings.load(settings));
            Stage stage = new Stage();
            stage.setScene(w.createScene(ScreenshotRenderer.WIDTH, ScreenshotRenderer.HEIGHT));
            w.attach(stage);
            at[0] = System.currentTimeMillis();
            PlanTab t = w.open(plan).orElseThrow();
            at[1] = System.currentTimeMillis();
            stage.show();
            return t;
        });
        long shownAt = System.currentTimeMillis();
        awaitFirstPulse(tab.getTabPane().getScene());
        long windowMs = Duration.between(processStart, Instant.now()).toMillis();
        long cpuMs = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        HeadlessFx.waitFor(() -> tab.editor().analysisProperty().get() != null, 60_000);
        long analysedMs = Duration.between(processStart, Instant.now()).toMillis();
        long t0 = processStart.toEpochMilli();
        System.out.println("cold-start window=" + windowMs + " analysed=" + analysedMs + " cpu=" + cpuMs
                + " phases: jvm-to-main=" + (mainAt - t0) + " javafx=" + (fxAt - mainAt) + " workbench=" + (at[0] - fxAt)
                + " open-plan=" + (at[1] - at[0]) + " show=" + (shownAt - at[1]) + " first-pulse=" + (t0 + windowMs - shownAt));
        Files.deleteIfExists(settings);
        System.exit(0);
    }

    /** Waits until a layout pulse of {@code scene} has run and the FX thread has taken the next runnable. */
    private static void awaitFirstPulse(Scene scene) throws InterruptedException {
        CountDownLatch pulsed = new CountDownLatch(1);
        HeadlessFx.run(() -> LayoutPulse.after(scene, pulsed::countDown));
        if (!pulsed.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no layout pulse within 60 s of showing the window");
        }
    }
}
