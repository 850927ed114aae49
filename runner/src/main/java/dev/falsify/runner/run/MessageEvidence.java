package dev.falsify.runner.run;

import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.runner.messages.MessageEngine;
import java.time.Instant;
import java.util.List;

/**
 * A run's filters as faults with landing evidence: a filter is the scenario's fault on messages, and the
 * messages it acted on are its landing — one that never fired did not land, which makes the arm
 * INCONCLUSIVE-fault-not-proven through the same rule as any fault.
 */
final class MessageEvidence {
    private MessageEvidence() {
    }

    static List<FaultObservation> filters(MessageEngine.Outcome o) {
        return o.filters().stream().map(f -> {
            FaultObservation obs = new FaultObservation("filter " + f.name(), "message filter " + f.action(), f.asymmetric(), false,
                    "filter " + f.name() + " (" + f.action() + ") over the whole run");
            obs.injected = true;
            obs.healed = true;
            boolean landed = f.acted() > 0;
            obs.reading(new LandingReading(Instant.now().toString(), "messages filter " + f.name() + " acted on", "0",
                    Long.toString(f.acted()), "count > 0", landed));
            obs.landing = landed ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
            obs.summary = "filter " + f.name() + " " + f.action() + " acted on " + f.acted() + " of " + o.messages() + " messages"
                    + (landed ? " (" + String.join(", ", f.directions()) + (f.asymmetric() ? " only: asymmetric" : "") + ")"
                    : ": it never fired");
            return obs;
        }).toList();
    }
}
