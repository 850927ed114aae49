package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.Nemesis;
import dev.falsify.catalog.Pitfall;
import dev.falsify.catalog.walk.PitfallWalk;
import dev.falsify.catalog.walk.PitfallWalkRow;
import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.LintReport;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.lint.Severity;
import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanFile;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** {@code lint_plan} and {@code suggest}: what {@code falsify lint --json} and {@code falsify catalog} answer. */
final class PlanTools {
    /** Largest plan read or accepted as text (the linter is benchmarked on 10 MB plans). */
    static final int MAX_PLAN_BYTES = 16 << 20;

    private PlanTools() {
    }

    static final String PLAN_INPUT = """
            "path": {"type": "string", "description": "The plan file, relative to the workspace."},
            "text": {"type": "string", "description": "The plan's Markdown, when it is not saved yet (instead of path)."}""";

    static McpTool lint() {
        return McpTool.of("lint_plan", "Lint a test plan",
                "Parse and lint a Markdown test plan (rules P001–P019), as `falsify lint --json`: the plan's projection "
                        + "(claims, hypotheses, scenarios, coverage) and diagnostics with line, column and quick-fix. "
                        + "Give path or text. errors > 0 means the plan is not ready to run.",
                "{\"type\": \"object\", \"properties\": {" + PLAN_INPUT + "}}",
                """
                {"type": "object", "required": ["plan", "diagnostics", "errors", "warnings"],
                 "properties": {"file": {"type": "string"}, "plan": {"type": "object"}, "diagnostics": {"type": "array"},
                   "errors": {"type": "integer"}, "warnings": {"type": "integer"}}}""",
                true, PlanTools::lint);
    }

    private static ObjectNode lint(Args args, ToolContext ctx) {
        Loaded loaded = load(args, ctx);
        CoverageMatrix coverage = CoverageBuilder.build(loaded.plan());
        List<Diagnostic> diagnostics = PlanLinter.lint(loaded.plan(), coverage);
        ObjectNode out = LintReport.json(loaded.plan(), coverage, diagnostics);
        if (loaded.file() != null) out.put("file", ctx.workspace().relative(loaded.file()));
        out.put("errors", diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count());
        out.put("warnings", diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count());
        return out;
    }

    static McpTool suggest() {
        return McpTool.of("suggest", "Suggest checker, §7.M, nemeses and pitfalls for a scenario",
                "For one scenario of a plan: the checker picker's choice for its model and claim categories, a §7.M skeleton, "
                        + "the catalog's nemesis rows that match its faults (with the landing evidence each needs) and the "
                        + "pitfalls that threaten its claims, with the plan's pitfall-walk answer where it has one.",
                "{\"type\": \"object\", \"required\": [\"scenario\"], \"properties\": {" + PLAN_INPUT + ","
                        + "\"scenario\": {\"type\": \"string\", \"description\": \"Scenario id, e.g. S1.\"}}}",
                """
                {"type": "object", "required": ["scenario", "picker", "sevenM", "nemeses", "pitfalls"],
                 "properties": {"scenario": {"type": "string"}, "model": {"type": "string"}, "categories": {"type": "array"},
                   "picker": {"type": "object"}, "declaredChecker": {"type": "string"}, "sevenM": {"type": "string"},
                   "nemeses": {"type": "array"}, "pitfalls": {"type": "array"}}}""",
                true, PlanTools::suggest);
    }

