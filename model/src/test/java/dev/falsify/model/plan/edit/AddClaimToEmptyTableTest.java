package dev.falsify.model.plan.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.NewPlan;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** "+ Add claim" on a new plan: the skeleton's §1b table has a header and no rows yet. */
class AddClaimToEmptyTableTest {
    private static String apply(String text, PlanPatch patch) {
        StringBuilder sb = new StringBuilder(text);
        var edits = new java.util.ArrayList<>(patch.edits());
        edits.sort((a, b) -> Integer.compare(b.startOffset(), a.startOffset()));
        for (TextEdit e : edits) {
            sb.replace(e.startOffset(), e.endOffset(), e.replacement());
        }
        return sb.toString();
    }

    @Test
    void theFirstClaimBecomesARowOfTheExistingTableNotASecondTable() {
        String text = NewPlan.skeleton("kv", NewPlan.Mode.PROJECT_WIDE, null, "a", LocalDate.of(2026, 1, 1));
        Plan plan = PlanParser.parse(text);
        assertThat(plan.claims()).isEmpty();
        int headersBefore = count(text, "| ID | Claim |");
        assertThat(headersBefore).as("the skeleton has its claims table header").isEqualTo(1);

        String once = apply(text, new PlanPatcher(plan).addClaim(null, "", "", "", ""));
        assertThat(count(once, "| ID | Claim |")).isEqualTo(1);
        Plan p1 = PlanParser.parse(once);
        assertThat(p1.claims()).extracting(c -> c.id()).containsExactly("C1");

        String twice = apply(once, new PlanPatcher(p1).addClaim(null, "reads see writes", "safety", "", ""));
        assertThat(count(twice, "| ID | Claim |")).isEqualTo(1);
        assertThat(PlanParser.parse(twice).claims()).extracting(c -> c.id()).containsExactly("C1", "C2");
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
