package dev.falsify.model.session;

import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import java.util.Map;

/**
 * One line of a session's {@code artifacts/<scenario>-<seed>.messages.jsonl}: something that happened to a
 * message crossing a tapped link (or a monitor state change). Written by the runner's message engine and
 * read by the workbench through {@link MessageEventLog}, so both sides agree on one shape.
 *
 * @param seq        0-based position in the log
 * @param kind       send, deliver, drop, delay, duplicate, hold, release, or state (monitor)
 * @param message    the message's id ({@code p12#17}), the same on every event of that message; empty for state
 * @param timeMicros microseconds since the message engine started (with the proxies, before the services)
 * @param monoNanos  the runner's monotonic clock ({@code System.nanoTime()}), the clock histories are stamped on
 * @param link       the proxy the message crossed
 * @param connection the proxy's connection number
 * @param direction  {@code upstream} (client end → upstream end) or {@code downstream}
 * @param src        the sending node
 * @param dst        the receiving node
 * @param type       the message type read by the tap's {@code type} field (empty when unread)
 * @param filter     the filter that acted on the message, or empty (default deliver)
 * @param state      the monitor's state after this event, or empty without a monitor
 * @param delayMs    the delay applied ({@code delay} events), else 0
 * @param size       the message's length in bytes, framing included
 * @param payload    the start of the payload as text, control characters escaped
 * @param fields     the tap's other fields read from the message
 * @param note       free detail: the transition made ({@code from -> to}), why a held message was dropped
 */
public record MessageEvent(long seq, MessageEventKind kind, String message, long timeMicros, long monoNanos, String link,
                           long connection, String direction, String src, String dst, String type, String filter,
                           String state, long delayMs, int size, String payload, Map<String, String> fields, String note) {
    /** Characters of payload kept in an event. */
    public static final int PAYLOAD_EXCERPT = 240;

    public MessageEvent {
        message = nz(message);
        link = nz(link);
        direction = nz(direction);
        src = nz(src);
        dst = nz(dst);
        type = nz(type);
        filter = nz(filter);
        state = nz(state);
        payload = nz(payload);
        fields = fields == null ? Map.of() : Map.copyOf(fields);
        note = nz(note);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** A message's payload as an excerpt: at most {@link #PAYLOAD_EXCERPT} characters, control characters escaped. */
    public static String excerpt(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), PAYLOAD_EXCERPT) + 8);
        for (int i = 0; i < text.length() && sb.length() < PAYLOAD_EXCERPT; i++) {
            char c = text.charAt(i);
            if (c == '\n') sb.append("\\n");
            else if (c == '\r') sb.append("\\r");
            else if (c == '\t') sb.append("\\t");
            else if (c < 0x20 || c == 0x7f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else sb.append(c);
        }
        if (sb.length() >= PAYLOAD_EXCERPT && text.length() > PAYLOAD_EXCERPT) sb.append('…');
        return sb.toString();
    }

    /** One line for people: {@code #12 deliver ACK n2→n1 via p12 [hold-acks]}. */
    public String describe() {
        if (kind == MessageEventKind.STATE) return "#" + seq + " monitor " + note + " at " + timeMicros / 1000 + " ms";
        return "#" + seq + " " + kind.id() + " " + (type.isEmpty() ? "(untyped)" : type) + " " + src + "→" + dst + " via " + link
                + (filter.isEmpty() ? "" : " [" + filter + "]") + (delayMs > 0 ? " +" + delayMs + " ms" : "")
                + " at " + timeMicros / 1000 + " ms" + (note.isEmpty() ? "" : " (" + note + ")");
    }
}
