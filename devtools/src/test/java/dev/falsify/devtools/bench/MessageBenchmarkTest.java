package dev.falsify.devtools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The benchmark runs end to end and counts what it measured (its speed targets live in `falsify bench messages`). */
@Timeout(120)
class MessageBenchmarkTest {
    @Test
    void everyMessageIsFramedFilteredRecordedAndDelivered() throws Exception {
        assertThat(MessageBenchmark.spec().filters()).hasSize(5);
        assertThat(MessageBenchmark.spec().monitor()).isNotNull();
        MessageBenchmark.Result r = MessageBenchmark.run(3000, 50, 10);
        assertThat(r.messages()).isEqualTo(3000);
        // a send and a delivery per message, a monitor change on each (Ping -> busy, Pong -> idle), and the
        // default deciding when the run ends below the bound
        assertThat(r.events()).isEqualTo(3 * 3000 + 1);
        assertThat(r.samples()).isEqualTo(50);
        assertThat(r.proxiedMedianUs()).isPositive();
        assertThat(r.engineMessagesPerSecond()).isPositive();
    }
}
