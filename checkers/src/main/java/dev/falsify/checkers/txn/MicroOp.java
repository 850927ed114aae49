package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.history.JsonTrees;
import com.fasterxml.jackson.databind.node.NullNode;

/**
 * One micro-operation of a transaction: {@code ["append","x",3]}, {@code ["r","x",[1,2]]},
 * {@code ["w","x",5]}. Keys are compared as text (EDN integers and strings both become text).
 *
 * @param f     function: {@code append}, {@code r} or {@code w}
 * @param key   the key addressed, as text
 * @param value the appended/written value, or what a completed read returned ({@code NullNode} when nil)
 */
public record MicroOp(String f, String key, JsonNode value) {
    public MicroOp {
        if (value == null) value = NullNode.getInstance();
    }

    public boolean isRead() {
        return "r".equals(f);
    }

    /**
     * Parses {@code [f, key, value]} — or the same as an object, {@code {"f": "append", "k": "x", "v": 3}}
     * (also spelled {@code type}/{@code op}, {@code key}, {@code value}), as JSON recorders write it;
     * returns null when the node is of neither shape.
     */
    public static MicroOp parse(JsonNode node) {
        if (node == null) return null;
        JsonNode f;
        JsonNode k;
        JsonNode v;
        if (node.isArray()) {
            if (node.size() < 2 || node.size() > 3) return null;
            f = node.get(0);
            k = node.get(1);
            v = node.size() == 3 ? node.get(2) : NullNode.getInstance();
        } else if (node.isObject()) {
            f = first(node, "f", "type", "op", "fn");
            k = first(node, "k", "key");
            v = first(node, "v", "value", "val");
        } else {
            return null;
        }
        if (f == null || !f.isTextual() || k == null || k.isContainerNode()) return null;
        String key = k.isTextual() ? k.asText() : JsonTrees.text(k);
        // Knossos spells them out: [:read k v], [:write k v]; JSON recorders capitalise
        String fn = switch (f.asText().strip().toLowerCase(java.util.Locale.ROOT)) {
            case "read", "r" -> "r";
            case "write", "w" -> "w";
            case "append", "a" -> "append";
            default -> f.asText();
        };
        return new MicroOp(fn, key, v == null ? NullNode.getInstance() : v);
    }

    private static JsonNode first(JsonNode object, String... names) {
        for (String n : names) {
            JsonNode v = object.get(n);
            if (v != null) return v;
        }
        return null;
    }
}
