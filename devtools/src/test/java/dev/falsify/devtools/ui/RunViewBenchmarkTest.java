package dev.falsify.devtools.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunViewBenchmarkTest {
    @Test
    void theBenchmarksLinesAreTheOnesItDescribes() {
        byte[] buf = new byte[256];
        for (long no : new long[] {0, 1, 9, 10, 17, 123_456, 9_999_999_999L}) {
            assertThat(RunViewBenchmark.line(buf, "workload", no)).isEqualTo("workload op " + no + " key=" + (no % 17) + " ok");
        }
    }
}
