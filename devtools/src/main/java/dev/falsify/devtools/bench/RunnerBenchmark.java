package dev.falsify.devtools.bench;

import dev.falsify.runner.exec.ManagedProcess;
import dev.falsify.runner.exec.ProcessExit;
import dev.falsify.runner.exec.ProcessSpec;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code falsify bench runner}: a process printing as fast as it can ({@code seq 1 N}) under the
 * runner; every line must reach logs/ and the event stream, in order, with the heap bounded.
 * {@link #main} is the measured JVM (started with {@code -Xmx256m} by the CLI).
 */
public final class RunnerBenchmark {
    /**
     * @param lines        lines the process printed
     * @param elapsedMs    start to last event
     * @param linesPerSec  lines per second through logs/ and the event stream
     * @param eventsSeen   LogLine events received
     * @param fileLines    lines in the log file
     * @param outOfOrder   events whose text was not their line number (lost or reordered lines)
     * @param peakHeapMb   peak heap used during the run
     * @param maxHeapMb    the heap limit of the JVM
     */
    public record Result(long lines, long elapsedMs, long linesPerSec, long eventsSeen, long fileLines, long outOfOrder,
                         long peakHeapMb, long maxHeapMb) {
        public boolean lossless() {
            return eventsSeen == lines && fileLines == lines && outOfOrder == 0;
        }
    }

    private RunnerBenchmark() {
    }

    public static Result run(long lines, Path dir) throws IOException, InterruptedException {
        EventBus bus = new EventBus();
        AtomicLong events = new AtomicLong();
        AtomicLong bad = new AtomicLong();
        bus.subscribe(e -> {
            if (e instanceof RunEvent.LogLine l && l.stream().equals("out")) {
                long n = events.incrementAndGet();
                if (l.lineNo() != n || !l.text().equals(Long.toString(n))) bad.incrementAndGet();
            }
        });
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) p.resetPeakUsage();
        long t0 = System.nanoTime();
        ManagedProcess p = ManagedProcess.start(ProcessSpec.of("printer", "seq 1 " + lines, dir, dir.resolve("logs")), bus, "bench");
        ProcessExit exit = p.waitFor(Duration.ofMinutes(5));
        long elapsed = (System.nanoTime() - t0) / 1_000_000;
        if (exit == null) {
            p.destroyTree(Duration.ofSeconds(1), "timeout");
            throw new IOException("the printer did not finish within 5 minutes");
        }
        long peak = 0;
        for (MemoryPoolMXBean mp : ManagementFactory.getMemoryPoolMXBeans()) {
            if (mp.getType() == MemoryType.HEAP) peak += mp.getPeakUsage().getUsed();
        }
        long fileLines = countLines(dir.resolve("logs/printer.out.log"));
        return new Result(lines, elapsed, elapsed == 0 ? lines : lines * 1000 / elapsed, events.get(), fileLines, bad.get(),
                peak >> 20, Runtime.getRuntime().maxMemory() >> 20);
    }

    private static long countLines(Path f) throws IOException {
        long n = 0;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
            int r;
            while ((r = in.read(buf)) > 0) for (int i = 0; i < r; i++) if (buf[i] == '\n') n++;
        }
        return n;
    }

    /** Entry point of the measured JVM: prints one machine-readable line. */
    public static void main(String[] args) throws Exception {
        long lines = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        Path dir = Files.createTempDirectory("falsify-bench-runner");
        try {
            Result r = run(lines, dir);
            System.out.println("RESULT " + r.lines() + " " + r.elapsedMs() + " " + r.linesPerSec() + " " + r.eventsSeen() + " "
                    + r.fileLines() + " " + r.outOfOrder() + " " + r.peakHeapMb() + " " + r.maxHeapMb());
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        System.exit(0);
    }
}
