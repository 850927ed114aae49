package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Claims over several §1b sections (the keys of the claims read so far are kept across the
 * sections rather than rebuilt per section): a list claim whose id an earlier section (table or
 * list) defined is a reference, one new to the plan is read, a duplicate inside one list stays.
 */
class ClaimSectionsTest {

    @Test
    void listClaimsOfLaterSectionsSkipTheIdsReadBefore() {
        String plan = """
                # Test plan: kv

                ## 1b. Claims

                | ID | Claim | Category |
                |---|---|---|
                | C1 | Reads see the last write | safety |

                ## 1b. More claims

                - C1: Reads see the last write (safety)
                - C2: Acks survive a restart (durability)

                ## 1b. Claims, continued

                - c02: Acks survive a restart (durability)
                - C3: Leader elected within 5 s (liveness)
                - C3: Leader elected within 5 s, again (liveness)
                """;
        Plan p = PlanParser.parse(plan);
        assertThat(p.claims()).extracting(Claim::id).containsExactly("C1", "C2", "C3", "C3");
        assertThat(p.claim("C2").orElseThrow().text()).isEqualTo("Acks survive a restart");
    }
}
