package dev.falsify.devtools.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;

/**
 * Starts JavaFX without a display (Monocle headless glass, software prism) for
 * {@code falsify screenshots} and {@code falsify bench ui}, and runs work on the FX thread from a
 * plain thread. The properties must be set before the toolkit loads, so this is the first thing
 * those commands do.
 */
public final class HeadlessFx {
    private static boolean started;

    private HeadlessFx() {
    }

    public static synchronized void start(int width, int height) {
        if (started) {
            return;
        }
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        System.setProperty("headless.geometry", width + "x" + height + "-32");
        System.setProperty("prism.lcdtext", "false");
        CountDownLatch latch = new CountDownLatch(1);
        try {
            Platform.startup(latch::countDown);
        } catch (IllegalStateException alreadyRunning) {
            // JavaFX is already up in this JVM (a test harness started it): use it as it is
            latch.countDown();
        }
        Platform.setImplicitExit(false);
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("JavaFX did not start within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        started = true;
    }

    /** Runs {@code work} on the FX thread and waits for its result. */
    public static <T> T call(Callable<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException("FX work did not finish: " + e, e);
        }
    }

    public static void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    /** Polls {@code condition} on the FX thread until true; false after {@code timeoutMillis}. */
    public static boolean waitFor(BooleanSupplier condition, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            if (call(condition::getAsBoolean)) {
                return true;
            }
            sleep(20);
        }
        return false;
    }

    /** Lets a few pulses pass so CSS, layout and deferred rendering settle. */
    public static void settle(long millis) {
        sleep(millis);
        run(() -> { });
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
