package dev.falsify.app.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DebouncedWorkerTest {
    @Test
    void onlyTheLatestSubmissionIsDelivered() throws Exception {
        List<String> delivered = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        try (DebouncedWorker<String, String> w = new DebouncedWorker<>("t", 20, s -> {
            sleep(s.equals("slow") ? 150 : 1);
            return s.toUpperCase();
        }, Runnable::run, r -> {
            delivered.add(r.value());
            done.countDown();
        })) {
            w.submit("a");
            w.submit("b");
            w.submit("c");
            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(100);
            assertThat(delivered).containsExactly("C");
        }
    }

    @Test
    void aStaleResultThatFinishesLateIsDropped() throws Exception {
        List<String> delivered = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        try (DebouncedWorker<String, String> w = new DebouncedWorker<>("t", 0, s -> {
            sleep(s.equals("slow") ? 200 : 1);
            return s;
        }, Runnable::run, r -> {
            delivered.add(r.value());
            if (r.value().equals("fast")) {
                done.countDown();
            }
        })) {
            w.submit("slow");
            Thread.sleep(50); // "slow" is now running
            w.submit("fast");
            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(50);
            assertThat(delivered).containsExactly("fast");
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
