package dev.falsify.model.plan;

import java.util.List;
import java.util.Map;

/**
 * Canonical headings, labels and section bodies used when Falsify writes plan text (new plans,
 * inserted sections, skeletons). Readers never depend on these spellings: the parser accepts the
 * variants of plan-format.md.
 */
public final class PlanTemplates {
    private PlanTemplates() {
    }

    /** Section ids in document order. */
    public static final List<String> SECTION_ORDER =
            List.of("0", "1", "1b", "1c", "2", "3", "4", "5", "6", "6b", "7", "7b", "7c", "7d", "8", "9");

    public static final Map<String, String> SECTION_TITLES = Map.ofEntries(
            Map.entry("0", "Architectural summary"),
            Map.entry("1", "Scope"),
            Map.entry("1b", "Claims under test"),
            Map.entry("1c", "Missing claims discovered"),
            Map.entry("2", "SUT model"),
            Map.entry("3", "Existing test inventory"),
            Map.entry("4", "Failure-mode hypotheses"),
            Map.entry("5", "Coverage matrix"),
            Map.entry("6", "Technique selection"),
            Map.entry("6b", "Environment requirements"),
            Map.entry("7", "Scenarios"),
            Map.entry("7b", "Coverage adequacy argument"),
            Map.entry("7c", "Residual uncertainty"),
            Map.entry("7d", "Confidence statement"),
            Map.entry("8", "What this plan does NOT cover"),
            Map.entry("9", "Open questions / followups"));

    public static final String CLAIMS_TABLE = "| ID | Claim | Category | Source | Inferred? |\n|---|---|---|---|---|\n";
    public static final String MISSING_TABLE =
            "| ID | Behavior the code relies on | Source / evidence | Suggested action |\n|---|---|---|---|\n";
    public static final String INVENTORY_TABLE = "| Test | Kind | What it checks | Fault injection |\n|---|---|---|---|\n";
    public static final String COVERAGE_TABLE =
            "| Claim | Hypothesis | Existing tests | Verdict | Gap kind | Recommended scenario |\n|---|---|---|---|---|---|\n";
    public static final String REQUIREMENTS_TABLE =
            "| Requirement | Version floor | Used by scenarios | Install hint |\n|---|---|---|---|\n";
    public static final String ADEQUACY_TABLE = "| Claim | Argument |\n|---|---|\n";
    public static final String RESIDUAL_TABLE = "| Uncertainty | Claims | Why it remains |\n|---|---|---|\n";

    public static final String MISSING_CLAIMS_EMPTY = "None — docs and code appear aligned for the claims in §1b.";
    public static final String RESIDUAL_EMPTY = "None identified — every claim in §1b is exercised by a scenario in §7.";

    /** Scenario field labels, by canonical name. */
    public static final Map<String, String> SCENARIO_LABELS = Map.ofEntries(
            Map.entry("falsifies", "Falsifies if it FAILs"),
            Map.entry("closes", "Closes"),
            Map.entry("technique", "Technique"),
            Map.entry("workload", "Workload"),
            Map.entry("faults", "Faults"),
            Map.entry("oracle", "Oracle"),
            Map.entry("observability", "Observability required"),
            Map.entry("exit", "Exit criteria"),
            Map.entry("smokeBudget", "Smoke budget"),
            Map.entry("hardeningBudget", "Hardening budget"),
            Map.entry("releaseBudget", "Release budget"),
            Map.entry("target", "Target test file"),
            Map.entry("skeletonLanguage", "Skeleton language"),
            Map.entry("skeleton", "Skeleton"));

    /** §7.M field labels, by canonical name. */
    public static final Map<String, String> SEVEN_M_LABELS = Map.of(
            "model", "Model under test",
            "history", "Operation history",
            "checker", "Checker",
            "nemesis", "Nemesis + landing evidence",
            "ambiguous", "Ambiguous outcomes",
            "reduction", "Reduction plan");

    public static final List<String> SEVEN_M_ORDER = List.of("model", "history", "checker", "nemesis", "ambiguous", "reduction");

    public static final String SEVEN_M_HEADING = "#### §7.M — Model / history / checker";

    public static String heading(String sectionId) {
        return "## " + sectionId + ". " + SECTION_TITLES.getOrDefault(sectionId, "Section");
    }

    /** A section's starter body (without heading), as a new plan or a P001 quick fix writes it. */
    public static String body(String sectionId) {
        return switch (sectionId) {
            case "0" -> "<!-- components, data flow, where state lives; a diagram helps -->\n";
            case "1" -> "<!-- what is in scope and why -->\n";
            case "1b" -> CLAIMS_TABLE;
            case "1c" -> MISSING_TABLE;
            case "2" -> "<!-- one paragraph per topic: replication, storage, client protocol, … -->\n";
            case "3" -> INVENTORY_TABLE;
            case "4" -> "<!-- numbered hypotheses: id, bold title, what could go wrong; then Could falsify, Suspected because, Subsystem -->\n";
            case "5" -> COVERAGE_TABLE;
            case "6" -> "<!-- the techniques chosen and why -->\n";
            case "6b" -> REQUIREMENTS_TABLE;
            case "7" -> "<!-- one level-3 scenario block per claim-shaped scenario, each serious one with a §7.M block -->\n";
            case "7b" -> ADEQUACY_TABLE;
            case "7c" -> RESIDUAL_TABLE;
            case "7d" -> "<!-- conservative: what passing runs would and would not show -->\n";
            case "8" -> "- <!-- out of scope -->\n";
            case "9" -> "- <!-- open question -->\n";
            default -> "";
        };
    }

    /** Escapes a value for a table cell: pipes escaped, line breaks flattened. */
    public static String cell(String value) {
        return value == null ? "" : value.replace("\r", " ").replace("\n", " ").replace("|", "\\|").strip();
    }
}