    private static ObjectNode suggest(Args args, ToolContext ctx) {
        String id = args.requiredString("scenario").trim();
        Plan plan = load(args, ctx).plan();
        Scenario s = plan.scenario(id).orElseThrow(() -> new ToolError("suggest: the plan has no scenario " + Args.clip(id)
                + "; its scenarios: " + String.join(", ", plan.scenarios().stream().map(Scenario::id).toList())));
        Catalog catalog = Catalog.standard();
        Set<ClaimCategory> cats = new LinkedHashSet<>();
        for (Claim c : plan.claimsOf(s)) cats.addAll(c.categories());
        List<String> catLabels = cats.stream().map(ClaimCategory::label).toList();
        String model = s.sevenM().model();

        ObjectNode out = McpTool.JSON.createObjectNode();
        out.put("scenario", s.id());
        out.put("name", s.name());
        out.put("model", model);
        ArrayNode catsOut = out.putArray("categories");
        catLabels.forEach(catsOut::add);
        CheckerPicker.Pick pick = CheckerPicker.pick(model, new ArrayList<>(cats));
        ObjectNode picker = out.putObject("picker");
        ArrayNode checkers = picker.putArray("checkers");
        pick.checkers().forEach(checkers::add);
        picker.put("note", pick.note());
        out.put("declaredChecker", s.checker());
        out.put("sevenM", catalog.sevenMSkeleton(model.isBlank() ? "?" : model, catLabels));

        String faults = (s.value("faults") + " " + s.sevenM().nemesis()).toLowerCase(Locale.ROOT);
        ArrayNode nemeses = out.putArray("nemeses");
        for (Nemesis n : catalog.nemeses()) {
            if (!mentions(faults, n)) continue;
            ObjectNode row = nemeses.addObject();
            row.put("id", n.id());
            row.put("name", n.name());
            row.put("category", n.category());
            row.put("landing", n.landing());
            row.put("line", catalog.nemesisLandingLine(n));
        }
        List<PitfallWalkRow> walk = PitfallWalk.forPlan(catalog, plan).rows();
        ArrayNode pitfalls = out.putArray("pitfalls");
        for (Pitfall p : catalog.pitfallsThreatening(catLabels)) {
            ObjectNode row = pitfalls.addObject();
            row.put("id", p.id());
            row.put("name", p.name());
            row.put("summary", p.summary());
            walk.stream().filter(r -> r.pitfallId().equals(p.id())).findFirst().ifPresent(r -> {
                row.put("applies", r.applies().name().toLowerCase(Locale.ROOT));
                if (r.hypothesis() != null && !r.hypothesis().isBlank()) row.put("hypothesis", r.hypothesis());
            });
        }
        return out;
    }

    /** Whether the scenario's fault text names this nemesis (its name or one of its keywords, as a word). */
    private static boolean mentions(String faultText, Nemesis n) {
        List<String> words = new ArrayList<>(n.keywords());
        words.add(n.name());
        for (String w : words) {
            String k = w.toLowerCase(Locale.ROOT).strip();
            if (k.length() < 3) continue;
            int i = faultText.indexOf(k);
            while (i >= 0) {
                boolean startOk = i == 0 || !Character.isLetterOrDigit(faultText.charAt(i - 1));
                int end = i + k.length();
                boolean endOk = end >= faultText.length() || !Character.isLetterOrDigit(faultText.charAt(end));
                if (startOk && endOk) return true;
                i = faultText.indexOf(k, i + 1);
            }
        }
        return false;
    }

    /** A plan read from the workspace or given as text. */
    record Loaded(Path file, Plan plan) {
    }

    static Loaded load(Args args, ToolContext ctx) {
        String path = args.string("path");
        String text = args.string("text", MAX_PLAN_BYTES);
        if ((path == null) == (text == null)) throw new ToolError("give the plan as path or as text (one of them)");
        if (text != null) {
            Plan plan = PlanParser.parse(text);
            if (!PlanFile.looksLikePlan(plan)) {
                throw new ToolError("text:1:1: not a test plan (no plan sections, claims, hypotheses or scenarios found)");
            }
            return new Loaded(null, plan);
        }
        Path file = ctx.workspace().existingFile(path, "plan");
        requireSize(file, MAX_PLAN_BYTES, "plan");
        try {
            return new Loaded(file, PlanFile.read(file));
        } catch (PlanFile.UnreadablePlanException e) {
            String m = e.getMessage();
            throw new ToolError(m.startsWith(file.toString()) ? ctx.workspace().relative(file) + m.substring(file.toString().length()) : m);
        }
    }

    static void requireSize(Path file, long max, String what) {
        try {
            long size = Files.size(file);
            if (size > max) throw new ToolError(what + ": " + file.getFileName() + " is " + size + " bytes; at most " + max + " are read");
        } catch (IOException e) {
            throw new ToolError(what + ": " + file.getFileName() + ": cannot read: " + e.getMessage());
        }
    }
}
