package dev.falsify.testkit.bench;

import dev.falsify.testkit.HistoryRecorder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code HistoryRecorder.invoke} + {@code ok} from 8 threads into one recorder, as a test's concurrent
 * clients do. A fresh recorder per iteration keeps the heap bounded (every op is kept).
 */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Threads(8)
public class HistoryRecorderBenchmark {
    @State(Scope.Benchmark)
    public static class Shared {
        HistoryRecorder recorder;

        @Setup(Level.Iteration)
        public void freshRecorder() {
            recorder = new HistoryRecorder();
        }
    }

    @State(Scope.Thread)
    public static class Client {
        private static final AtomicInteger IDS = new AtomicInteger();
        final String process = "p" + IDS.getAndIncrement();
        long value;
    }

    @Benchmark
    public void invokeOk(Shared shared, Client client) {
        shared.recorder.invoke(client.process, "write", "k", client.value++).ok(null);
    }
}
