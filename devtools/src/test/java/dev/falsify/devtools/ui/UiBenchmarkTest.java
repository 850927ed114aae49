package dev.falsify.devtools.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The cold-start probe must start like the workbench the launcher starts, and nothing more. */
class UiBenchmarkTest {

    @Test
    void probeSharesCompilerGcHeapArchiveAndPropertiesButNotTooling() {
        List<String> given = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn48m", "-Xmx2g",
                "-XX:SharedArchiveFile=/x/falsify.jsa", "-Xshare:auto", "-Xlog:cds=off", "-Djavafx.cachedir=/c",
                "-XX:StartFlightRecording=filename=a.jfr", "-XX:FlightRecorderOptions=stackdepth=512",
                "-XX:ArchiveClassesAtExit=/x/new.jsa", "-agentlib:jdwp=transport=dt_socket", "-javaagent:x.jar",
                "-Xss2m");
        assertThat(UiBenchmark.probeJvmOptions(given)).containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xmn48m", "-Xmx2g", "-XX:SharedArchiveFile=/x/falsify.jsa", "-Xshare:auto", "-Xlog:cds=off",
                "-Djavafx.cachedir=/c", "-Xss2m");
    }

    @Test
    void percentilesPickTheSampleAtOrAboveTheRank() {
        double[] sorted = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        assertThat(UiBenchmark.percentile(sorted, 0.5)).isEqualTo(50);
        assertThat(UiBenchmark.percentile(sorted, 0.9)).isEqualTo(90);
        assertThat(UiBenchmark.percentile(new double[0], 0.9)).isZero();
    }
}
