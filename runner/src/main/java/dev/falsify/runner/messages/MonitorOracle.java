package dev.falsify.runner.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.api.OracleViolations;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.List;

/**
 * The monitor as the scenario's oracle, in the shape every checker answers in, so the runner's one
 * oracle → verdict path takes it: a reached failure state is INVALID with the event trace up to it as the
 * counterexample, success VALID, undecided UNKNOWN.
 */
public final class MonitorOracle {
    /** The checker name the monitor's results carry. */
    public static final String NAME = "monitor";
    /** Trace events described in the counterexample's lines (all of them, up to the engine's trace, are in its JSON). */
    static final int DESCRIBED = 7;

    private MonitorOracle() {
    }

    /** @param file the messages.jsonl as the session names it (relative path) */
    public static CheckResult result(MessageEngine.Outcome o, String file) {
        Validity v = switch (o.monitorOutcome()) {
            case "failure" -> Validity.INVALID;
            case "success" -> Validity.VALID;
            default -> Validity.UNKNOWN;
        };
        ExecutionEvidence ev = new ExecutionEvidence(o.events(), o.events(), 1, 0, 0);
        String summary = "monitor " + (o.monitorOutcome().isEmpty() ? "undecided" : o.monitorOutcome()) + ": " + o.reason()
                + " (" + o.messages() + " messages, " + o.events() + " events in " + file + ")";
        OracleViolations cx = null;
        if (v == Validity.INVALID) {
            List<OracleViolations.Violation> items = new ArrayList<>();
            ObjectNode head = JsonNodeFactory.instance.objectNode();
            head.put("file", file);
            head.put("state", o.monitorState());
            ArrayNode trace = head.putArray("trace");
            for (MessageEvent e : o.trace()) trace.add(e.describe());
            List<MessageEvent> last = o.trace().subList(Math.max(0, o.trace().size() - DESCRIBED), o.trace().size());
            // the summary already says how the failure state was reached: the head only introduces the trace
            items.add(new OracleViolations.Violation("the events up to failure state '" + o.monitorState() + "' (the last "
                    + last.size() + " of " + o.trace().size() + " here, all in the check JSON):", head));
            for (MessageEvent e : last) {
                ObjectNode f = JsonNodeFactory.instance.objectNode();
                f.put("seq", e.seq());
                f.put("message", e.message());
                items.add(new OracleViolations.Violation("  " + e.describe(), f));
            }
            cx = new OracleViolations(items);
        }
        return new CheckResult(NAME, null, v, ev, cx, List.of(), summary);
    }
}
