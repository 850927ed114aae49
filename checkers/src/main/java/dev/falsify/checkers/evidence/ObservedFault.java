package dev.falsify.checkers.evidence;

import dev.falsify.model.verdict.FaultEvidence;
import java.util.Locale;

/**
 * A planned fault as one run saw it: injector side (injected) and victim side (landing), and the two facts the
 * weak-oracle audit asks of a fault.
 *
 * @param name         the fault's name in the plan
 * @param injected     the injector says it applied the fault
 * @param landing      what the landing readings prove
 * @param summary      what the readings showed, one line (may be empty: no reading)
 * @param processFault the fault stops or kills a process (a failover candidate)
 * @param asymmetric   the fault acts on one direction only (an asymmetric variant)
 */
public record ObservedFault(String name, boolean injected, FaultEvidence.Landing landing, String summary,
                            boolean processFault, boolean asymmetric) {

    public ObservedFault {
        name = name == null ? "" : name;
        landing = landing == null ? FaultEvidence.Landing.NOT_MEASURED : landing;
        summary = summary == null ? "" : summary;
    }

    /** Injected and proven to have landed. */
    public boolean active() {
        return injected && landing == FaultEvidence.Landing.PROVEN;
    }

    /** {@code partition-n1: injected, landing proven}. */
    String injectedText() {
        return name + ": " + (injected ? "injected" : "not injected") + ", landing " + landing.name().toLowerCase(Locale.ROOT);
    }
}
