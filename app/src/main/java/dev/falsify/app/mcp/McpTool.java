package dev.falsify.app.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One tool of {@code falsify mcp}: its name, description, JSON schemas and handler. Schemas are written
 * as JSON text (what a client sees, readable as such); the argument names the handler accepts are the
 * input schema's properties, so the two cannot drift apart.
 *
 * @param readOnly whether the tool only reads (it writes nothing in the workspace)
 */
record McpTool(String name, String title, String description, Map<String, Object> inputSchema,
               Map<String, Object> outputSchema, boolean readOnly, Handler handler) {

    static final ObjectMapper JSON = new ObjectMapper();

    /** What a tool does with its checked arguments; answers the CLI's {@code --json} object. */
    @FunctionalInterface
    interface Handler {
        ObjectNode call(Args args, ToolContext context) throws Exception;
    }

    static McpTool of(String name, String title, String description, String inputSchema, String outputSchema,
                      boolean readOnly, Handler handler) {
        return new McpTool(name, title, description, schema(inputSchema), schema(outputSchema), readOnly, handler);
    }

    /** The argument names of the input schema. */
    @SuppressWarnings("unchecked")
    Set<String> argumentNames() {
        Object props = inputSchema.get("properties");
        return props instanceof Map<?, ?> m ? new LinkedHashSet<>((Set<String>) m.keySet()) : Set.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool schema is not JSON: " + e.getOriginalMessage(), e);
        }
    }
}
