package dev.falsify.model.lint;

import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanTemplates;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.Section;
import dev.falsify.model.plan.Unrecognized;
import dev.falsify.model.text.Span;
import java.util.List;
import java.util.Optional;

/** P001 (required sections), P012 (§1c/§7c explicitly empty), P019 (text kept as is). */
final class StructureRules implements PlanLinter.RuleGroup {

    static final List<String> REQUIRED = List.of("0", "1", "1b", "4", "7", "7b", "7c", "7d");

    @Override
    public void check(LintContext ctx) {
        Plan plan = ctx.plan;
        for (String id : REQUIRED) {
            if (plan.section(id).isPresent()) continue;
            String title = PlanTemplates.SECTION_TITLES.get(id);
            Span at = insertionPoint(plan, id, ctx);
            if (ctx.divergent) {
                ctx.report(LintRule.P019, Severity.INFO, at, "required section §" + id + " (" + title
                        + ") was not found as a heading; the plan is read in its own layout");
            } else {
                ctx.report(LintRule.P001, at, "required section §" + id + " (" + title + ") is missing",
                        () -> ctx.editor.insertSection(id));
            }
        }

        Optional<Section> s1c = plan.section("1c");
        if (s1c.isEmpty()) {
            if (!ctx.divergent) {
                ctx.report(LintRule.P012, insertionPoint(plan, "1c", ctx),
                        "§1c (Missing claims) is absent; declare it explicitly empty if docs and code agree",
                        ctx.editor::markMissingClaimsEmpty);
            }
        } else if (plan.missingClaims().isEmpty() && !plan.missingClaimsExplicitlyEmpty()) {
            ctx.report(LintRule.P012, s1c.get().headingSpan(),
                    "§1c has no missing-claims rows and does not say it is empty", ctx.editor::markMissingClaimsEmpty);
        }
        plan.section("7c").ifPresent(s -> {
            if (plan.residual().isEmpty() && !plan.residualExplicitlyEmpty()) {
                ctx.report(LintRule.P012, s.headingSpan(),
                        "§7c has no residual-uncertainty rows and does not say it is empty", ctx.editor::markResidualEmpty);
            }
        });

        for (Unrecognized u : plan.unrecognized()) {
            Severity sev = u.kind() == Unrecognized.Kind.CATEGORY ? Severity.WARNING : Severity.INFO;
            ctx.report(LintRule.P019, sev, u.span(), u.message());
        }
        for (Scenario s : plan.scenarios()) {
            for (Field f : s.unknownFields()) {
                ctx.report(LintRule.P019, f.span(), s.id() + ": field '" + f.label() + "' is not a scenario field; kept as free text");
            }
            for (Field f : s.sevenM().unknownFields()) {
                ctx.report(LintRule.P019, f.span(), s.id() + ": field '" + f.label() + "' is not a §7.M field; kept as free text");
            }
            for (Field f : s.sevenMS().unknownFields()) {
                ctx.report(LintRule.P019, f.span(), s.id() + ": field '" + f.label() + "' is not a §7.M.S field; kept as free text");
            }
        }
    }

    /** The heading of the first later section, where the missing one would be inserted. */
    static Span insertionPoint(Plan plan, String id, LintContext ctx) {
        int order = PlanTemplates.SECTION_ORDER.indexOf(id);
        for (Section s : plan.sections()) {
            if (s.id() != null && PlanTemplates.SECTION_ORDER.indexOf(s.id()) > order) return s.headingSpan();
        }
        return ctx.documentStart();
    }
}
