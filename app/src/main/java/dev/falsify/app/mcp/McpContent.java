package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogJson;
import dev.falsify.model.plan.NewPlan;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictPath;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The server's resources (catalog, plan template, verdict taxonomy, the agent skill) and prompts (the
 * two workflows of the skill), each read from where the rest of Falsify reads it.
 */
final class McpContent {
    static final String INSTRUCTIONS = "Falsify checks claims about distributed and stateful systems. Lint a plan with "
            + "lint_plan while writing it, ask suggest for a scenario's checker and nemeses, check recorded histories with "
            + "check_history, run a plan a person trusted with run_plan, and let report_session compute verdicts: never type "
            + "a verdict yourself. Paths are relative to the workspace. You cannot trust a plan; hand the person the "
            + "`falsify run … --trust` line run_plan returns.";

    /** Where the skill is in the jar (copied from agents/ at the repository's root by the build). */
    static final String SKILL_RESOURCE = "/agents/falsify/SKILL.md";

    private McpContent() {
    }

    static List<McpServerFeatures.SyncResourceSpecification> resources(McpJsonMapper mapper) {
        return List.of(
                resource("falsify://catalog", "catalog", "Technique catalog, pitfalls, nemeses (with landing evidence), "
                        + "oracle patterns, the checker picker and finding labels, as `falsify catalog --json`.", "application/json",
                        () -> {
                            CatalogJson json = new CatalogJson(Catalog.standard());
                            return CatalogJson.write(json.results(List.of(), Set.of(), json.listing(Set.of())));
                        }),
                resource("falsify://plan-template", "plan-template", "A project-wide plan skeleton with every section "
                        + "(§0–§9, §7.M), as `falsify new-plan` writes it.", "text/markdown",
                        () -> NewPlan.skeleton("my-system", NewPlan.Mode.PROJECT_WIDE, null, "", LocalDate.now())),
                resource("falsify://verdicts", "verdicts", "The ten verdicts, the decision tree's branch that gives each, "
                        + "and the session headlines.", "application/json", McpContent::taxonomy),
                resource("falsify://skill", "skill", "The agent skill: when and how to use Falsify's tools.", "text/markdown",
                        McpContent::skill));
    }

    private static McpServerFeatures.SyncResourceSpecification resource(String uri, String name, String description,
                                                                        String mime, Supplier<String> text) {
        McpSchema.Resource r = McpSchema.Resource.builder().uri(uri).name(name).description(description).mimeType(mime).build();
        return new McpServerFeatures.SyncResourceSpecification(r, (exchange, request) ->
                new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, mime, text.get()))));
    }

    static String taxonomy() {
        ObjectNode root = McpTool.JSON.createObjectNode();
        ArrayNode verdicts = root.putArray("verdicts");
        for (Verdict v : Verdict.values()) {
            ObjectNode n = verdicts.addObject();
            n.put("label", v.label());
            n.put("family", v.isPass() ? "pass" : v.isFail() ? "fail" : v.isInconclusive() ? "inconclusive"
                    : v.isPartial() ? "partial" : "not-run");
            n.put("decidedBy", VerdictPath.questionOf(v));
        }
        ArrayNode tree = root.putArray("decisionTree");
        VerdictPath.questions().forEach(tree::add);
        ArrayNode headlines = root.putArray("headlines");
        for (SessionHeadline h : SessionHeadline.values()) headlines.add(h.name());
        return root.toPrettyString();
    }

    static String skill() {
        try (InputStream in = McpContent.class.getResourceAsStream(SKILL_RESOURCE)) {
            if (in == null) throw new IllegalStateException("the skill is missing from the jar: " + SKILL_RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<McpServerFeatures.SyncPromptSpecification> prompts() {
        return List.of(
                prompt("design_plan", "Design a test plan for this repository, the skill's designing workflow, with Falsify's tools.",
                        List.of(new McpSchema.PromptArgument("focus", "What to test: the claim, subsystem or change (optional).", false)),
                        args -> "Design a Falsify test plan for this repository" + focus(args) + ".\n\n"
                                + "1. Read the repository's docs and code for the claims it makes (consistency, durability, ordering, "
                                + "liveness); write them into §1b with category and source. Start from the resource falsify://plan-template.\n"
                                + "2. For each claim write failure hypotheses (§4); read falsify://catalog for pitfalls and techniques.\n"
                                + "3. For each scenario (§7) call `suggest` with the plan and scenario id: use its checker, §7.M "
                                + "skeleton and nemesis line with landing evidence.\n"
                                + "4. Call `lint_plan` after every edit and fix every error (quick-fixes are in the diagnostics) "
                                + "until errors is 0.\n"
                                + "5. Give each runnable scenario a run block whose workload records the 11-field JSONL history.\n"
                                + "6. Do not run anything yet: tell the person the plan is ready and which commands it would run."),
                prompt("execute_plan", "Execute a test plan into a session with computed verdicts, the skill's executing workflow.",
                        List.of(new McpSchema.PromptArgument("plan", "The plan file, relative to the workspace.", true)),
                        args -> "Execute the Falsify test plan " + arg(args, "plan") + ".\n\n"
                                + "1. Call `lint_plan` on it; stop and report if errors > 0.\n"
                                + "2. Call `run_plan`. If it answers that the plan is not trusted, show the person the commands and the "
                                + "`falsify run … --trust` line it returned, and wait: you cannot trust a plan.\n"
                                + "3. When the run finishes, call `report_session` on the session folder it returned: the verdicts are "
                                + "computed from evidence; never type or change one.\n"
                                + "4. For every verdict that is not PASS, call `explain_verdict` and report what evidence would change it.\n"
                                + "5. For a violation, `check_history` on the history under artifacts/ gives the counterexample and its "
                                + "picture.\n"
                                + "6. Summarise the headline, each scenario's verdict and the report's path."));
    }

    private static String focus(Map<String, Object> args) {
        String f = arg(args, "focus");
        return f.isBlank() ? "" : ", focused on: " + f;
    }

    private static String arg(Map<String, Object> args, String name) {
        Object v = args == null ? null : args.get(name);
        String s = v == null ? "" : String.valueOf(v);
        return s.length() > 500 ? s.substring(0, 500) : s;
    }

    private static McpServerFeatures.SyncPromptSpecification prompt(String name, String description,
                                                                    List<McpSchema.PromptArgument> arguments,
                                                                    java.util.function.Function<Map<String, Object>, String> text) {
        McpSchema.Prompt p = new McpSchema.Prompt(name, description, arguments);
        return new McpServerFeatures.SyncPromptSpecification(p, (exchange, request) -> new McpSchema.GetPromptResult(description,
                List.of(new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text.apply(request.arguments()))))));
    }
}
