package dev.falsify.checkers.history;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Builds the JSON value at a streaming parser's current token as a tree, with the same node types
 * as Jackson's {@code ObjectMapper} would (ints, longs, big integers, doubles; a repeated field
 * keeps its last value), but without databind's mapper: initialising an {@code ObjectMapper} loads
 * some hundreds of classes, more than reading a whole short history costs. Nesting depth is bounded
 * by the parser's own limit. {@link #text} is the other way round: a value's compact JSON text, as
 * {@code JsonNode.toString()} writes it (which also starts a mapper).
 */
public final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {
    }

    /** The value starting at the current token; the parser is left on its last token. */
    static JsonNode read(JsonParser p) throws IOException {
        return read(p, false);
    }

    /**
     * The value starting at the current token; the parser is left on its last token.
     *
     * @param rejectDuplicates whether an object with a key twice is an error ({@link DuplicateKey})
     *                         rather than read with the last value, as the mapper does
     */
    static JsonNode read(JsonParser p, boolean rejectDuplicates) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) return null;
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                JsonToken f;
                while ((f = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    if (rejectDuplicates && o.has(name)) throw new DuplicateKey(p, name);
                    p.nextToken();
                    o.set(name, read(p, rejectDuplicates));
                }
                if (f != JsonToken.END_OBJECT) throw new com.fasterxml.jackson.core.JsonParseException(p, "expected a field name or '}'");
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (p.currentToken() == null) throw new com.fasterxml.jackson.core.io.JsonEOFException(p, null, "end of input in an array");
                    a.add(read(p, rejectDuplicates));
                }
                return a;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getNumberType() == JsonParser.NumberType.BIG_DECIMAL ? NODES.numberNode(p.getDecimalValue())
                        : NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NullNode.getInstance();
            }
            default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected token " + t);
        }
    }

    /** An object with a key twice: which value was meant is a guess, so it is refused. */
    static final class DuplicateKey extends com.fasterxml.jackson.core.JsonParseException {
        private static final long serialVersionUID = 1L;
        private final String key;
        private final int line;
        private final int column;

        DuplicateKey(JsonParser p, String key) {
            super(p, "duplicate key \"" + key + "\"");
            this.key = key;
            this.line = p.currentTokenLocation().getLineNr();
            this.column = p.currentTokenLocation().getColumnNr();
        }

        String key() {
            return key;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }

    /** Compact JSON text of a value, as {@code JsonNode.toString()} writes it. */
    public static String text(JsonNode n) {
        if (n.isTextual()) return quote(n.textValue());
        if (n.isValueNode()) return n.isNull() || n.isMissingNode() ? "null" : n.asText();
        StringBuilder b = new StringBuilder();
        append(b, n);
        return b.toString();
    }

    private static void append(StringBuilder b, JsonNode n) {
        if (n.isArray()) {
            b.append('[');
            for (int i = 0; i < n.size(); i++) {
                if (i > 0) b.append(',');
                append(b, n.get(i));
            }
            b.append(']');
        } else if (n.isObject()) {
            b.append('{');
            boolean first = true;
            for (java.util.Iterator<java.util.Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                java.util.Map.Entry<String, JsonNode> e = it.next();
                if (!first) b.append(',');
                first = false;
                b.append(quote(e.getKey())).append(':');
                append(b, e.getValue());
            }
            b.append('}');
        } else {
            b.append(text(n));
        }
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04X", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }
}
