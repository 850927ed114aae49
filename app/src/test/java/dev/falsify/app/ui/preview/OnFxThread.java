package dev.falsify.app.ui.preview;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/** Runs work on the FX thread from a test and returns its result. */
final class OnFxThread {
    private OnFxThread() {
    }

    static <T> T call(Callable<T> work) {
        try {
            T t = WaitForAsyncUtils.asyncFx(work).get(20, TimeUnit.SECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            return t;
        } catch (Exception e) {
            throw new AssertionError("FX work failed", e);
        }
    }

    static void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }
}
