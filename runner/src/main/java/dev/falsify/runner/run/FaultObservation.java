package dev.falsify.runner.run;

import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import java.util.ArrayList;
import java.util.List;

/**
 * What happened to one scheduled fault on one seed: injector side (injected, healed) and victim side
 * (landing readings), plus the window in the runner's monotonic clock for fault_epoch annotation.
 */
final class FaultObservation {
    final String name;
    final String kind;
    final boolean asymmetric;
    final boolean processFault;
    final String schedule;
    volatile boolean injected;
    volatile boolean healed;
    volatile String notInjectedBecause = "";
    volatile long injectNanos = -1;
    volatile long healNanos = -1;
    final List<LandingReading> readings = new ArrayList<>();
    volatile FaultEvidence.Landing landing = FaultEvidence.Landing.NOT_MEASURED;
    volatile String summary = "";

    FaultObservation(String name, String kind, boolean asymmetric, boolean processFault, String schedule) {
        this.name = name;
        this.kind = kind;
        this.asymmetric = asymmetric;
        this.processFault = processFault;
        this.schedule = schedule;
    }

    synchronized void reading(LandingReading r) {
        readings.add(r);
    }

    synchronized FaultEvidence evidence(String suffix) {
        return new FaultEvidence(name + suffix, kind, injected, healed, List.copyOf(readings), landing);
    }

    boolean active() {
        return injected && landing == FaultEvidence.Landing.PROVEN;
    }
}
