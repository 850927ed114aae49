package dev.falsify.runner.messages;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run block's monitor as it runs: a current state, transitions tried in their written order on each
 * occurrence (one per occurrence), terminal success and failure states that end it, and a bound (messages
 * or time) after which — or at the run's end — the declared default decides. Not thread-safe: the engine
 * steps it under its lock.
 */
final class MonitorMachine {
    /** A transition taken. */
    record Step(String from, String to, String why) {
    }

    private record Edge(String from, CompiledCondition on, String to, Map<String, String> bind, String text) {
    }

    private final RunSpec.Monitor spec;
    private final List<Edge> edges = new ArrayList<>();
    private String state;
    /** variables bound by transitions taken so far: the last bind of a name wins */
    private final Map<String, String> vars = new LinkedHashMap<>();
    private String outcome = "";
    private String reason = "";
    private String boundDecision;
    private List<MessageEvent> counterexample = List.of();

    MonitorMachine(RunSpec.Monitor spec) {
        this.spec = spec;
        this.state = spec.start();
        for (RunSpec.Transition t : spec.transitions()) {
            edges.add(new Edge(t.from(), new CompiledCondition(t.on(), MessageEventKind.DELIVER), t.to(), t.bind(),
                    (t.on() == null ? "{}" : t.on().match().toString()) + (t.bind().isEmpty() ? "" : " bind " + t.bind())));
        }
        if (spec.isTerminal(state)) decideBy(state, "the start state is terminal");
    }

    String state() {
        return state;
    }

    Long boundMessages() {
        return spec.boundMessages();
    }

    Duration bound() {
        return spec.bound();
    }

    boolean onMoments() {
        return edges.stream().anyMatch(e -> e.on().onMoments());
    }

    boolean onLogLines() {
        return edges.stream().anyMatch(e -> e.on().onLogLines());
    }

    boolean decided() {
        return !outcome.isEmpty();
    }

    boolean failed() {
        return outcome.equals("failure");
    }

    /** The first transition out of the current state whose condition the occurrence satisfies, taken. */
    Step step(Occurrence o, long sinceWorkload) {
        if (decided()) return null;
        for (Edge e : edges) {
            boolean from = e.from().equals(state) || e.from().equals("*");
            if (!from || !e.on().test(o, state, vars, sinceWorkload)) continue;
            String before = state;
            state = e.to();
            String bound = bind(e, o);
            String why = e.text() + describe(o) + bound;
            if (spec.isTerminal(state)) decideBy(state, "reached " + state + " (" + before + " -> " + state + " on " + why + ")");
            return new Step(before, state, why);
        }
        return null;
    }

    /** The variables as bound now (filters' conditions compare with them too). */
    Map<String, String> vars() {
        return java.util.Collections.unmodifiableMap(vars);
    }

    /** Sets the edge's variables from the message that took it; " (s=7)" for the event log. */
    private String bind(Edge e, Occurrence o) {
        if (e.bind().isEmpty() || !(o instanceof Occurrence.OfMessage m)) return "";
        List<String> set = new ArrayList<>();
        for (Map.Entry<String, String> b : e.bind().entrySet()) {
            String v = m.message().value(b.getValue());
            if (v == null) {
                vars.remove(b.getKey());
                set.add(b.getKey() + " unset (no " + b.getValue() + ")");
            } else {
                vars.put(b.getKey(), v);
                set.add(b.getKey() + "=" + v);
            }
        }
        return " (" + String.join(", ", set) + ")";
    }

    private void decideBy(String terminal, String why) {
        outcome = spec.isFailure(terminal) ? "failure" : "success";
        reason = why;
    }

    /** The bound was reached: the default decides, unless a terminal state already did. */
    void bound(String why) {
        if (decided()) return;
        if (spec.defaultOutcome() == null) {
            outcome = "";
            reason = why + " and the monitor declares no default";
            boundDecision = reason;
            outcome = "unknown";
            return;
        }
        outcome = spec.defaultOutcome();
        reason = why + " in state " + state + "; the default decides: " + outcome;
        boundDecision = reason;
    }

    /** A bound decision made since the last call, for the event log. */
    String takeBoundDecision() {
        String d = boundDecision;
        boundDecision = null;
        return d;
    }

    /** The run ended: an undecided monitor is decided by its default, or stays undecided without one. */
    String end() {
        if (decided()) return null;
        if (spec.defaultOutcome() == null) {
            reason = "the run ended in state " + state + " before a terminal state, and the monitor declares no default";
            return reason;
        }
        outcome = spec.defaultOutcome();
        reason = "the run ended in state " + state + " before a terminal state" + (spec.bound() != null || spec.boundMessages() != null
                ? " or the bound" : "") + "; the default decides: " + outcome;
        return reason;
    }

    /** success, failure, or empty when nothing decided it ("unknown" after a bound without default reads as empty). */
    String outcome() {
        return outcome.equals("unknown") ? "" : outcome;
    }

    String reason() {
        return reason;
    }

    void counterexample(List<MessageEvent> trace) {
        counterexample = trace;
    }

    List<MessageEvent> counterexample() {
        return counterexample;
    }

    private static String describe(Occurrence o) {
        if (o instanceof Occurrence.OfMessage m) {
            Message x = m.message();
            return ": " + m.kind().id() + " " + x.type() + " " + x.src() + "->" + x.dst() + " " + x.id();
        }
        if (o instanceof Occurrence.LogLine l) return ": log " + l.service() + ": " + l.text();
        return "";
    }
}
