package dev.falsify.app.mcp;

/**
 * A tool call the server refuses or cannot answer because of its input (a path outside the
 * workspace, a missing argument, a plan with a syntax error). It becomes an MCP tool error
 * ({@code isError: true}) whose text is this one-line message: never a stack trace.
 */
public final class ToolError extends RuntimeException {
    public ToolError(String message) {
        super(message);
    }
}
