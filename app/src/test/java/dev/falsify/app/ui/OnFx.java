package dev.falsify.app.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/** Runs work on the FX thread from a test, waits for the events it caused, and returns its result. */
public final class OnFx {
    private OnFx() {
    }

    public static <T> T call(Callable<T> work) {
        try {
            T t = WaitForAsyncUtils.asyncFx(work).get(30, TimeUnit.SECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            return t;
        } catch (Exception e) {
            throw new AssertionError("FX work failed", e);
        }
    }

    public static void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }
}
