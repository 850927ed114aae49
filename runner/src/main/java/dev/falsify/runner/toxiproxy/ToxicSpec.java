package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.model.plan.run.RunVocabulary.ToxicAttribute;
import dev.falsify.model.plan.run.RunVocabulary.ToxicType;
import dev.falsify.runner.proxy.ConnectionSelector;
import dev.falsify.runner.proxy.Direction;
import dev.falsify.runner.proxy.ProxyFault;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A toxic as Toxiproxy's API names it — {@code name}, {@code type}, {@code stream}, {@code toxicity},
 * {@code attributes} — and the fault it is on Falsify's engine, built through the one table
 * ({@link ToxicType}): a toxic is never given semantics of its own here.
 *
 * @param attributes every attribute of the type, in the type's order (absent ones 0, as Toxiproxy reads them)
 */
public record ToxicSpec(String name, ToxicType type, Direction stream, double toxicity, Map<String, Long> attributes) {

    public ToxicSpec {
        attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /**
     * Reads a toxic as {@code POST /proxies/{proxy}/toxics} does: stream defaults to downstream,
     * toxicity to 1, the name to {@code <type>_<stream>}; field names match case-insensitively, as
     * Go's JSON decoder matches them.
     */
    static ToxicSpec create(JsonNode body) {
        if (body == null || !body.isObject()) throw ApiError.badBody("expected a JSON object");
        String streamText = text(body, "stream", "downstream");
        Direction stream = switch (streamText.toLowerCase(Locale.ROOT)) {
            case "upstream" -> Direction.UPSTREAM;
            case "downstream" -> Direction.DOWNSTREAM;
            default -> throw ApiError.INVALID_STREAM;
        };
        String typeText = text(body, "type", "");
        String name = text(body, "name", "");
        if (name.isEmpty()) name = typeText + "_" + stream.label();
        ToxicType type = ToxicType.of(typeText).orElseThrow(() -> ApiError.INVALID_TOXIC_TYPE);
        double toxicity = toxicity(field(body, "toxicity"), 1.0);
        Map<String, Long> attrs = new LinkedHashMap<>();
        for (ToxicAttribute a : type.attributes()) attrs.put(a.name(), 0L);
        ToxicSpec spec = new ToxicSpec(name, type, stream, toxicity, merge(attrs, type, field(body, "attributes")));
        spec.check();
        return spec;
    }

    /** An update as {@code POST/PATCH …/toxics/{toxic}}: given attributes and toxicity replace, the rest stay. */
    ToxicSpec update(JsonNode body) {
        if (body == null || !body.isObject()) throw ApiError.badBody("expected a JSON object");
        ToxicSpec spec = new ToxicSpec(name, type, stream, toxicity(field(body, "toxicity"), toxicity),
                merge(new LinkedHashMap<>(attributes), type, field(body, "attributes")));
        spec.check();
        return spec;
    }

    /** The engine's fault; the engine's own checks (latency >= 0, slicer sizes) answer 400 as a bad body. */
    ProxyFault fault() {
        try {
            return ProxyFault.parse(type.kind().id(), type.params(attributes, stream.label()));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ApiError.badBody(type.id() + ": " + toxiNames(e.getMessage()));
        }
    }

    ConnectionSelector selector() {
        return ConnectionSelector.parse(ToxicType.connections(toxicity));
    }

    /**
     * A toxic that does nothing by Toxiproxy's own reading (bandwidth with rate 0 is unlimited): it is
     * kept and listed, but no fault window is opened for it, so it can never be counted as landed.
     */
    boolean inert() {
        return type == ToxicType.BANDWIDTH && attributes.getOrDefault("rate", 0L) <= 0;
    }

    private void check() {
        if (!inert()) fault();
    }

    /** The engine's messages name run-block params; the client wrote Toxiproxy's attribute names. */
    private String toxiNames(String message) {
        String m = message == null ? "invalid attributes" : message;
        for (ToxicAttribute a : type.attributes()) m = m.replace(a.param(), a.name());
        return m.replace("bandwidth kbps must be >= 1", "rate must be >= 0");
    }

    ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ObjectNode attrs = o.putObject("attributes");
        attributes.forEach(attrs::put);
        o.put("name", name);
        o.put("type", type.id());
        o.put("stream", stream.label());
        putNumber(o, "toxicity", toxicity);
        return o;
    }

    /** Go marshals a float32 1.0 as {@code 1}: whole numbers without the fraction, as clients have seen them. */
    static void putNumber(ObjectNode o, String field, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) o.put(field, (long) v);
        else o.put(field, v);
    }

    private static Map<String, Long> merge(Map<String, Long> into, ToxicType type, JsonNode given) {
        if (given == null || given.isNull()) return into;
        if (!given.isObject()) throw ApiError.badBody("attributes must be a JSON object");
        for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            ToxicAttribute a = null;
            for (ToxicAttribute x : type.attributes()) if (x.name().equalsIgnoreCase(e.getKey())) a = x;
            if (a == null) continue; // Toxiproxy ignores attributes its type does not have
            JsonNode v = e.getValue();
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                throw ApiError.badBody("attribute " + a.name() + " must be a whole number, not " + v);
            }
            into.put(a.name(), v.longValue());
        }
        return into;
    }

    private static double toxicity(JsonNode v, double fallback) {
        if (v == null || v.isNull()) return fallback;
        if (!v.isNumber()) throw ApiError.badBody("toxicity must be a number, not " + v);
        double t = v.doubleValue();
        if (!(t >= 0.0 && t <= 1.0)) throw ApiError.badBody("toxicity must be between 0 and 1, not " + v);
        return t;
    }

    static String text(JsonNode body, String field, String fallback) {
        JsonNode v = field(body, field);
        if (v == null || v.isNull()) return fallback;
        if (!v.isTextual()) throw ApiError.badBody(field + " must be a string, not " + v);
        return v.textValue();
    }

    /** A field by name, exact first, then ignoring case (Go's encoding/json matches keys that way). */
    static JsonNode field(JsonNode body, String name) {
        JsonNode exact = body.get(name);
        if (exact != null) return exact;
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (k.equalsIgnoreCase(name)) return body.get(k);
        }
        return null;
    }
}
