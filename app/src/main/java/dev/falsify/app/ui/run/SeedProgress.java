package dev.falsify.app.ui.run;

import dev.falsify.runner.events.RunEvent;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One row of the run's progress table: a seed run ({@code S1-2}, {@code S1-2-rerun1}) and the phase
 * its events say it is in — setup, starting services, ready, workload, a fault, checking, its outcome.
 */
public final class SeedProgress {
    private final String label;
    private final StringProperty phase = new SimpleStringProperty("starting");
    private final StringProperty outcome = new SimpleStringProperty("");

    SeedProgress(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public StringProperty phaseProperty() {
        return phase;
    }

    public StringProperty outcomeProperty() {
        return outcome;
    }

    /** Moves the phase on for one of the seed's events. */
    void accept(RunEvent e) {
        if (e instanceof RunEvent.ScenarioStarted) {
            phase.set("setup");
        } else if (e instanceof RunEvent.ProcessStarted p) {
            phase.set(p.process().equals("workload") ? "workload" : p.process().startsWith("setup") ? "setup"
                    : "starting " + p.process());
        } else if (e instanceof RunEvent.ProcessReady r) {
            phase.set(r.process() + " ready");
        } else if (e instanceof RunEvent.FaultInjected f) {
            phase.set("fault " + f.fault() + " active");
        } else if (e instanceof RunEvent.FaultHealed h) {
            phase.set("workload (" + h.fault() + " healed)");
        } else if (e instanceof RunEvent.LandingChecked l) {
            phase.set("landing " + (l.landed() ? "proven" : "not proven") + " for " + l.fault());
        } else if (e instanceof RunEvent.ProcessEnded p && p.process().equals("workload")) {
            phase.set("checking");
        } else if (e instanceof RunEvent.OracleChecked o) {
            phase.set("checked: " + o.checker() + " " + o.validity());
        } else if (e instanceof RunEvent.ScenarioEnded s) {
            phase.set("done");
            outcome.set(s.verdict() + (s.note().isEmpty() ? "" : " \u2014 " + s.note()));
        }
    }

    /** The arm's verdict once the run wrote it. */
    void verdict(String v) {
        outcome.set(v);
    }
}
