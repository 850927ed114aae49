package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds plain (non-txn) histories for oracle tests; JSON values are given as text. */
final class Ops {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private final List<Op> ops = new ArrayList<>();

    static JsonNode json(String text) {
        try {
            return text == null ? NullNode.getInstance() : MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    Ops ok(String process, String type, String key, String input, String output) {
        long t = ops.size() * 10L;
        ops.add(new Op(Integer.toString(ops.size() + 1), process, t, t + 5, type, key, json(input), json(output), null,
                false, null, null, ops.size() + 1));
        return this;
    }

    Ops fail(String process, String type, String key, String input) {
        long t = ops.size() * 10L;
        ops.add(new Op(Integer.toString(ops.size() + 1), process, t, t + 5, type, key, json(input), NullNode.getInstance(),
                "rejected", false, null, null, ops.size() + 1));
        return this;
    }

    Ops info(String process, String type, String key, String input) {
        long t = ops.size() * 10L;
        ops.add(new Op(Integer.toString(ops.size() + 1), process, t, null, type, key, json(input), NullNode.getInstance(),
                null, true, null, null, ops.size() + 1));
        return this;
    }

    List<Op> build() {
        return List.copyOf(ops);
    }

    CheckResult run(Checker c, Map<String, String> options) {
        return c.check(new CheckInput(build(), null, options, null, Map.of(), null), CheckBudget.unlimited());
    }

    CheckResult run(Checker c, Map<String, String> options, JsonNode finalState) {
        return c.check(new CheckInput(build(), null, options, finalState, Map.of(), null), CheckBudget.unlimited());
    }

    static List<String> lines(CheckResult r) {
        return r.counterexample() == null ? List.of() : r.counterexample().describe();
    }
}
