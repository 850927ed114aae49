package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.history.JsonTrees;
import java.util.List;

/** How values appear in explanations: {@code x=[1 2 3]}, long lists shortened in the middle. */
final class ValueText {
    private static final int HEAD = 4;
    private static final int TAIL = 3;

    private ValueText() {
    }

    /** Canonical text of a JSON value, used as its identity when matching writes to reads. */
    static String canonical(JsonNode v) {
        return v == null ? "null" : JsonTrees.text(v);
    }

    /** A canonical value as people read it: strings without quotes. */
    static String show(String canonical) {
        if (canonical.length() >= 2 && canonical.startsWith("\"") && canonical.endsWith("\"")
                && canonical.indexOf(' ') < 0) {
            return canonical.substring(1, canonical.length() - 1);
        }
        return canonical;
    }

    static String list(List<String> elems) {
        StringBuilder b = new StringBuilder("[");
        int n = elems.size();
        for (int i = 0; i < n; i++) {
            if (n > HEAD + TAIL + 1 && i == HEAD) {
                b.append(" … (").append(n - HEAD - TAIL).append(" more)");
                i = n - TAIL - 1;
                continue;
            }
            if (i > 0) b.append(' ');
            b.append(show(elems.get(i)));
        }
        return b.append(']').toString();
    }
}
