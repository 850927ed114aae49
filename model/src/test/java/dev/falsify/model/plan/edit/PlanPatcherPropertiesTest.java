package dev.falsify.model.plan.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Fixtures;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.SevenM;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * For random edits on the fixture plans: applying the patch and re-parsing yields a projection with
 * the edit made, and every byte outside the patched ranges is unchanged.
 */
class PlanPatcherPropertiesTest {
    static final List<String> TEXTS = Fixtures.all();

    @Provide
    Arbitrary<String> values() {
        Arbitrary<String> word = Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789").ofMinLength(1).ofMaxLength(9);
        Arbitrary<String> punct = Arbitraries.of("", ",", ".", " |", " —", ";");
        return word.list().ofMinSize(1).ofMaxSize(7).flatMap(ws -> punct.map(p -> String.join(" ", ws) + p));
    }

    @Property(tries = 250, edgeCases = net.jqwik.api.EdgeCasesMode.FIRST)
    void editsLandAndLeaveTheRestUntouched(@ForAll @IntRange(min = 0, max = 5) int fixture,
                                           @ForAll @IntRange(min = 0, max = 9) int op,
                                           @ForAll("values") String value,
                                           @ForAll long seed) {
        String text = TEXTS.get(fixture);
        Plan plan = PlanParser.parse(text);
        PlanPatcher editor = new PlanPatcher(plan);
        Random rnd = new Random(seed);
        List<Scenario> headed = plan.scenarios().stream().filter(s -> !s.bulletForm()).toList();
        List<Claim> claims = plan.claims().stream().filter(c -> !c.struck()).toList();
        List<String> claimIds = plan.claims().stream().map(Claim::id).distinct().toList();

        PlanPatch patch;
        Consumer<Plan> expectation;
        switch (op) {
            case 0 -> {
                if (headed.isEmpty()) return;
                Scenario s = headed.get(rnd.nextInt(headed.size()));
                List<String> fields = List.of("technique", "workload", "faults", "oracle", "observability", "exit",
                        "smokeBudget", "hardeningBudget", "releaseBudget", "target");
                String f = fields.get(rnd.nextInt(fields.size()));
                String v = rnd.nextBoolean() ? value : value + "\nsecond line " + value;
                patch = editor.setScenarioField(s.id(), f, v);
                expectation = p -> assertThat(p.scenario(s.id()).orElseThrow().value(f)).isEqualTo(normalize(v));
            }
            case 1 -> {
                if (headed.isEmpty()) return;
                Scenario s = headed.get(rnd.nextInt(headed.size()));
                String f = SevenM.FIELDS.get(rnd.nextInt(SevenM.FIELDS.size()));
                patch = editor.setSevenMField(s.id(), f, value);
                expectation = p -> {
                    SevenM m = p.scenario(s.id()).orElseThrow().sevenM();
                    assertThat(m.present()).isTrue();
                    assertThat(m.value(f)).isEqualTo(normalize(value));
                };
            }
            case 2 -> {
                if (claims.isEmpty()) return;
                Claim c = claims.get(rnd.nextInt(claims.size()));
                if (plan.claims().stream().filter(x -> x.id().equals(c.id())).count() > 1) return;
                List<String> headers = new ArrayList<>(c.row().headers());
                headers.remove("id");
                headers.remove("");
                if (headers.isEmpty()) return;
                String column = headers.get(rnd.nextInt(headers.size()));
                patch = editor.setClaimCell(c.id(), column, value);
                expectation = p -> assertThat(p.claim(c.id()).orElseThrow().row().text(column)).isEqualTo(value.strip());
            }
            case 3 -> {
                String id = PlanPatcher.nextId("C", claimIds);
                patch = editor.addClaim(null, value, "safety", "doc", "documented");
                expectation = p -> {
                    Claim added = p.claim(id).orElseThrow();
                    assertThat(added.text()).isEqualTo(value.strip());
                    assertThat(p.claims()).hasSize(plan.claims().size() + 1);
                };
            }
            case 4 -> {
                if (claimIds.isEmpty()) return;
                List<String> targets = List.of(claimIds.get(rnd.nextInt(claimIds.size())));
                String id = PlanPatcher.nextId("H", plan.hypotheses().stream().map(h -> h.id()).toList());
                String title = value.replace("|", "").replace("—", "").strip();
                if (title.isEmpty()) return;
                patch = editor.addHypothesis(null, title, "it could break", targets);
                expectation = p -> {
                    assertThat(p.hypothesis(id).orElseThrow().falsifies()).isEqualTo(targets);
                    assertThat(p.hypothesis(id).orElseThrow().title()).isEqualTo(title);
                    assertThat(p.hypotheses()).hasSize(plan.hypotheses().size() + 1);
                };
            }
            case 5 -> {
                if (claimIds.isEmpty()) return;
                List<String> f = List.of(claimIds.get(rnd.nextInt(claimIds.size())));
                String id = PlanPatcher.nextId("S", plan.scenarios().stream().map(Scenario::baseId).toList());
                patch = editor.addScenario(null, "claim_holds_" + Math.abs(seed % 1000), f, List.of("H1"));
                expectation = p -> {
                    Scenario s = p.scenario(id).orElseThrow();
                    assertThat(s.falsifies()).isEqualTo(f);
                    assertThat(s.closes()).containsExactly("H1");
                    assertThat(p.scenarios()).hasSize(plan.scenarios().size() + 1);
                };
            }
            case 6 -> {
                List<Scenario> without = headed.stream().filter(s -> !s.sevenM().present() || s.sevenM().notApplicable()).toList();
                if (without.isEmpty()) return;
                Scenario s = without.get(rnd.nextInt(without.size()));
                patch = editor.insertSevenMSkeleton(s.id());
                expectation = p -> {
                    SevenM m = p.scenario(s.id()).orElseThrow().sevenM();
                    assertThat(m.present()).isTrue();
                    assertThat(m.notApplicable()).isFalse();
                    assertThat(m.missing()).containsExactlyElementsOf(SevenM.FIELDS);
                };
            }
            case 7 -> {
                if (!plan.residual().isEmpty()) return;
                patch = editor.markResidualEmpty();
                expectation = p -> assertThat(p.residualExplicitlyEmpty()).isTrue();
            }
            case 8 -> {
                if (!plan.missingClaims().isEmpty()) return;
                patch = editor.markMissingClaimsEmpty();
                expectation = p -> assertThat(p.missingClaimsExplicitlyEmpty()).isTrue();
            }
            default -> {
                List<String> names = List.of("date", "mode", "sut", "change", "author", "status");
                String n = names.get(rnd.nextInt(names.size()));
                String v = value.replace("|", "").strip();
                if (v.isEmpty()) return;
                patch = editor.setHeaderField(n, v);
                expectation = p -> assertThat(p.header().value(n)).isEqualTo(v);
            }
        }
        String patched = patch.apply(text);
        assertOutsideUnchanged(text, patched, patch);
        Plan reparsed = PlanParser.parse(patched);
        expectation.accept(reparsed);
    }

    /** Lines stripped and joined as the parser reads a field value. */
    static String normalize(String v) {
        List<String> lines = new ArrayList<>();
        for (String l : v.strip().split("\n")) lines.add(l.strip());
        return String.join("\n", lines);
    }

    static void assertOutsideUnchanged(String before, String after, PlanPatch patch) {
        int delta = 0;
        int prevEnd = 0;
        for (TextEdit e : patch.edits()) {
            assertThat(after.substring(prevEnd + delta, e.startOffset() + delta)).isEqualTo(before.substring(prevEnd, e.startOffset()));
            delta += e.replacement().length() - (e.endOffset() - e.startOffset());
            prevEnd = e.endOffset();
        }
        assertThat(after.substring(prevEnd + delta)).isEqualTo(before.substring(prevEnd));
    }
}
