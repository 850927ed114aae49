package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.events.RunEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogScanTest {
    @TempDir
    Path dir;

    private static final LogScan.Lifetimes TIMES = new LogScan.Lifetimes() {
        public long[] of(String seed, String base) {
            return base.equals("n1") ? new long[] {1_000, 2_000} : new long[] {0, 10_000};
        }

        public String process(String seed, String base) {
            return base.equals("n1") ? "n1" : "proc:" + base;
        }
    };

    @Test
    void marksTheLinesMatchingTheRunnersErrorPatternThatTheSessionLogDidNotHave() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs/S1-1"));
        // 4 lines of 10 bytes: line 3 starts at byte 20 of 40, half-way through n1's life
        Files.writeString(logs.resolve("n1.out.log"), "ok line 1\nERROR x 2\nERROR y 3\nfine   4\r\n", StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("w.err.log"), "Traceback (most recent call last):\nerrors=0 fine\njava.lang.IllegalStateException: boom",
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("logs/unrelated.log"), "ERROR not a process log\n", StandardCharsets.UTF_8);
        List<RunEvent.LogMarker> found = new ArrayList<>();
        List<Double> progress = new ArrayList<>();
        LogScan.Result r = LogScan.scan(dir, TIMES, Set.of(LogScan.key("S1-1", "n1", "out", 2)), found::addAll, progress::add, () -> false);
        assertThat(r).isEqualTo(new LogScan.Result(2, 3, 0, false));
        assertThat(found).extracting(RunEvent.LogMarker::describe).containsExactly(
                "log-scan in n1.out:3: ERROR y 3",
                "log-scan in proc:w.err:1: Traceback (most recent call last):",
                "log-scan in proc:w.err:3: java.lang.IllegalStateException: boom");
        assertThat(found.get(0).atMs()).isEqualTo(1_500);
        assertThat(found.get(0).scenario()).isEqualTo("S1-1");
        assertThat(found.get(1).atMs()).isZero();
        assertThat(progress).isNotEmpty().last().isEqualTo(1.0);
    }

    @Test
    void aCancelledScanStopsWithinTheFileAndSaysSo() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs/S1-1"));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 100_000; i++) big.append(i % 10 == 0 ? "ERROR " : "ok ").append(i).append('\n');
        Files.writeString(logs.resolve("n1.out.log"), big, StandardCharsets.UTF_8);
        AtomicInteger marked = new AtomicInteger();
        LogScan.Result r = LogScan.scan(dir, TIMES, Set.of(), b -> marked.addAndGet(b.size()), p -> { }, () -> marked.get() >= 500);
        assertThat(r.cancelled()).isTrue();
        assertThat(r.marked()).isLessThan(10_000).isEqualTo(marked.get());
    }

    @Test
    void aFileOfErrorsIsCappedAndTheResultSaysSo() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs/S1-1"));
        Files.writeString(logs.resolve("n1.out.log"), "FATAL again\n".repeat(LogScan.MAX_PER_FILE + 5), StandardCharsets.UTF_8);
        AtomicInteger marked = new AtomicInteger();
        LogScan.Result r = LogScan.scan(dir, TIMES, Set.of(), b -> marked.addAndGet(b.size()), p -> { }, () -> false);
        assertThat(r).isEqualTo(new LogScan.Result(1, LogScan.MAX_PER_FILE, 1, false));
        assertThat(marked.get()).isEqualTo(LogScan.MAX_PER_FILE);
    }

    @Test
    void aSessionWithoutLogsHasNothingToScan() throws Exception {
        assertThat(LogScan.scan(dir, TIMES, Set.of(), b -> { }, p -> { }, () -> false)).isEqualTo(new LogScan.Result(0, 0, 0, false));
    }
}
