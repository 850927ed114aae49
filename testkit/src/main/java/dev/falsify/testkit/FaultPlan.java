package dev.falsify.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A deterministic fault schedule for one port of the system under test: which calls fail (or are
 * delayed), decided only by the call's number, so a failing run reproduces exactly. A plan counts
 * the calls it applies to ({@link #onMethods} narrows them), and records each fault it injected
 * ({@link #events()}): a plan that never {@link #fired()} proves nothing, which is what
 * {@link FalsifyAssertions#assertFaultsLanded} and the {@link FalsifyExtension}'s verdicts check.
 *
 * <p>Modifiers configure the plan and return it; configure before the first call. Thread-safe: calls
 * are numbered in the order they reach the plan.
 */
public final class FaultPlan {
    /** Which call numbers fault. A closed set: the kinds the issue names. */
    private sealed interface Schedule {
        boolean faults(long call);

        String describe();
    }

    private record Never() implements Schedule {
        public boolean faults(long call) { return false; }
        public String describe() { return "none"; }
    }

    private record First(int k) implements Schedule {
        public boolean faults(long call) { return call <= k; }
        public String describe() { return "failFirst(" + k + ")"; }
    }

    private record OnCall(int n) implements Schedule {
        public boolean faults(long call) { return call == n; }
        public String describe() { return "failOnCall(" + n + ")"; }
    }

    private record Every(int n) implements Schedule {
        public boolean faults(long call) { return call % n == 0; }
        public String describe() { return "failEvery(" + n + ")"; }
    }

    /**
     * Call n faults when a hash of (seed, n) falls below p: the same seed fails the same call numbers
     * whatever the threads' interleaving, unlike a shared random stream drawn in arrival order.
     */
    private record Probability(double p, long seed) implements Schedule {
        public boolean faults(long call) {
            long h = mix(seed ^ (call * 0x9E3779B97F4A7C15L));
            return (h >>> 11) * 0x1.0p-53 < p;
        }

        public String describe() { return String.format(Locale.ROOT, "failWithProbability(%s, seed %d)", p, seed); }

        /** SplitMix64's finaliser. */
        private static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    private final Schedule schedule;
    private Supplier<? extends Throwable> error;
    private Set<String> methods = Set.of();
    private Duration latency;
    private Clock clock = Clock.systemUTC();
    private String name;
    private long calls;
    private long fired;
    private final List<FaultEvent> events = new ArrayList<>();

    private FaultPlan(Schedule schedule) {
        this.schedule = schedule;
        TestEvidence.current().ifPresent(e -> e.plan(this));
    }

    /** Never faults; counts calls. Not a planned fault: a test with only this plan is a no-fault run. */
    public static FaultPlan none() {
        return new FaultPlan(new Never());
    }

    /** The first {@code k} calls fail. */
    public static FaultPlan failFirst(int k) {
        if (k < 1) throw new IllegalArgumentException("failFirst(k): k must be at least 1, got " + k);
        return new FaultPlan(new First(k));
    }

    /** Only the {@code n}-th call fails (1-based). */
    public static FaultPlan failOnCall(int n) {
        if (n < 1) throw new IllegalArgumentException("failOnCall(n): calls are numbered from 1, got " + n);
        return new FaultPlan(new OnCall(n));
    }

    /** Every {@code n}-th call fails: calls n, 2n, 3n, … */
    public static FaultPlan failEvery(int n) {
        if (n < 1) throw new IllegalArgumentException("failEvery(n): n must be at least 1, got " + n);
        return new FaultPlan(new Every(n));
    }

    /** Each call fails with probability {@code p}; the same seed fails the same call numbers. */
    public static FaultPlan failWithProbability(double p, long seed) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("failWithProbability(p): p must be in [0, 1], got " + p);
        return new FaultPlan(new Probability(p, seed));
    }

    /**
     * What a failed call throws. A checked exception is thrown only where the method declares it
     * (else it is the cause of an {@link InjectedFault}). Default: an {@link InjectedFault}.
     */
    public synchronized FaultPlan withError(Supplier<? extends Throwable> error) {
        this.error = error;
        return this;
    }

    /** Applies the plan only to these methods (by name); other calls pass and are not counted. */
    public synchronized FaultPlan onMethods(String... names) {
        this.methods = Set.copyOf(Arrays.asList(names));
        return this;
    }

    /** A faulted call is delayed by {@code latency} and then proceeds, instead of failing. */
    public synchronized FaultPlan withLatency(Duration latency) {
        if (latency.isNegative()) throw new IllegalArgumentException("withLatency: negative duration " + latency);
        this.latency = latency;
        return this;
    }

    /**
     * The clock events are stamped with. With a {@link ManualClock}, a latency fault advances the
     * clock instead of sleeping, so delay-sensitive code is tested without waiting.
     */
    public synchronized FaultPlan withClock(Clock clock) {
        this.clock = clock;
        return this;
    }

    /** A name for reports ({@code drop-put}); default the schedule and methods. */
    public synchronized FaultPlan named(String name) {
        this.name = name;
        return this;
    }

    /** Whether this plan schedules any fault at all ({@link #none()} does not). */
    public boolean isPlanned() {
        return !(schedule instanceof Never);
    }

    /** Calls the plan applied to so far. */
    public synchronized long calls() {
        return calls;
    }

    /** Faults injected so far. */
    public synchronized long fired() {
        return fired;
    }

    /** Every fault injected, in order. */
    public synchronized List<FaultEvent> events() {
        return List.copyOf(events);
    }

    public synchronized String name() {
        return name != null ? name : describe();
    }

    /** {@code failFirst(2) on put, get → latency PT0.1S}. */
    public synchronized String describe() {
        return schedule.describe() + (methods.isEmpty() ? "" : " on " + String.join(", ", methods.stream().sorted().toList()))
                + (latency != null ? " → latency " + latency : "");
    }

    /** {@code partition} / {@code latency} as a report's fault kind. */
    synchronized String kind() {
        return latency != null ? "in-process latency" : "in-process error";
    }

    @Override
    public String toString() {
        return "FaultPlan[" + name() + ", calls " + calls() + ", fired " + fired() + "]";
    }

    /**
     * Counts a call of {@code method} and, when its number is scheduled, injects: sleeps (latency) or
     * throws. Wrappers call this before delegating.
     *
     * @param declared the exception types the method declares (a checked error is thrown only if one fits)
     */
    void beforeCall(String method, Class<?>[] declared) throws Throwable {
        beforeCall(method, declared, null);
    }

    /**
     * As {@link #beforeCall(String, Class[])} for a proxied method: its declared exceptions are looked
     * up only when a fault fires ({@code getExceptionTypes} copies an array on every call).
     */
    void beforeCall(java.lang.reflect.Method m) throws Throwable {
        beforeCall(m.getName(), null, m);
    }

    private void beforeCall(String method, Class<?>[] declaredTypes, java.lang.reflect.Method m) throws Throwable {
        Duration delay;
        Throwable t = null;
        synchronized (this) {
            if (!methods.isEmpty() && !methods.contains(method)) return;
            long call = ++calls;
            if (!schedule.faults(call)) return;
            fired++;
            delay = latency;
            if (delay == null) {
                String what = "injected fault: " + name() + ", call " + call + " (" + method + ")";
                t = error == null ? new InjectedFault(what) : error.get();
                Class<?>[] declared = declaredTypes != null ? declaredTypes : m.getExceptionTypes();
                if (!(t instanceof RuntimeException || t instanceof Error) && !declares(declared, t)) {
                    t = new InjectedFault(what + ": " + t.getClass().getName() + " is not declared by " + method, t);
                }
            }
            events.add(new FaultEvent(method, call, delay != null ? "latency " + delay : t.getClass().getName(),
                    clock.instant()));
        }
        if (t != null) throw t;
        if (clock instanceof ManualClock manual) {
            manual.advance(delay);
        } else {
            Thread.sleep(delay.toMillis(), (int) (delay.toNanosPart() % 1_000_000));
        }
    }

    private static boolean declares(Class<?>[] declared, Throwable t) {
        for (Class<?> d : declared) {
            if (d.isInstance(t)) return true;
        }
        return false;
    }

    /** The time a fault or a call is stamped with. */
    synchronized Instant now() {
        return clock.instant();
    }
}
