package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;

/** What the set checkers ({@code set}, {@code set-full}) read from a set's read. */
final class SetReads {
    /** Elements listed in an explanation before "…". */
    private static final int LISTED = 40;

    private SetReads() {
    }

    /** The elements a successful read returned (a list or set; nil is the empty set). */
    static List<JsonNode> elements(Op read) {
        JsonNode out = read.output();
        List<JsonNode> out2 = new ArrayList<>();
        if (out == null || out.isNull()) return out2;
        if (!out.isArray()) {
            throw new ModelException(read, "a set read must return its elements as a list or set, found " + WorkloadOps.show(out));
        }
        for (JsonNode e : out) out2.add(e);
        return out2;
    }

    /** {@code #{1 2 3}}, at most {@value #LISTED} shown. */
    static String list(List<String> shown) {
        StringBuilder b = new StringBuilder("#{");
        for (int i = 0; i < shown.size() && i < LISTED; i++) b.append(i == 0 ? "" : " ").append(shown.get(i));
        if (shown.size() > LISTED) b.append(" … ").append(shown.size() - LISTED).append(" more");
        return b.append('}').toString();
    }
}
