package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class SharedWorkTest {
    @Test
    void everyItemIsDoneOnceWhicheverThreadClaimsItAndComesBackInPlace() {
        for (int round = 0; round < 30; round++) {
            int n = 500;
            AtomicIntegerArray done = new AtomicIntegerArray(n);
            SharedWork<String> w = SharedWork.start("test-helper", n, true, i -> {
                done.incrementAndGet(i);
                long x = 0;
                for (int k = 0; k < 2_000; k++) x += k ^ i;
                return "item " + i + (x == -1 ? "!" : "");
            });
            // the caller takes items from the back, as the parser does with scenarios
            for (int i = n - 1; i >= 0; i--) assertThat(w.get(i)).isEqualTo("item " + i);
            for (int i = 0; i < n; i++) assertThat(done.get(i)).as("item %d done once", i).isEqualTo(1);
        }
    }

    @Test
    void withoutAHelperTheCallerDoesEachItemWhenItAsks() {
        AtomicIntegerArray done = new AtomicIntegerArray(3);
        SharedWork<Integer> w = SharedWork.start("unused", 3, false, i -> {
            done.incrementAndGet(i);
            return i * 10;
        });
        assertThat(done.get(1)).isZero();
        assertThat(w.get(1)).isEqualTo(10);
        assertThat(done.get(1)).isEqualTo(1);
        assertThat(w.size()).isEqualTo(3);
    }

    @Test
    void anItemThatFailsOnTheHelperFailsAgainOnTheCallersThread() throws Exception {
        SharedWork<String> w = SharedWork.start("test-helper", 2, true, i -> {
            if (i == 0) throw new IllegalStateException("item 0 failed on " + Thread.currentThread().getName());
            return "ok";
        });
        Thread.sleep(50); // let the helper claim item 0 (if it does not, the caller does it: same failure)
        String me = Thread.currentThread().getName();
        assertThatThrownBy(() -> w.get(0)).isInstanceOf(IllegalStateException.class).hasMessage("item 0 failed on " + me);
        assertThat(w.get(1)).isEqualTo("ok");
    }
}
