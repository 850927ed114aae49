package dev.falsify.model.verdict;

import java.util.List;

/**
 * A planned fault and what was observed of it.
 *
 * @param name     fault name from the run block or plan
 * @param kind     {@code partition}, {@code process KILL}, {@code latency}, ...
 * @param injected whether the injector acted (injector side)
 * @param healed   whether the heal step ran
 * @param readings landing-evidence readings (victim side)
 * @param landing  the conclusion drawn from the readings
 */
public record FaultEvidence(String name, String kind, boolean injected, boolean healed, List<LandingReading> readings,
                            Landing landing) {

    /** Whether the fault is proven to have landed. */
    public enum Landing {
        PROVEN, NOT_PROVEN, AMBIGUOUS, NOT_MEASURED
    }

    public FaultEvidence {
        name = name == null ? "" : name;
        kind = kind == null ? "" : kind;
        readings = readings == null ? List.of() : List.copyOf(readings);
        landing = landing == null ? Landing.NOT_MEASURED : landing;
    }

    /** Injected and its landing proven: the fault was active during the run. */
    public boolean active() {
        return injected && landing == Landing.PROVEN;
    }
}
