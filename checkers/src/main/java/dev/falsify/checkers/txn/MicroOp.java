package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
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

    /** Parses {@code [f, key, value]}; returns null when the node is not of that shape. */
    static MicroOp parse(JsonNode node) {
        if (node == null || !node.isArray() || node.size() < 2 || node.size() > 3) return null;
        JsonNode f = node.get(0);
        JsonNode k = node.get(1);
        if (f == null || !f.isTextual() || k == null || k.isContainerNode()) return null;
        String key = k.isTextual() ? k.asText() : k.toString();
        // Knossos spells them out: [:read k v], [:write k v]
        String fn = switch (f.asText()) {
            case "read" -> "r";
            case "write" -> "w";
            default -> f.asText();
        };
        return new MicroOp(fn, key, node.size() == 3 ? node.get(2) : NullNode.getInstance());
    }
}
