package dev.falsify.testkit.bench;

import dev.falsify.testkit.FaultPlan;
import dev.falsify.testkit.Faulty;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code Faulty.wrap} costs on a call that does not fail: the same interface call direct and
 * through the proxy with a plan that counts it (never faulting). The difference is the overhead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FaultyWrapBenchmark {
    /** A port with one cheap method, so the wrapper's cost is not hidden behind the work. */
    public interface Port {
        int next(int x);
    }

    static final class Impl implements Port {
        @Override
        public int next(int x) {
            return x * 31 + 7;
        }
    }

    private Port direct;
    private Port wrapped;
    private Port wrappedOtherMethod;
    private int x;

    @Setup
    public void setUp() {
        direct = new Impl();
        wrapped = Faulty.wrap(Port.class, new Impl(), FaultPlan.failOnCall(Integer.MAX_VALUE));
        // a plan for another method: the call is passed through uncounted
        wrappedOtherMethod = Faulty.wrap(Port.class, new Impl(), FaultPlan.failFirst(1).onMethods("other"));
    }

    @Benchmark
    public int direct() {
        return x = direct.next(x);
    }

    @Benchmark
    public int wrapped() {
        return x = wrapped.next(x);
    }

    @Benchmark
    public int wrappedPlanOnAnotherMethod() {
        return x = wrappedOtherMethod.next(x);
    }
}
