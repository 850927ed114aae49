package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.vocabulary.PlanId;
import org.junit.jupiter.api.Test;

/** Id lists as plans write them (plan-format.md, "Variants seen in plans written by agents"). */
class IdsTest {

    @Test
    void boldListsRangesAndTrailingPeriods() {
        assertThat(Ids.targets("**C1, C4, C5**", "CM")).containsExactly("C1", "C4", "C5");
        assertThat(Ids.targets("C1–C5.", "CM")).containsExactly("C1", "C2", "C3", "C4", "C5");
        assertThat(Ids.targets("C2-C4", "CM")).containsExactly("C2", "C3", "C4");
        assertThat(Ids.targets("C1; C3", "CM")).containsExactly("C1", "C3");
    }

    @Test
    void qualifiersKeepTheirTargetButProseParenthesesDoNot() {
        assertThat(Ids.targets("H3 (subset)", "H")).containsExactly("H3");
        assertThat(Ids.targets("partial H35", "H")).containsExactly("H35");
        assertThat(Ids.targets("C4 (negative claim demonstrated)", "CM")).containsExactly("C4");
        assertThat(Ids.targets("C5 — nothing strict (C38 admits this)", "CM")).containsExactly("C5");
        assertThat(Ids.targets("(C1, C2)", "CM")).containsExactly("C1", "C2");
    }

    @Test
    void trailingSentencesAreNotTargets() {
        assertThat(Ids.targets("C2, C4. Surfaces M1, M9.", "CM")).containsExactly("C2", "C4");
        assertThat(Ids.targets("the relay should generally be robust", "CM")).isEmpty();
    }

    @Test
    void keysCompareZeroPaddedAndArmIds() {
        assertThat(PlanId.key("S01")).isEqualTo("S1");
        assertThat(PlanId.key(" s5/API ")).isEqualTo("S5/api");
        assertThat(PlanId.same("S01", "S1")).isTrue();
        assertThat(PlanId.same("S1", "S10")).isFalse();
        assertThat(Ids.all("S5/api and S5/export", "S")).containsExactly("S5/api", "S5/export");
    }

    @Test
    void zeroPaddedRangesKeepTheirWidth() {
        assertThat(Ids.all("S01–S03", "S")).containsExactly("S01", "S02", "S03");
    }
}
