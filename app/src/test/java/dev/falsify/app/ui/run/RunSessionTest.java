package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.PrintWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunSessionTest {
    @Test
    void aPublishedLogLineCostsTheHeapOnlyItsIndexEntry() {
        RunSession session = new RunSession(PlanSnapshot.of(Path.of("p.md"), "# Test Plan: p\n"),
                new RunOptions(Path.of("unused"), List.of(), null, Map.of(), 0, null, "test", new PrintWriter(Writer.nullWriter())));
        int n = 200_000;
        RunEvent.LogLine[] events = new RunEvent.LogLine[n];
        String[] procs = {"n1", "n2", "n3", "workload"};
        for (int i = 0; i < n; i++) {
            events[i] = new RunEvent.LogLine(i, "S1-1", procs[i % 4], "out", i / 4 + 1, procs[i % 4] + " op " + i + " key=" + (i % 17) + " ok \u00e9");
        }
        for (int i = 0; i < 1000; i++) session.publish(events[i]); // registers the streams, loads the classes
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 1000; i < n; i++) session.publish(events[i]);
        long perLine = (threads.getCurrentThreadAllocatedBytes() - before) / (n - 1000);
        // the entry itself is 16 bytes (offset, length, process); a label or byte[] per line would be 40+
        assertThat(perLine).as("heap bytes allocated per published line").isLessThanOrEqualTo(20);
        assertThat(session.log().count()).isEqualTo(n);
        assertThat(session.log().line(4321)).isEqualTo(events[4321].text());
        assertThat(session.log().processes()).containsExactly("S1-1 n1.out", "S1-1 n2.out", "S1-1 n3.out", "S1-1 workload.out");
        assertThat(session.log().processes().get(session.log().process(4322))).isEqualTo("S1-1 n3.out");
        assertThat(session.queued()).isZero();
    }
}
