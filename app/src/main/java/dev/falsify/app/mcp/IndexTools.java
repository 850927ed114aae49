package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.runner.store.HistoryEntry;
import dev.falsify.runner.store.SessionStore;
import dev.falsify.runner.store.StoredSession;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * {@code list_sessions} and {@code scenario_history}: the SQLite index, as {@code falsify sessions --json}
 * and {@code falsify history --json} print its records. Only sessions inside the workspace are answered:
 * the index is the person's, across projects, and an agent sees the one it works in.
 */
final class IndexTools {
    private IndexTools() {
    }

    @FunctionalInterface
    private interface StoreWork<T> {
        T apply(SessionStore store) throws IOException;
    }

    static McpTool sessions() {
        return McpTool.of("list_sessions", "List indexed sessions",
                "The indexed sessions in this workspace with their headline and each scenario's verdict, oldest first per plan "
                        + "(as `falsify sessions --json`).",
                """
                {"type": "object", "properties": {"plan": {"type": "string", "description": "Only sessions of this plan slug."}}}""",
                """
                {"type": "object", "required": ["sessions"], "properties": {"sessions": {"type": "array"}, "store": {"type": "string"}}}""",
                true, IndexTools::sessions);
    }

    private static ObjectNode sessions(Args args, ToolContext ctx) {
        Optional<String> plan = Optional.ofNullable(args.string("plan")).map(String::trim).filter(s -> !s.isEmpty());
        List<StoredSession> all = use(ctx, s -> s.sessions(plan));
        ObjectNode out = McpTool.JSON.createObjectNode();
        ArrayNode list = out.putArray("sessions");
        for (StoredSession s : all) {
            Path dir = Path.of(s.dir());
            if (!inside(ctx, dir)) continue;
            ObjectNode n = McpTool.JSON.valueToTree(s);
            n.put("dir", ctx.workspace().relative(dir));
            list.add(n);
        }
        return out;
    }

    static McpTool history() {
        return McpTool.of("scenario_history", "A scenario's verdicts across sessions",
                "One scenario's (or arm's) verdicts across the indexed sessions in this workspace, oldest first, with flips "
                        + "between passing and failing flagged (as `falsify history --json`).",
                """
                {"type": "object", "required": ["scenario"], "properties": {
                  "scenario": {"type": "string", "description": "Scenario or arm id: S1, S01, S5/api."},
                  "plan": {"type": "string", "description": "Only sessions of this plan slug."}}}""",
                """
                {"type": "object", "required": ["entries", "summary"], "properties": {"entries": {"type": "array"}, "summary": {"type": "string"}}}""",
                true, IndexTools::history);
    }

    private static ObjectNode history(Args args, ToolContext ctx) {
        String scenario = args.requiredString("scenario").trim();
        Optional<String> plan = Optional.ofNullable(args.string("plan")).map(String::trim).filter(s -> !s.isEmpty());
        List<HistoryEntry> entries = use(ctx, s -> s.history(scenario, plan)).stream()
                .filter(e -> inside(ctx, Path.of(e.dir()))).toList();
        ObjectNode out = McpTool.JSON.createObjectNode();
        ArrayNode list = out.putArray("entries");
        for (HistoryEntry e : entries) {
            ObjectNode n = McpTool.JSON.valueToTree(e);
            n.put("dir", ctx.workspace().relative(Path.of(e.dir())));
            list.add(n);
        }
        out.put("summary", entries.isEmpty() ? "no indexed session in the workspace records scenario " + Args.clip(scenario)
                : HistoryEntry.summary(scenario, entries));
        return out;
    }

    private static boolean inside(ToolContext ctx, Path dir) {
        try {
            return dir.isAbsolute() && dir.normalize().toRealPath().startsWith(ctx.root());
        } catch (IOException e) {
            // a folder gone since it was indexed: inside if its recorded path is
            return dir.isAbsolute() && dir.normalize().startsWith(ctx.root());
        }
    }

    private static <T> T use(ToolContext ctx, StoreWork<T> work) {
        Path db = ctx.settings().storeDb();
        try (SessionStore s = SessionStore.open(db, Clock.systemUTC(), m -> System.err.println("falsify mcp: " + m))) {
            return work.apply(s);
        } catch (IOException e) {
            throw new ToolError("the session index " + db + " cannot be read: " + e.getMessage());
        }
    }
}
