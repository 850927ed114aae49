package dev.falsify.catalog.walk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.TextEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

class PitfallWalkTest {
    private final Catalog catalog = Catalog.standard();

    private static final String PLAN = """
            # Test Plan: kv

            ## 1b. Claims under test

            | ID | Claim | Category |
            |---|---|---|
            | C1 | reads see the latest write | safety |

            ## 4. Failure-mode hypotheses

            H1. **Leader loses writes** — something
               - Could falsify: C1
               - Suspected because: reasons
               - Subsystem: raft

            H2. **Concurrent increments** — lost update
               - Could falsify: C1
               - Suspected because: read then write
               - Subsystem: handler
               - Pitfall row: PF01 — Lost update

            H3. **Follower reads** — stale
               - Could falsify: C1
               - Suspected because: follower reads
               - Subsystem: read path
               - Pitfall row: Stale read (catalog)

            ```text
            ## 5. not a heading, inside a fence
            - Pitfall row: PF13
            ```

            ## 5. Coverage matrix

            nothing yet
            """;

    private PitfallWalkRow row(PitfallWalk walk, String id) {
        return walk.rows().stream().filter(r -> id.equals(r.pitfallId())).findFirst().orElseThrow();
    }

    @Test
    void hypothesesThatNameAPitfallMarkItAsApplyingAndProducingThem() {
        PitfallWalk walk = PitfallWalk.forPlan(catalog, PLAN);
        assertThat(walk.rows()).hasSize(catalog.pitfalls().size());
        assertThat(row(walk, "PF01")).isEqualTo(new PitfallWalkRow("PF01", "Lost update", Applies.YES, "H2", ""));
        assertThat(row(walk, "PF02").applies()).isEqualTo(Applies.YES);
        assertThat(row(walk, "PF02").hypothesis()).isEqualTo("H3");
        assertThat(row(walk, "PF13").applies()).as("the fenced Pitfall row does not count").isEqualTo(Applies.UNANSWERED);
        assertThat(row(walk, "PF03")).isEqualTo(new PitfallWalkRow("PF03", "Replica divergence", Applies.UNANSWERED, "", ""));
    }

    @Test
    void theTableIsInsertedAtTheEndOfSectionFour() {
        PitfallWalk walk = PitfallWalk.forPlan(catalog, PLAN);
        PlanPatch patch = walk.editFor(PLAN);
        TextEdit edit = patch.edits().get(0);
        assertThat(edit.startOffset()).isLessThan(edit.endOffset()); // it swallows §4's trailing blank line and rewrites it
        String after = patch.apply(PLAN);
        assertThat(after).contains("""
                ```

                **Pitfall walk** — each catalog pitfall, whether it applies to this system, and the hypothesis it produced:

                | Pitfall | Applies? | Hypothesis | Notes |
                |---|---|---|---|
                | PF01 Lost update | y | H2 |  |
                | PF02 Stale read | y | H3 |  |
                | PF03 Replica divergence |  |  |  |
                """);
        assertThat(after).contains("|  |  |\n\n## 5. Coverage matrix\n");
        assertThat(after.substring(0, edit.startOffset())).isEqualTo(PLAN.substring(0, edit.startOffset()));
        assertThat(after).endsWith("## 5. Coverage matrix\n\nnothing yet\n");
    }

    @Test
    void rewritingTheWalkIsStableAndReplacesTheTableInPlace() {
        String once = PitfallWalk.forPlan(catalog, PLAN).editFor(PLAN).apply(PLAN);
        PitfallWalk again = PitfallWalk.forPlan(catalog, once);
        PlanPatch patch = again.editFor(once);
        TextEdit edit = patch.edits().get(0);
        assertThat(patch.apply(once)).isEqualTo(once);
        assertThat(once.substring(edit.startOffset(), edit.endOffset())).startsWith("**Pitfall walk**").endsWith("|  |  |\n");
    }

