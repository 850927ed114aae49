package dev.falsify.app.ui.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.OnFx;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The progress strip every long piece of window work runs through: cancel drops the result. */
@ExtendWith(ApplicationExtension.class)
class BackgroundWorkFxTest {
    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void longWorkCanBeCancelledAndItsResultIsDropped() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Object> outcome = new java.util.concurrent.atomic.AtomicReference<>();
        BackgroundWork work = fx(BackgroundWork::new);
        fx(() -> {
            work.run("Reading a large session", () -> {
                release.await(10, TimeUnit.SECONDS);
                return "result";
            }, outcome::set, outcome::set);
            return null;
        });
        assertThat(fx(work::busy)).isTrue();
        assertThat(fx(work::isVisible)).isTrue();
        fx(() -> {
            ((javafx.scene.control.Button) work.getChildren().get(2)).fire();
            return null;
        });
        release.countDown();
        waitFor(10, TimeUnit.SECONDS, () -> outcome.get() != null);
        assertThat(outcome.get()).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(fx(work::busy)).isFalse();
        assertThat(fx(work::isVisible)).isFalse();
    }

    static <T> T fx(Callable<T> work) {
        return OnFx.call(work);
    }
}
