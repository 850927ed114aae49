package dev.falsify.catalog.walk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.Pitfall;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever the author answers, writing the walk and reading the plan back gives the same answers. */
class PitfallWalkPropertiesTest {
    private static final Catalog CATALOG = Catalog.standard();
    private static final String PLAN = """
            # Test Plan: p

            ## 4. Failure-mode hypotheses

            H1. **x** — y
               - Could falsify: C1

            ## 5. Coverage matrix
            """;

    record Answer(Applies applies, String hypothesis, String notes) {
    }

    @Provide
    Arbitrary<List<Answer>> answers() {
        Arbitrary<String> hypothesis = Arbitraries.integers().between(1, 40).list().ofMaxSize(2)
                .map(ns -> String.join(", ", ns.stream().map(n -> "H" + n).toList()));
        Arbitrary<String> notes = Arbitraries.strings().withChars("abcxyz019 |,.?()-:'").ofMaxLength(30)
                .map(String::strip);
        Arbitrary<Answer> answer = Combinators.combine(Arbitraries.of(Applies.class), hypothesis, notes)
                .as(Answer::new);
        return answer.list().ofSize(CATALOG.pitfalls().size());
    }

    @Property(tries = 40)
    void writtenAnswersReadBackUnchanged(@ForAll("answers") List<Answer> answers) {
        List<PitfallWalkRow> rows = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            Pitfall p = CATALOG.pitfalls().get(i);
            Answer a = answers.get(i);
            rows.add(new PitfallWalkRow(p.id(), p.name(), a.applies(), a.hypothesis(), a.notes()));
        }
        PitfallWalk walk = new PitfallWalk(rows);
        String once = walk.editFor(PLAN).apply(PLAN);
        assertThat(PitfallWalk.forPlan(CATALOG, once).rows()).isEqualTo(rows);
        assertThat(walk.editFor(once).apply(once)).as("rewriting is idempotent").isEqualTo(once);
        assertThat(once).startsWith(PLAN.substring(0, PLAN.indexOf("## 5."))).endsWith("## 5. Coverage matrix\n");
    }
}
