package dev.falsify.runner.run;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.runner.faults.Expectation;
import dev.falsify.runner.faults.ShellCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A fault's landing probe (a shell command whose output shows the fault in the system): read once
 * before the window, polled during it until its expectation ({@code delta > 0} unless the plan says
 * otherwise) holds, and concluded as a {@link LandingReading} on the fault's observation.
 */
final class LandingProbe {
    private static final long POLL_NANOS = 250_000_000L;

    /** As written in the plan (shown in the evidence). */
    final String command;
    /** As the shell gets it: placeholders quoted ({@link Placeholders#shell}). */
    private final String shellText;
    private final Expectation expectation;
    private final String before;
    private final Path cwd;
    private final Map<String, String> env;

    private LandingProbe(String command, String shellText, Expectation expectation, String before, Path cwd,
                         Map<String, String> env) {
        this.command = command;
        this.shellText = shellText;
        this.expectation = expectation;
        this.before = before;
        this.cwd = cwd;
        this.env = env;
    }

    /** Takes the baseline reading now; an absent probe is a probe that is {@link #present() not present}. */
    static LandingProbe take(RunSpec.LandingRule landing, Placeholders ph, Path cwd, Map<String, String> env) {
        if (landing == null || landing.probe() == null || landing.probe().isBlank()) {
            return new LandingProbe(null, null, null, null, cwd, env);
        }
        Expectation e = Expectation.parse(landing.expect() == null ? "delta > 0" : landing.expect());
        String shellText = ph.shell(landing.probe());
        String before = new ShellCommand(shellText, cwd, env, Duration.ofSeconds(10)).run().output();
        return new LandingProbe(landing.probe(), shellText, e, before, cwd, env);
    }

    boolean present() {
        return command != null;
    }

    /**
     * Polls the probe every 250 ms until the expectation holds, the window ends or the workload ends;
     * returns the last output (null when there is no probe).
     */
    String pollDuring(WorkloadWindow workload, long windowEndNanos) throws InterruptedException {
        if (!present()) {
            return null;
        }
        while (true) {
            String out = new ShellCommand(shellText, cwd, env, Duration.ofSeconds(10)).run().output();
            if (expectation.evaluate(before, out).holds() || System.nanoTime() >= windowEndNanos) {
                return out;
            }
            if (!workload.waitUntil(Math.min(windowEndNanos, System.nanoTime() + POLL_NANOS))) {
                return out;
            }
        }
    }

    /** Records the probe reading on the observation; true when there is no probe or its expectation held. */
    boolean conclude(FaultObservation o, String during) {
        if (!present()) {
            return true;
        }
        Expectation.Result r = expectation.evaluate(before, during);
        o.reading(new LandingReading(Instant.now().toString(), "probe `" + command + "`", clip(before), clip(during),
                expectation.text(), r.holds()));
        return r.holds();
    }

    private static String clip(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip();
        return t.length() > 120 ? t.substring(0, 117) + "..." : t;
    }
}
