package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.history.JsonTrees;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

/**
 * Canonical forms of JSON values, so that values recorded as {@code 3}, {@code 3.0} or a big
 * integer compare equal in model states, and JsonNode's {@code equals}/{@code hashCode} can be used
 * for interning.
 */
final class Values {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Values() {
    }

    static JsonNode canonical(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return NullNode.getInstance();
        if (n.isNumber()) {
            if (n.isIntegralNumber()) {
                return n.canConvertToLong() ? NODES.numberNode(n.longValue()) : NODES.numberNode(n.bigIntegerValue());
            }
            if ((n.isDouble() || n.isFloat()) && !Double.isFinite(n.doubleValue())) return NODES.numberNode(n.doubleValue());
            BigDecimal d = n.decimalValue(); // (an overflowed 1e400 is Infinity, which has no decimal value)
            try {
                return NODES.numberNode(d.longValueExact());
            } catch (ArithmeticException notIntegral) {
                return NODES.numberNode(n.doubleValue());
            }
        }
        if (n.isArray()) {
            ArrayNode a = NODES.arrayNode(n.size());
            for (JsonNode e : n) a.add(canonical(e));
            return a;
        }
        if (n.isObject()) {
            ObjectNode o = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                o.set(e.getKey(), canonical(e.getValue()));
            }
            return o;
        }
        return n;
    }

    /**
     * EDN-ish short rendering for people: strings bare, null as nil — except strings that would read
     * as another value ("1", "nil", "true", ""), which keep their quotes, so that a read of the string
     * "1" against a state holding the number 1 does not print as "read 1 impossible in state 1".
     */
    static String show(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "nil";
        if (n.isTextual()) return looksLikeAnotherValue(n.textValue()) ? JsonTrees.text(n) : n.textValue();
        return JsonTrees.text(n);
    }

    private static boolean looksLikeAnotherValue(String s) {
        if (s.isEmpty() || s.equals("nil") || s.equals("null") || s.equals("true") || s.equals("false")) return true;
        if (!s.equals(s.strip())) return true;
        char c = s.charAt(0);
        if (c == '[' || c == '{' || c == '"') return true;
        return (Character.isDigit(c) || ((c == '-' || c == '+' || c == '.') && s.length() > 1))
                && s.chars().allMatch(ch -> Character.isDigit(ch) || ".eE+-".indexOf(ch) >= 0);
    }

    /** A key as text: strings as they are, anything else as JSON. */
    static String keyText(JsonNode n) {
        if (n == null || n.isNull()) return "nil";
        return n.isTextual() ? n.textValue() : JsonTrees.text(n);
    }
}
