package dev.falsify.devtools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark's own bookkeeping (the speed figure itself comes from {@code falsify bench runner}). */
class RunnerBenchmarkTest {
    @Test
    void countsEveryLineInLogsAndEvents(@TempDir Path dir) throws Exception {
        RunnerBenchmark.Result r = RunnerBenchmark.run(50_000, dir);
        assertThat(r.lossless()).as(r.toString()).isTrue();
        assertThat(r.eventsSeen()).isEqualTo(50_000);
        assertThat(r.fileLines()).isEqualTo(50_000);
        assertThat(r.maxHeapMb()).isPositive();
    }
}
