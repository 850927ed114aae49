package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.runner.probe.Capability;
import dev.falsify.runner.probe.Requirement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which scenarios a §6b requirement applies to. The runner used its own regex (lower case, zeros dropped after
 * an "s") where lint and the report used the plan-id key; it now compares ids as everything else does
 * ({@code PlanIdTest}): {@code **S1**} and {@code S1 / api} name what they look like.
 */
class RequirementScopeTest {
    private static final Plan PLAN = PlanParser.parse("# Test Plan: scope\n\n## 7. Scenarios\n\n"
            + "### S01: plain\n\nx\n\n### S5/api: an arm\n\nx\n\n### S5/export: another arm\n\nx\n");

    private static boolean uses(String usedBy, String scenario) {
        Capability c = new Capability(new Requirement("tool", "", List.of(usedBy), ""), "tool", true, "1", "/bin/tool", "");
        return PlanRunner.usedBy(c, PLAN.scenario(scenario).orElseThrow());
    }

    @Test
    void idsCompareAsThePlanIdKey() {
        assertThat(uses("S1", "S01")).isTrue();
        assertThat(uses("s001", "S01")).isTrue();
        assertThat(uses("**S1**", "S01")).isTrue();
        assertThat(uses("S5 / api", "S5/api")).isTrue();
        assertThat(uses("S5 / api", "S5/export")).isFalse();
        assertThat(uses("S5", "S5/export")).isTrue();
        assertThat(uses("S10", "S01")).isFalse();
    }

    @Test
    void aRequirementNamingNoScenarioAppliesToAll() {
        Capability c = new Capability(new Requirement("tool", "", List.of(), ""), "tool", true, "1", "/bin/tool", "");
        assertThat(PlanRunner.usedBy(c, PLAN.scenario("S5/api").orElseThrow())).isTrue();
    }
}
