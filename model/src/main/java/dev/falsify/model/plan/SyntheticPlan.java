package dev.falsify.model.plan;

/**
 * Generates large, well-formed plans for benchmarks: claims, hypotheses with Could-falsify lists,
 * scenarios with complete §7.M blocks, a coverage table and the remaining sections, padded to a
 * target line count with §2 prose.
 */
public final class SyntheticPlan {
    private SyntheticPlan() {
    }

    private static final String[] CATEGORIES = {"safety", "durability", "liveness", "ordering", "idempotency",
            "performance-SLO", "isolation", "operational"};

    public static String generate(int claims, int hypotheses, int scenarios, int targetLines) {
        StringBuilder sb = new StringBuilder(targetLines * 60);
        sb.append("# Test Plan: synthetic-bench\n\n**Date:** 2026-01-01\n**Plan mode:** project-wide\n")
                .append("**SUT:** synthetic\n**Change under test:** N/A — project-wide\n**Plan author:** bench\n**Status:** draft\n\n");
        sb.append("## 0. Architectural summary\n\nA generated system with many moving parts.\n\n");
        sb.append("## 1. Scope\n\nEverything.\n\n");
        sb.append("## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n|---|---|---|---|---|\n");
        for (int c = 1; c <= claims; c++) {
            sb.append("| C").append(c).append(" | Claim number ").append(c).append(" holds under faults | ")
                    .append(CATEGORIES[c % CATEGORIES.length]).append(" | doc §").append(c).append(" | ")
                    .append(c % 3 == 0 ? "code-inferred" : "documented").append(" |\n");
        }
        sb.append("\n## 1c. Missing claims discovered\n\nNone — docs and code appear aligned.\n\n");
        int prosePosition = sb.length();
        sb.append("## 4. Failure-mode hypotheses\n\n");
        for (int h = 1; h <= hypotheses; h++) {
            if (h % 50 == 1) sb.append("### Subsystem ").append(h / 50 + 1).append("\n\n");
            sb.append("H").append(h).append(". **Hypothesis ").append(h).append("** — a partition during replication loses a write\n")
                    .append("   - Could falsify: C").append(1 + h % claims).append(", C").append(1 + (h * 7) % claims).append('\n')
                    .append("   - Suspected because: the retry path is untested\n")
                    .append("   - Subsystem: replication\n");
        }
        sb.append("\nUpgrade/rollback and configuration: N/A — generated plan.\n\n");
        sb.append("## 5. Coverage matrix\n\n| Claim | Hypothesis | Existing tests | Verdict | Gap kind | Recommended scenario |\n|---|---|---|---|---|---|\n");
        for (int h = 1; h <= hypotheses; h += 2) {
            sb.append("| C").append(1 + h % claims).append(" | H").append(h).append(" | none | not covered | no test | S")
                    .append(1 + h % scenarios).append(" |\n");
        }
        sb.append("\n## 6b. Environment requirements\n\n| Requirement | Version floor | Used by scenarios | Install hint |\n|---|---|---|---|\n")
                .append("| JDK | 17 | S1 | any JDK |\n\n");
        sb.append("## 7. Scenarios\n\n");
        for (int s = 1; s <= scenarios; s++) {
            int h1 = 1 + (s * 2) % hypotheses;
            int h2 = 1 + (s * 2 + 1) % hypotheses;
            sb.append("### Scenario S").append(s).append(": claim_").append(s).append("_survives_partition\n\n")
                    .append("- **Falsifies if it FAILs:** C").append(1 + h1 % claims).append(", C").append(1 + h2 % claims).append('\n')
                    .append("- **Closes:** H").append(h1).append(", H").append(h2).append('\n')
                    .append("- **Technique:** loopback proxy partition\n")
                    .append("- **Workload:** 4 clients, 30 s\n")
                    .append("- **Faults:** partition one link for 10 s\n")
                    .append("- **Oracle:** linearizability\n")
                    .append("- **Smoke budget:** 1 seed\n")
                    .append("- **Hardening budget:** 20 seeds\n")
                    .append("- **Release budget:** not provided — generated. Revisit when: never.\n\n")
                    .append("#### §7.M — Model / history / checker\n\n")
                    .append("- **Model under test:** register\n")
                    .append("- **Operation history:** all 11 fields, in-process recorder\n")
                    .append("- **Checker:** linearizability\n")
                    .append("- **Nemesis + landing evidence:** proxy partition; Landing evidence: dropped-bytes counter rises\n")
                    .append("- **Ambiguous outcomes:** timeouts recorded as unknown\n")
                    .append("- **Reduction plan:** shrink the seed; classify SUT / harness / checker / environment\n\n");
        }
        sb.append("## 7b. Coverage adequacy argument\n\n| Claim | Argument |\n|---|---|\n");
        for (int c = 1; c <= claims; c += 2) sb.append("| C").append(c).append(", C").append(c + 1).append(" | scenarios partition every link |\n");
        sb.append("\n## 7c. Residual uncertainty\n\n| Uncertainty | Claims |\n|---|---|\n| Clock skew | C1 |\n\n");
        sb.append("## 7d. Confidence statement\n\nModerate confidence for the tested windows only.\n\n");
        sb.append("## 8. What this plan does NOT cover\n\n- Multi-region.\n\n## 9. Open questions / followups\n\n- None.\n");
        int lines = countLines(sb);
        if (lines < targetLines) {
            StringBuilder prose = new StringBuilder("## 2. SUT model\n\n");
            int n = targetLines - lines - 3;
            for (int i = 0; i < n; i++) {
                prose.append(i % 6 == 5 ? "\n" : "The replication layer forwards writes to followers and waits for a majority.\n");
            }
            prose.append("\n");
            sb.insert(prosePosition, prose);
        }
        return sb.toString();
    }

    private static int countLines(CharSequence s) {
        int n = 1;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == '\n') n++;
        return n;
    }
}
