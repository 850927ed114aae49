package dev.falsify.model.lint;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.model.coverage.CoverageCell;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import java.util.List;

/**
 * The outputs of {@code falsify lint}: compiler-style text lines and the JSON projection of
 * plan-format.md ("Projection"). Field order is fixed, so the JSON is byte-stable for golden tests.
 */
public final class LintReport {
    /** Built on first JSON output only: the text output of a lint has no use for Jackson's start-up (tens of ms in C1). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    private LintReport() {
    }

    /** {@code file:line:col: severity [rule] message}. */
    public static String textLine(String file, Diagnostic d) {
        return file + ":" + d.line() + ":" + d.column() + ": " + d.severity().label() + " [" + d.rule() + "] " + d.message();
    }

    public static ObjectNode json(Plan plan, CoverageMatrix coverage, List<Diagnostic> diagnostics) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        ObjectNode p = root.putObject("plan");
        p.put("slug", plan.header().slug());
        p.put("mode", plan.header().mode().isEmpty() ? null : plan.header().mode());
        p.put("status", plan.header().status().isEmpty() ? null : plan.header().status());

        ArrayNode claims = p.putArray("claims");
        for (Claim c : plan.claims()) {
            ObjectNode n = claims.addObject();
            n.put("id", c.id());
            ArrayNode cats = n.putArray("categories");
            for (ClaimCategory cat : c.categories()) cats.add(cat.label());
            if (c.inferred() == null) n.putNull("inferred"); else n.put("inferred", c.inferred());
            if (c.struck()) n.put("withdrawn", true);
            n.put("line", c.span().startLine());
        }
        ArrayNode missing = p.putArray("missingClaims");
        for (MissingClaim m : plan.missingClaims()) {
            ObjectNode n = missing.addObject();
            n.put("id", m.id());
            n.put("line", m.span().startLine());
        }
        ArrayNode hyps = p.putArray("hypotheses");
        for (Hypothesis h : plan.hypotheses()) {
            ObjectNode n = hyps.addObject();
            n.put("id", h.id());
            strings(n.putArray("falsifies"), h.falsifies());
            n.put("line", h.headingSpan().startLine());
        }
        ArrayNode scenarios = p.putArray("scenarios");
        for (Scenario s : plan.scenarios()) {
            ObjectNode n = scenarios.addObject();
            n.put("id", s.id());
            n.put("name", s.name());
            strings(n.putArray("falsifies"), s.falsifies());
            strings(n.putArray("closes"), s.closes());
            n.put("serious", plan.isSerious(s));
            strings(n.putArray("arms"), s.arms());
            ObjectNode m = n.putObject("sevenM");
            m.put("present", s.sevenM().present());
            if (s.sevenM().notApplicable()) m.put("notApplicable", true);
            strings(m.putArray("missing"), s.sevenM().missing());
            n.put("runnable", s.run().map(r -> r.isValid()).orElse(false));
            n.put("line", s.headingSpan().startLine());
        }
        ArrayNode cov = p.putArray("coverage");
        for (CoverageCell c : coverage.interestingCells()) {
            ObjectNode n = cov.addObject();
            n.put("claim", c.claim());
            n.put("hypothesis", c.hypothesis());
            n.put("verdict", c.verdict());
            String scenario = !c.scenarios().isEmpty() ? c.scenarios().get(0)
                    : !c.recommended().isEmpty() ? c.recommended().get(0) : null;
            n.put("scenario", scenario);
        }

        ArrayNode diags = root.putArray("diagnostics");
        for (Diagnostic d : diagnostics) {
            ObjectNode n = diags.addObject();
            n.put("rule", d.rule());
            n.put("severity", d.severity().label());
            n.put("line", d.line());
            n.put("column", d.column());
            n.put("message", d.message());
            if (d.fix() != null) n.put("fix", d.fix().description());
        }
        return root;
    }

    public static String jsonText(Plan plan, CoverageMatrix coverage, List<Diagnostic> diagnostics) {
        try {
            return Json.MAPPER.writeValueAsString(json(plan, coverage, diagnostics));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot happen for a tree of plain values", e);
        }
    }

    private static void strings(ArrayNode a, List<String> values) {
        for (String v : values) a.add(v);
    }
}
