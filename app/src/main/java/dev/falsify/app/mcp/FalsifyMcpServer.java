package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.model.text.TerminalText;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * The MCP server of {@code falsify mcp}, on the official MCP Java SDK over stdio. Each tool calls the
 * code the CLI command of the same job calls (lint, the check pipeline, the runner, the report, the
 * index); this class only turns their JSON into MCP results and every failure into an MCP tool error
 * with a one-line message — never a stack trace, never a crash of the server.
 */
public final class FalsifyMcpServer {
    /** Longest JSON-RPC line read from the client: a plan's text fits, a flood does not. */
    static final int MAX_MESSAGE_CHARS = 20 << 20;

    private FalsifyMcpServer() {
    }

    /** The tools, in the order a client lists them. */
    static List<McpTool> tools() {
        return List.of(PlanTools.lint(), PlanTools.suggest(), CheckTool.tool(), RunTool.tool(), SessionTools.report(),
                SessionTools.explain(), IndexTools.sessions(), IndexTools.history());
    }

    /** Builds the server on {@code in}/{@code out}; it serves until the client closes {@code in}. */
    public static McpSyncServer start(Workspace workspace, ServerSettings settings, InputStream in, OutputStream out,
                                      String version) {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(McpTool.JSON);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, in, out, MAX_MESSAGE_CHARS);
        List<McpServerFeatures.SyncToolSpecification> specs = tools().stream()
                .map(t -> spec(t, workspace, settings, mapper)).toList();
        return McpServer.sync(transport)
                .serverInfo("falsify", version)
                .jsonMapper(mapper)
                .instructions(McpContent.INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).prompts(false)
                        .logging().build())
                .tools(specs)
                .resources(McpContent.resources(mapper))
                .prompts(McpContent.prompts())
                .build();
    }

    private static McpServerFeatures.SyncToolSpecification spec(McpTool t, Workspace ws, ServerSettings settings,
                                                                McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(t.name()).title(t.title()).description(t.description())
                .inputSchema(t.inputSchema()).outputSchema(t.outputSchema())
                .annotations(new McpSchema.ToolAnnotations(t.title(), t.readOnly(), false, t.readOnly(), false, null))
                .build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> call(t, ws, settings, exchange, request)).build();
    }

    /** One tool call: arguments checked, the handler run, its answer or its failure as an MCP result. */
    static McpSchema.CallToolResult call(McpTool t, Workspace ws, ServerSettings settings, McpSyncServerExchange exchange,
                                         McpSchema.CallToolRequest request) {
        Object token = request.meta() == null ? null : request.meta().get("progressToken");
        try {
            Args args = Args.of(t.name(), request.arguments(), t.argumentNames());
            ObjectNode answer = t.handler().call(args, new ToolContext(ws, settings, exchange, token));
            return McpSchema.CallToolResult.builder()
                    .addTextContent(McpTool.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(answer))
                    .structuredContent(McpTool.JSON.convertValue(answer, Map.class))
                    .isError(false).build();
        } catch (RunTool.NotTrusted e) {
            return McpSchema.CallToolResult.builder().addTextContent(e.getMessage()).addTextContent(e.data.toString())
                    .isError(true).build();
        } catch (ToolError e) {
            return error(t.name() + ": " + e.getMessage());
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return error(t.name() + ": " + e.getMessage());
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            // a bug or an exhausted JVM: said in one line to the client, the trace only on stderr
            System.err.println("falsify mcp: " + t.name() + " failed:");
            e.printStackTrace(System.err);
            return error(t.name() + ": internal error: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " (details on the server's stderr)");
        }
    }

    private static McpSchema.CallToolResult error(String message) {
        // messages quote input (paths, history values): escaped, so none acts on a terminal that shows them
        return McpSchema.CallToolResult.builder().addTextContent(TerminalText.escape(message)).isError(true).build();
    }
}
