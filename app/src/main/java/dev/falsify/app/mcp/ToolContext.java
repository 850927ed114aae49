package dev.falsify.app.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;

/**
 * What a tool call may use besides its arguments: the workspace its paths must stay in, the session
 * index and trust store the CLI uses, and the exchange to report progress on.
 *
 * @param progressToken the client's token for progress notifications of this call, or null
 */
record ToolContext(Workspace workspace, ServerSettings settings, McpSyncServerExchange exchange, Object progressToken) {

    /** Sends one progress notification when the client asked for them; never fails the call. */
    void progress(double done, Double total, String message) {
        if (progressToken == null || exchange == null) return;
        try {
            exchange.progressNotification(new McpSchema.ProgressNotification(progressToken, done, total, message));
        } catch (RuntimeException e) {
            System.err.println("falsify mcp: progress notification not sent: " + e);
        }
    }

    /** The client's name, for the session log's operator line. */
    String clientName() {
        try {
            McpSchema.Implementation info = exchange == null ? null : exchange.getClientInfo();
            return info == null || info.name() == null ? "mcp client" : info.name();
        } catch (RuntimeException e) {
            return "mcp client";
        }
    }

    Path root() {
        return workspace.root();
    }
}
