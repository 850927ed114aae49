package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.PlanParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 29 item 8: a phrase in quotes of any kind is named, not claimed. */
class QuotesTest {
    static boolean quoted(String line, String phrase) {
        return new Quotes(line, 0).openAt(line.indexOf(phrase));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Write conservative phrasing rather than 'X cannot happen'.",
            "Write conservative phrasing rather than \"X cannot happen\".",
            "Write conservative phrasing rather than \u201cX cannot happen\u201d.",
            "Write conservative phrasing rather than \u2018X cannot happen\u2019.",
            "Write conservative phrasing rather than `X cannot happen`.",
            "Schreibe nicht \u201eX cannot happen\u201c.",
            "N\u2019\u00e9crivez pas \u00abX cannot happen\u00bb.",
            "Say what you saw, don't say 'the system\u2019s writes cannot happen to vanish'.",
            "(e.g. 'X cannot happen')"})
    void aQuotedPhraseIsInsideAQuotation(String line) {
        assertThat(quoted(line, "cannot happen")).as(line).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Lost writes cannot happen after S2 passes.",
            "The leader's lease means stale reads cannot happen.",
            "The system\u2019s writes cannot happen twice.",
            "We don't think 'retries' matter; duplicates cannot happen.",
            "Students' results show it cannot happen."})
    void anApostropheIsNotAQuote(String line) {
        assertThat(quoted(line, "cannot happen")).as(line).isFalse();
    }

    @Test
    void p016DoesNotFireOnTheDesigningSkillsAdviceButStillOnAClaim() throws IOException {
        String plan = Files.readString(Path.of("src/test/resources/plans/agents/cache-pitfall-walk.md"), StandardCharsets.UTF_8);
        String advice = "State confidence conservatively (\"no lost write in 3 seeds x 10 min\") rather than 'X cannot happen';"
                + " never \u2018this proves C2\u2019 or \u00abbug-free\u00bb. ";
        String withAdvice = plan.replace("Passing runs bound what we have seen,", advice + "Passing runs bound what we have seen,");
        assertThat(withAdvice).contains(advice);
        assertThat(PlanLinter.lint(PlanParser.parse(withAdvice))).noneMatch(d -> d.rule().equals(LintRule.P016.name()));
        String claimed = plan.replace("Passing runs bound what we have seen,", "After S2, lost writes cannot happen."
                + " Passing runs bound what we have seen,");
        assertThat(PlanLinter.lint(PlanParser.parse(claimed))).filteredOn(d -> d.rule().equals(LintRule.P016.name())).hasSize(1);
    }
}
