package dev.falsify.runner.messages;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.checkers.oracles.JsonPath;
import dev.falsify.model.plan.run.RunSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a tap's fields ({@code messages[].fields}) from a message's payload: a value starting with {@code $}
 * is a JSON path into the payload parsed as JSON (once per message, only when some field needs it); any
 * other value is a regex whose group named like the field, else group 1, else the whole match, is the value.
 * A field that is not found is absent ("" for type); src and dst default to the link's ends.
 */
final class MessageFields {
    private static final ObjectMapper JSON = new ObjectMapper(new JsonFactory());

    private sealed interface Reader permits ByPath, ByRegex {
    }

    private record ByPath(JsonPath path) implements Reader {
    }

    private record ByRegex(Pattern pattern, String group) implements Reader {
    }

    private final Map<String, Reader> readers = new LinkedHashMap<>();
    private final boolean needsJson;
    /** top-level key → field names, when every JSON path is a plain {@code $.name}: read by streaming, no tree built */
    private final Map<String, java.util.List<String>> topLevel = new java.util.HashMap<>();
    private final boolean streaming;
    private static final JsonFactory FACTORY = new JsonFactory();

    MessageFields(RunSpec.MessageTap tap) {
        boolean json = false;
        for (Map.Entry<String, String> f : new java.util.TreeMap<>(tap.fields()).entrySet()) {
            String v = f.getValue().strip();
            if (v.startsWith("$")) {
                readers.put(f.getKey(), new ByPath(JsonPath.parse(v)));
                json = true;
            } else {
                Pattern p = Pattern.compile(v);
                String group = p.pattern().contains("(?<" + f.getKey() + ">") ? f.getKey() : null;
                readers.put(f.getKey(), new ByRegex(p, group));
            }
        }
        this.needsJson = json;
        boolean simple = json;
        for (Map.Entry<String, String> f : tap.fields().entrySet()) {
            String v = f.getValue().strip();
            if (!v.startsWith("$")) continue;
            if (v.matches("\\$\\.[A-Za-z_][A-Za-z0-9_-]*")) topLevel.computeIfAbsent(v.substring(2), k -> new java.util.ArrayList<>()).add(f.getKey());
            else simple = false;
        }
        this.streaming = simple;
    }

    /** The plain top-level fields of a JSON object, read token by token; false when the payload is not a JSON object. */
    private boolean readTopLevel(String payload, Map<String, String> out) {
        try (com.fasterxml.jackson.core.JsonParser p = FACTORY.createParser(payload)) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) return false;
            com.fasterxml.jackson.core.JsonToken t;
            while ((t = p.nextToken()) == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                java.util.List<String> names = topLevel.get(p.currentName());
                t = p.nextToken();
                if (names == null || t == com.fasterxml.jackson.core.JsonToken.VALUE_NULL) {
                    p.skipChildren();
                    continue;
                }
                String v = t.isScalarValue() ? p.getText() : JSON.readTree(p).toString();
                for (String n : names) out.put(n, v);
            }
            return true;
        } catch (java.io.IOException | RuntimeException e) {
            out.clear();
            return false;
        }
    }

    /** Field name → value, for the fields found in {@code payload}. */
    Map<String, String> read(String payload) {
        if (readers.isEmpty()) return Map.of();
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode root = null;
        if (streaming) {
            readTopLevel(payload, out);
        } else if (needsJson) {
            try {
                root = JSON.readTree(payload);
            } catch (java.io.IOException | RuntimeException e) {
                root = null; // not JSON: its JSON-path fields are absent
            }
        }
        for (Map.Entry<String, Reader> e : readers.entrySet()) {
            String v = null;
            if (e.getValue() instanceof ByPath bp) {
                if (streaming) continue;
                JsonNode n = root == null ? null : bp.path().one(root);
                if (n != null && !n.isMissingNode() && !n.isNull()) v = n.isValueNode() ? n.asText() : n.toString();
            } else if (e.getValue() instanceof ByRegex br) {
                Matcher m = br.pattern().matcher(payload);
                if (m.find()) {
                    v = br.group() != null ? m.group(br.group()) : m.groupCount() >= 1 ? m.group(1) : m.group();
                }
            }
            if (v != null) out.put(e.getKey(), v);
        }
        return out;
    }
}