    @Test
    void theAuthorsAnswersNotesAndOwnRowsSurvive() {
        String plan = PLAN.replace("## 5. Coverage matrix", """
                Pitfall walk:

                | Pitfall | Applies? | Hypothesis | Notes |
                |---|---|---|---|
                | PF03 Replica divergence | no | — | single replica \\| no replication |
                | Clock-skew safety violation | maybe | | leases use wall time? |
                | Our custom cache stampede | yes | H9 | |

                ## 5. Coverage matrix""");
        PitfallWalk walk = PitfallWalk.forPlan(catalog, plan);
        assertThat(row(walk, "PF03")).isEqualTo(new PitfallWalkRow("PF03", "Replica divergence", Applies.NO, "",
                "single replica | no replication"));
        assertThat(row(walk, "PF11").applies()).isEqualTo(Applies.MAYBE);
        assertThat(row(walk, "PF11").notes()).isEqualTo("leases use wall time?");
        assertThat(walk.rows().get(walk.rows().size() - 1))
                .isEqualTo(new PitfallWalkRow(null, "Our custom cache stampede", Applies.YES, "H9", ""));
        String md = walk.toMarkdown();
        assertThat(md).contains("| PF03 Replica divergence | n | — | single replica \\| no replication |\n")
                .endsWith("| Our custom cache stampede | y | H9 |  |\n");
        PlanPatch patch = walk.editFor(plan);
        TextEdit edit = patch.edits().get(0);
        assertThat(plan.substring(edit.startOffset(), edit.endOffset())).startsWith("Pitfall walk:\n\n| Pitfall |")
                .endsWith("| Our custom cache stampede | yes | H9 | |\n");
        String after = patch.apply(plan);
        assertThat(after).doesNotContain("Pitfall walk:\n").contains("## 5. Coverage matrix");
        assertThat(PitfallWalk.forPlan(catalog, after).rows()).isEqualTo(walk.rows());
    }

    @Test
    void otherHypothesisStylesAreRecognised() {
        String plan = """
                ## Section 4 — Failure-mode hypotheses

                ### H1: Lease double holder
                - Pitfall row: PF13

                - **H2** — retry duplicates
                  - Pitfall row: pf14, PF04
                """;
        PitfallWalk walk = PitfallWalk.forPlan(catalog, plan);
        assertThat(row(walk, "PF13").hypothesis()).isEqualTo("H1");
        assertThat(row(walk, "PF14").hypothesis()).isEqualTo("H2");
        assertThat(row(walk, "PF04").hypothesis()).isEqualTo("H2");
        String after = walk.editFor(plan).apply(plan);
        assertThat(after).startsWith(plan.stripTrailing() + "\n\n**Pitfall walk**").endsWith("|\n");
    }

    @Test
    void aPlanWithoutSectionFourGetsOne() {
        String plan = "# Test Plan: x\n\n## 1. Scope\n\ntext";
        PlanPatch patch = PitfallWalk.forPlan(catalog, plan).editFor(plan);
        TextEdit edit = patch.edits().get(0);
        assertThat(edit.startOffset()).isEqualTo(edit.endOffset());
        assertThat(patch.apply(plan)).startsWith(plan + "\n\n## 4. Failure-mode hypotheses\n\n**Pitfall walk**");
    }

    @Test
    void sectionFourIsFoundByKeywordWhenUnnumbered() {
        String plan = "## Failure-mode hypotheses\n\nH1. **x** — y\n   - Pitfall row: PF05\n\n## Coverage matrix\n";
        PitfallWalk walk = PitfallWalk.forPlan(catalog, plan);
        assertThat(row(walk, "PF05").applies()).isEqualTo(Applies.YES);
        assertThat(walk.editFor(plan).apply(plan)).contains("| PF05 Reconfiguration race | y | H1 |  |\n")
                .contains(" |  |  |  |\n\n## Coverage matrix\n");
    }

    @Test
    void appliesCellsAreReadLeniently() {
        assertThat(List.of("y", "Yes", "✓", "**yes**", "yes — partly")).allMatch(s -> Applies.fromCell(s) == Applies.YES);
        assertThat(List.of("n", "No", "n/a", "✗")).allMatch(s -> Applies.fromCell(s) == Applies.NO);
        assertThat(List.of("maybe", "?", "partly")).allMatch(s -> Applies.fromCell(s) == Applies.MAYBE);
        assertThat(List.of("", "  ", "later")).allMatch(s -> Applies.fromCell(s) == Applies.UNANSWERED);
    }
}
