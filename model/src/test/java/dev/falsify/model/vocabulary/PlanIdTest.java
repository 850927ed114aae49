package dev.falsify.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The one normalisation of plan ids. Four used to exist: Ids.key (lint, coverage, the matrix), ArmId.key
 * (sessions, reports, comparison), IdMatch (the report) and a regex in PlanRunner.usedBy (§6b requirements).
 * They disagreed on {@code **S1**} (only ArmId.key dropped the emphasis) and {@code S1 / api} (only ArmId.key
 * dropped the spaces around the slash); the behaviour kept is ArmId.key's, pinned here.
 */
class PlanIdTest {

    @Test
    void emphasisAndSpacesAroundTheSlashAreNotPartOfTheId() {
        assertThat(PlanId.key("**S1**")).isEqualTo("S1");
        assertThat(PlanId.key("`S01`")).isEqualTo("S1");
        assertThat(PlanId.key("S1 / api")).isEqualTo("S1/api");
        assertThat(PlanId.key(" **S01** / API ")).isEqualTo("S1/api");
        assertThat(PlanId.same("**S1**", "S1")).isTrue();
        assertThat(PlanId.same("S1 / api", "s01/API")).isTrue();
        assertThat(PlanId.parse("S1 / api")).isEqualTo(new PlanId("S1", "api"));
        assertThat(PlanId.parse("S1 / api").base()).isEqualTo(PlanId.parse("**S1**"));
    }

    @Test
    void zerosCaseAndArms() {
        assertThat(PlanId.key("S01")).isEqualTo("S1");
        assertThat(PlanId.key("s1")).isEqualTo("S1");
        assertThat(PlanId.key("S007/Export")).isEqualTo("S7/export");
        assertThat(PlanId.key("C01")).isEqualTo("C1");
        assertThat(PlanId.key("H3")).isEqualTo("H3");
        assertThat(PlanId.key("S0")).isEqualTo("S0");
        assertThat(PlanId.key("S00")).isEqualTo("S00");
        assertThat(PlanId.key("SC01")).isEqualTo("SC1");
        assertThat(PlanId.same("S1", "S10")).isFalse();
        assertThat(PlanId.same("S1/api", "S1")).isFalse();
        assertThat(PlanId.same(null, "S1")).isFalse();
        assertThat(PlanId.key(null)).isEmpty();
    }

    @Test
    void textThatIsNotAnIdStillComparesByCase() {
        assertThat(PlanId.key("H3 (subset)")).isEqualTo("H3 (SUBSET)");
        assertThat(PlanId.same("tenant isolation", "Tenant Isolation")).isTrue();
        assertThat(PlanId.key("/api")).isEqualTo("/api");
    }

    /** Normalised ids come back as they are: the matrix and the session reader key every row by them. */
    @Test
    void aNormalisedIdIsReturnedItself() {
        String id = "S12/api";
        assertThat(PlanId.key(id)).isSameAs(id);
        for (String t : new String[] {"S1", "C3", "S12/read_only", "S1/api-v2", "", "X", "ÄB1", "S0", "S00", "S 1"}) {
            assertThat(PlanId.key(PlanId.key(t))).as(t).isEqualTo(PlanId.key(t));
        }
    }

    @Test
    void spellingsAsWritten() {
        assertThat(PlanId.of("S5", "api")).isEqualTo("S5/api");
        assertThat(PlanId.of("S5", " ")).isEqualTo("S5");
        assertThat(PlanId.scenarioOf(" S5 / api")).isEqualTo("S5");
        assertThat(PlanId.armOf("S5 / api")).isEqualTo("api");
        assertThat(PlanId.armOf("S5")).isEmpty();
        assertThat(PlanId.fileStem("S5/api v2")).isEqualTo("S5-api-v2");
    }
}
