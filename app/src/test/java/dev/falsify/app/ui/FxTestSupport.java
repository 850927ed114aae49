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

    static void fxRun(Runnable work) {
        fx(() -> {
            work.run();
            return null;
        });
    }
}
