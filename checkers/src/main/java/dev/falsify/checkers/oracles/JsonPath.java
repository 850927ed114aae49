package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A small path language over JSON: {@code $} (the root) or {@code @} (the current element inside
 * {@code all}/{@code any}), then segments {@code .name}, {@code ["name"]}, {@code [3]}, {@code [*]}
 * and {@code .*} (every array element or object value). A bare {@code name.other} is read as
 * {@code $.name.other}. Evaluating yields every node the path reaches (missing fields yield nothing).
 */
public record JsonPath(boolean current, List<String> segments, String text) {
    /** Segment meaning "every element / value". */
    static final String ALL = "*";

    public JsonPath {
        segments = List.copyOf(segments);
    }

    /**
     * Parses a path standing alone (an option value such as {@code request_id} or {@code $.meta.key}).
     *
     * @throws InvariantSyntaxException naming the column of the problem
     */
    public static JsonPath parse(String text) {
        InvariantParser p = new InvariantParser(text);
        JsonPath path = p.pathOnly();
        return path;
    }

    public List<JsonNode> select(JsonNode root, JsonNode currentNode) {
        List<JsonNode> nodes = new ArrayList<>();
        JsonNode start = current ? currentNode : root;
        if (start == null) return nodes;
        nodes.add(start);
        for (String seg : segments) {
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode n : nodes) {
                if (ALL.equals(seg)) {
                    if (n.isContainerNode()) {
                        for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) next.add(it.next());
                    }
                } else if (seg.startsWith("#")) {
                    int i = Integer.parseInt(seg.substring(1));
                    if (n.isArray() && i < n.size()) next.add(n.get(i));
                } else if (n.isObject() && n.has(seg)) {
                    next.add(n.get(seg));
                }
            }
            nodes = next;
        }
        return nodes;
    }

    /** The single node this path reaches, or null when it reaches none or several. */
    public JsonNode one(JsonNode root) {
        List<JsonNode> nodes = select(root, null);
        return nodes.size() == 1 ? nodes.get(0) : null;
    }

    @Override
    public String toString() {
        return text;
    }
}
