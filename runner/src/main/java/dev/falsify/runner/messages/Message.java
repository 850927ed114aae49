package dev.falsify.runner.messages;

import dev.falsify.runner.proxy.MessageLayer;
import java.util.Map;

/**
 * One framed message read from a tapped link.
 *
 * @param id      {@code link#n}, unique in the run
 * @param bytes   the frame as sent (what is delivered)
 * @param payload the frame's payload as text
 * @param fields  every field the tap read (type, src, dst included when found)
 */
record Message(String id, String link, long connection, String direction, String src, String dst, String type,
               Map<String, String> fields, String payload, byte[] bytes, MessageLayer.Forwarder out, Map<String, String> extra,
               String excerpt) {

    /** Computes once what every event of the message records: the fields besides type/src/dst, the payload excerpt. */
    static Message of(String id, String link, long connection, String direction, String src, String dst, String type,
                      Map<String, String> fields, String payload, byte[] bytes, MessageLayer.Forwarder out) {
        Map<String, String> extra = fields;
        if (fields.containsKey("type") || fields.containsKey("src") || fields.containsKey("dst")) {
            extra = new java.util.LinkedHashMap<>(fields);
            extra.keySet().removeAll(java.util.List.of("type", "src", "dst"));
        }
        return new Message(id, link, connection, direction, src, dst, type, fields, payload, bytes, out, Map.copyOf(extra),
                dev.falsify.model.session.MessageEvent.excerpt(payload));
    }

    /** The value a condition key names: a standard key or one of the tap's fields. */
    String value(String key) {
        return switch (key) {
            case "type" -> type;
            case "src" -> src;
            case "dst" -> dst;
            case "link" -> link;
            default -> fields.get(key);
        };
    }
}
