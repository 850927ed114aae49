package dev.falsify.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.vocabulary.CheckerField;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.SevenM;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanSnippetsTest {
    private final Catalog catalog = Catalog.standard();

    @Test
    void hypothesisFromAPitfallIsInThePlanFormat() {
        Pitfall lostUpdate = catalog.entry("PF01", Pitfall.class).orElseThrow();
        assertThat(catalog.snippets().hypothesisFrom(lostUpdate, List.of("C1", "C3"), "H4")).isEqualTo("""
                H4. **Concurrent read-modify-write loses an acknowledged update** — two clients update the same key \
                at once, both get success, and the final value reflects only one of them.
                   - Could falsify: C1, C3
                   - Suspected because: updates are applied as read-then-write without a version check, \
                compare-and-set or serialising lock (Kingsbury & Alvaro, VLDB'20; Leesatapornwongsa et al., ASPLOS'16).
                   - Subsystem: <the handler that reads, modifies and writes the item>
                   - Pitfall row: PF01 — Lost update
                """);
    }

    @Test
    void hypothesisWithoutClaimsLeavesAVisiblePrompt() {
        Pitfall p = catalog.pitfalls().get(3);
        assertThat(catalog.hypothesisFrom(p, List.of())).startsWith("H?. **").contains("   - Could falsify: C?\n");
    }

    @Test
    void sevenMSkeletonHasEveryFieldAndThePickersChecker() {
        String s = catalog.sevenMSkeleton("register", List.of("safety"));
        assertThat(s).startsWith("#### §7.M — Model / history / checker\n\n")
                .contains("- **Model under test:** register\n")
                .contains("- **Checker:** linearizability (checker picker: register + safety)\n")
                .contains("- **Operation history:** op_id, process_id, invoke_ts, complete_ts, op_type, input, output, "
                        + "timeout_marker, node_seen, fault_epoch")
                .contains("- **Nemesis + landing evidence:** ", "Landing evidence:", "- **Ambiguous outcomes:** ")
                .contains("classify the cause as SUT, harness, checker or environment");
        assertThat(s.lines().filter(l -> l.startsWith("- **"))).hasSize(6);
    }

    @Test
    void sevenMSkeletonUnionsCheckersOverCategoriesAndResolvesAliases() {
        assertThat(catalog.sevenMSkeleton("kv", List.of("isolation", "safety", "liveness")))
                .contains("- **Checker:** list-append + rw-register + linearizability (checker picker: kv + isolation, safety)")
                .contains(", key, fault_epoch");
        assertThat(catalog.sevenMSkeleton("cas-register (one key)", List.of("safety")))
                .contains("- **Checker:** linearizability (checker picker: cas-register (one key) + safety)")
                .contains(", node_seen, fault_epoch; op types read, write, cas;");
        assertThat(catalog.sevenMSkeleton("ledger", List.of("performance", "idempotency")))
                .contains("- **Checker:** exactly-once (checker picker: ledger + idempotency)");
    }

    @Test
    void sevenMSkeletonWithoutAPickerRowAsksForAJustification() {
        assertThat(catalog.sevenMSkeleton("other(graph)", List.of("liveness")))
                .contains("- **Checker:** <the checker picker has none for other(graph) + liveness: name a checker, "
                        + "or justify why none fits>")
                .contains("- **Operation history:** op_id, process_id, invoke_ts, complete_ts, op_type, input, output, "
                        + "timeout_marker, fault_epoch; recorder:");
        assertThat(catalog.sevenMSkeleton(" ", List.of())).contains("- **Model under test:** <model>\n");
    }

    @Test
    void sevenMSkeletonUsesTheGivenAdvisor() {
        PlanSnippets snippets = new PlanSnippets(catalog, (model, category) -> List.of("custom-" + category));
        assertThat(snippets.sevenMSkeleton("register", List.of("safety")))
                .contains("- **Checker:** custom-safety (checker picker: register + safety)");
    }

    @Test
    void nemesisLineNamesTheLandingEvidence() {
        Nemesis partition = catalog.entry("N07", Nemesis.class).orElseThrow();
        assertThat(catalog.nemesisLandingLine(partition)).isEqualTo("- **Nemesis + landing evidence:** Full partition of "
                + "one node — the fault proxy on the node's links stops forwarding in both directions and holds "
                + "connections open. Landing evidence: the proxy's dropped-bytes and refused-connection counters rise "
                + "during the window, and peers log the node as unreachable.\n");
        for (Nemesis n : catalog.nemeses()) {
            assertThat(catalog.nemesisLandingLine(n)).as(n.id()).doesNotContainIgnoringCase("reported success")
                    .contains(" Landing evidence: ").endsWith(".\n");
        }
    }

    @Test
    void draftsParseBackThroughThePlanParser() {
        Pitfall lease = catalog.entry("PF13", Pitfall.class).orElseThrow();
        Nemesis pause = catalog.entry("N03", Nemesis.class).orElseThrow();
        String skeleton = catalog.sevenMSkeleton("lease", List.of("safety"));
        String plan = "# Test Plan: t\n\n## 1b. Claims under test\n\n| ID | Claim | Category |\n|---|---|---|\n"
                + "| C1 | one holder at a time | safety |\n| C2 | holder renews | liveness |\n\n"
                + "## 4. Failure-mode hypotheses\n\n" + catalog.snippets().hypothesisFrom(lease, List.of("C1", "C2"), "H1")
                + "\n## 7. Scenarios\n\n### Scenario S1: one_lease_holder_under_gc_pause\n- **Falsifies if it FAILs:** C1\n\n"
                + skeleton.replace(skeleton.lines().filter(l -> l.startsWith("- **Nemesis")).findFirst().orElseThrow() + "\n",
                        catalog.nemesisLandingLine(pause));
        Plan parsed = PlanParser.parse(plan);
        Hypothesis h = parsed.hypothesis("H1").orElseThrow();
        assertThat(h.falsifies()).containsExactly("C1", "C2");
        assertThat(h.title()).isEqualTo(lease.template().title());
        assertThat(h.fieldValue("pitfall")).startsWith("PF13");
        assertThat(h.fieldValue("subsystem")).isEqualTo(lease.template().subsystem());
        SevenM sevenM = parsed.scenario("S1").orElseThrow().sevenM();
        assertThat(sevenM.present()).isTrue();
        assertThat(sevenM.missing()).isEmpty();
        assertThat(sevenM.model()).isEqualTo("lease");
        assertThat(CheckerField.read(sevenM.checker()).named())
                .containsExactly("linearizability", "final-state-invariant");
        assertThat(sevenM.nemesis()).contains("Landing evidence: /proc/<pid>/stat shows state T");
    }

    @Test
    void pitfallsThreateningFindsByClaimCategory() {
        assertThat(catalog.pitfallsThreatening(List.of("boundary"))).extracting(Pitfall::id).containsExactly("PF12");
        assertThat(catalog.pitfallsThreatening(List.of("performance"))).extracting(Pitfall::id)
                .contains("PF17", "PF19", "PF20");
        assertThat(catalog.pitfallsThreatening(List.of("observability"))).isEmpty();
    }
}
