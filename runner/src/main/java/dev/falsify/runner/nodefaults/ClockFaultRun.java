package dev.falsify.runner.nodefaults;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.LandingReading;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * One clock fault window. Landed when (1) every process of the service has libfaketime mapped, (2) a process
 * on the service's clock observed the requested offset during the window (jump: the offset; drift: the offset
 * grown by (rate − 1) × elapsed; strobe: the offset, with the flips counted) and (3) the offset is back to 0
 * after heal. The host's clock is only read.
 */
final class ClockFaultRun {
    private static final long DRIFT_STEP_MS = 50;
    private final ClockControl clock;
    private final RunSpec.ClockAction a;
    private final long forMs;
    private final NodeFaultHooks.Sink sink;
    private final NodeFaultHooks.Window window;
    private final NodeFaultHooks.Services services;

    ClockFaultRun(ClockControl clock, RunSpec.ClockAction a, long forMs, NodeFaultHooks.Sink sink, NodeFaultHooks.Window window,
                  NodeFaultHooks.Services services) {
        this.clock = clock;
        this.a = a;
        this.forMs = forMs;
        this.sink = sink;
        this.window = window;
        this.services = services;
    }

    void run() throws IOException, InterruptedException {
        long pid = services.pid(a.service());
        if (pid < 0) {
            sink.notInjected("service " + a.service() + " is not running");
            return;
        }
        List<ClockControl.Mapped> procs = ClockControl.mapped(pid);
        List<ClockControl.Mapped> unfaulted = procs.stream().filter(m -> !m.libfaketime()).toList();
        boolean allMapped = !procs.isEmpty() && unfaulted.isEmpty();
        sink.reading(new LandingReading(now(), a.service() + " processes with libfaketime loaded", "",
                procs.size() - unfaulted.size() + " of " + procs.size() + (unfaulted.isEmpty() ? "" : "; not: " + unfaulted),
                "all", allMapped));
        ClockControl.Offset before = clock.observedOffset();
        long start = System.nanoTime();
        long end = start + forMs * 1_000_000L;
        boolean observed;
        String what;
        switch (a.kind()) {
            case "jump" -> {
                clock.set(a.offsetMs());
                sink.injected("clock jump " + Libfaketime.offsetText(a.offsetMs()) + " s", a.service() + " via " + clock.file().getFileName());
                ClockControl.Offset during = clock.observedOffset();
                observed = during != null && during.near(a.offsetMs(), 0);
                sink.reading(new LandingReading(now(), a.service() + " clock offset vs host", String.valueOf(before),
                        String.valueOf(during), "≈ " + a.offsetMs() + " ms", observed));
                window.waitUntil(end);
                what = "jumped " + a.offsetMs() + " ms, observed " + during;
            }
            case "drift" -> {
                sink.injected("clock drift x" + a.rate(), a.service() + " via " + clock.file().getFileName());
                ClockControl.Offset first = null;
                ClockControl.Offset last = null;
                long lastAtMs = 0;
                long nextProbe = start;
                while (System.nanoTime() < end) {
                    long elapsed = (System.nanoTime() - start) / 1_000_000L;
                    clock.set(Math.round((a.rate() - 1.0) * elapsed));
                    if (System.nanoTime() >= nextProbe) {
                        ClockControl.Offset o = clock.observedOffset();
                        if (first == null) first = o;
                        last = o;
                        lastAtMs = (System.nanoTime() - start) / 1_000_000L;
                        nextProbe = System.nanoTime() + Math.max(200, forMs / 5) * 1_000_000L;
                    }
                    if (!window.waitUntil(Math.min(end, System.nanoTime() + DRIFT_STEP_MS * 1_000_000L))) break;
                }
                long expected = Math.round((a.rate() - 1.0) * lastAtMs);
                // the file is rewritten every 50 ms: a read may lag the ideal offset by one step's growth
                long slack = Math.round(Math.abs(a.rate() - 1.0) * DRIFT_STEP_MS) + 1;
                observed = last != null && first != null && last.near(expected, slack) && expected != 0;
                sink.reading(new LandingReading(now(), a.service() + " clock offset vs host (grows at " + (a.rate() - 1.0) * 1000
                        + " ms/s)", String.valueOf(first), last + " after " + lastAtMs + " ms", "≈ " + expected + " ms", observed));
                what = "drifted x" + a.rate() + " for " + lastAtMs + " ms: offset " + last + ", expected " + expected + " ms";
            }
            default -> { // strobe
                sink.injected("clock strobe ±" + a.offsetMs() + " ms every " + a.periodMs() + " ms", a.service());
                long flips = 0;
                boolean high = false;
                boolean sawHigh = false;
                long probes = 0;
                long nextProbe = start;
                while (System.nanoTime() < end) {
                    high = !high;
                    clock.set(high ? a.offsetMs() : 0);
                    flips++;
                    long flipEnd = System.nanoTime() + a.periodMs() * 1_000_000L;
                    if (high && System.nanoTime() >= nextProbe) {
                        ClockControl.Offset o = clock.observedOffset();
                        probes++;
                        if (o != null && o.near(a.offsetMs(), 0)) sawHigh = true;
                        nextProbe = System.nanoTime() + 200_000_000L;
                    }
                    if (!window.waitUntil(Math.min(end, flipEnd))) break;
                }
                observed = sawHigh && flips >= 2;
                sink.reading(new LandingReading(now(), a.service() + " clock strobe flips / offset seen", "0",
                        flips + " flips; +" + a.offsetMs() + " ms " + (sawHigh ? "seen" : "never seen") + " in " + probes + " probes",
                        "flips ≥ 2 and the offset seen", observed));
                what = flips + " flips between +" + a.offsetMs() + " ms and 0";
            }
        }
        clock.set(0);
        ClockControl.Offset after = clock.observedOffset();
        boolean restored = after != null && after.near(0, 0);
        sink.healed("offset 0; observed " + after);
        sink.reading(new LandingReading(now(), a.service() + " clock offset after heal", "", String.valueOf(after), "≈ 0 ms", restored));
        boolean landed = allMapped && observed && restored;
        sink.concluded(landed, a.service() + " clock " + what + (allMapped ? "" : "; NOT applied to " + unfaulted)
                + (restored ? "" : "; offset not back to 0 after heal"));
    }

    private static String now() {
        return Instant.now().toString();
    }
}
