package dev.falsify.devtools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The benchmark measures both paths (the target figure itself comes from {@code falsify bench proxy}). */
@Timeout(30)
class ProxyBenchmarkTest {
    @Test
    void measuresDirectAndProxiedRoundTrips() throws Exception {
        ProxyBenchmark.Result r = ProxyBenchmark.run(300, 100, 64);
        assertThat(r.samples()).isEqualTo(300);
        assertThat(r.directMedianUs()).isPositive();
        assertThat(r.proxiedMedianUs()).isPositive();
        assertThat(r.addedMedianUs()).isEqualTo(r.proxiedMedianUs() - r.directMedianUs());
    }
}
