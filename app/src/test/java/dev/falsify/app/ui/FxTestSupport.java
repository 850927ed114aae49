package dev.falsify.app.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/** Runs work on the FX thread from a test and returns its result. */
final class FxTestSupport {
    private FxTestSupport() {
    }

    static <T> T fx(Callable<T> work) {
        try {
            T t = WaitForAsyncUtils.asyncFx(work).get(30, TimeUnit.SECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            return t;
        } catch (Exception e) {
            throw new AssertionError("FX work failed", e);
        }
    }

    /** A workbench with fresh settings, shown in the test's stage at a laptop-sized 1240 × 760. */
    static Workbench showWorkbench(javafx.stage.Stage stage) throws java.io.IOException {
        Workbench wb = new Workbench(WorkbenchSettings.load(
                java.nio.file.Files.createTempDirectory("wb-settings").resolve("w.properties")));
        stage.setScene(wb.createScene(1240, 760));
        wb.attach(stage);
        stage.show();
        return wb;
    }

    static void fxRun(Runnable work) {
        fx(() -> {
            work.run();
            return null;
        });
    }
}
