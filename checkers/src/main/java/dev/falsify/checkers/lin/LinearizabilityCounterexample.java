package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.Counterexample;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a history is not linearizable (or, for an exhausted budget, how far the search got): for the
 * failing partition, the longest linearizable prefixes with the model state after each op, and the
 * ops that could not be placed next with their intervals and the reason.
 *
 * @param exhausted true when this describes an unfinished search (validity unknown)
 */
public record LinearizabilityCounterexample(String model, List<PartitionFailure> partitions, boolean exhausted)
        implements Counterexample {

    public LinearizabilityCounterexample {
        partitions = List.copyOf(partitions);
    }

    /**
     * @param partition      label, e.g. {@code all} or {@code key 7}
     * @param ops            ops in the partition's search
     * @param statesExplored configurations explored in this partition
     */
    public record PartitionFailure(String partition, int ops, long statesExplored, List<Prefix> prefixes) {
        public PartitionFailure {
            prefixes = List.copyOf(prefixes);
        }
    }

    /**
     * @param steps          the prefix in linearization order, each with the state after it
     * @param initialState   the model state before the first step
     * @param couldNotPlace  the ops that were candidates to come next, each with the reason it cannot
     * @param mustPrecede    the op that completed before any candidate could be placed (null if none)
     */
    public record Prefix(String initialState, List<Step> steps, List<Blocked> couldNotPlace, Step mustPrecede) {
        public Prefix {
            steps = List.copyOf(steps);
            couldNotPlace = List.copyOf(couldNotPlace);
        }
    }

    /** @param stateAfter model state after the op (null when not applicable) */
    public record Step(OpRef op, String description, String stateAfter) {
    }

    public record Blocked(OpRef op, String description, String reason) {
    }

    @Override
    public JsonNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("model", model);
        root.put("exhausted", exhausted);
        ArrayNode parts = root.putArray("partitions");
        for (PartitionFailure p : partitions) {
            ObjectNode pn = parts.addObject();
            pn.put("partition", p.partition());
            pn.put("ops", p.ops());
            pn.put("statesExplored", p.statesExplored());
            ArrayNode prefixes = pn.putArray("prefixes");
            for (Prefix x : p.prefixes()) {
                ObjectNode xn = prefixes.addObject();
                xn.put("length", x.steps().size());
                xn.put("initialState", x.initialState());
                ArrayNode steps = xn.putArray("linearized");
                for (Step s : x.steps()) {
                    ObjectNode sn = op(steps.addObject(), s.op(), s.description());
                    sn.put("stateAfter", s.stateAfter());
                }
                ArrayNode blocked = xn.putArray("couldNotPlace");
                for (Blocked b : x.couldNotPlace()) {
                    op(blocked.addObject(), b.op(), b.description()).put("reason", b.reason());
                }
                if (x.mustPrecede() != null) {
                    op(xn.putObject("completedFirst"), x.mustPrecede().op(), x.mustPrecede().description());
                } else {
                    xn.putNull("completedFirst");
                }
            }
        }
        return root;
    }

    private static ObjectNode op(ObjectNode n, OpRef op, String description) {
        n.put("op_id", op.opId());
        n.put("process_id", op.processId());
        n.put("op", description);
        n.put("invoke_ts", op.invokeTs());
        if (op.completeTs() == null) n.putNull("complete_ts");
        else n.put("complete_ts", op.completeTs());
        n.put("line", op.sourceLine());
        return n;
    }

    @Override
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (PartitionFailure p : partitions) {
            if (p.prefixes().isEmpty()) continue;
            Prefix x = p.prefixes().get(0);
            String where = p.partition().equals("all") ? "" : p.partition() + ": ";
            if (x.steps().isEmpty()) {
                lines.add(where + "no op can be linearized first (initial state " + x.initialState() + ")");
            } else {
                Step last = x.steps().get(x.steps().size() - 1);
                lines.add(where + (exhausted ? "longest prefix found so far: " : "longest linearizable prefix: ")
                        + x.steps().size() + " of " + p.ops() + " ops, ending with op " + last.op().opId()
                        + " (" + last.description() + ", process " + last.op().processId() + ") → state " + last.stateAfter());
            }
            if (exhausted) continue;
            if (x.mustPrecede() != null) {
                Step m = x.mustPrecede();
                lines.add("  op " + m.op().opId() + " (" + m.description() + ", process " + m.op().processId() + ", "
                        + m.op().interval() + ") completed, but no op can take effect next:");
            }
            int shown = 0;
            for (Blocked b : x.couldNotPlace()) {
                if (shown++ == 6) {
                    lines.add("    … " + (x.couldNotPlace().size() - 6) + " more");
                    break;
                }
                lines.add("    op " + b.op().opId() + " " + b.description() + " " + b.op().interval() + ": " + b.reason());
            }
        }
        return lines;
    }
}
