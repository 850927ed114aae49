package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A screened pattern answers exactly what its regex answers, on any text. */
class ScreenedPatternTest {

    private static final List<ScreenedPattern> SCREENED = List.of(SevenMRules.REPORTED_SUCCESS, SevenMRules.OBSERVABLE, ScenarioRules.SETUP);

    /** Words of the patterns, their near misses and case variants, and chars that lower-case oddly. */
    private static final String[] PIECES = {
        " ", "  ", "\n", ",", ".", "-", "_", "0", "3", "a", "x", "reported success", "Reports Success", "report ok", "REPORTED OK",
        "returned 0", "returned ok", "exit 0", "exits code 0", "exited 01", "command succeeded", "injector said", "injector",
        "report", "landing", "Landing evidence:", "counter", "bytes", "dropped", "log", "logs", "blog", "pid", "pids", "tc -s",
        "/proc", "ss", "class", "rx", "tx", "errors", "term", "terms", "reset", "resets", "show", "count", "timestamp", "3 nodes",
        "5-node", "node", "cluster", "chaos", "setup", "set up", "set_up", "deploy", "with faults", "with chaos", "k8s", "K8S",
        "load test", "smoke_test", "test run", "12 nodes", "x3node", "with_faults", "a_with-chaos", "settest", "\u0130", "\u212a8s", "\u00e9", "\u2014",
    };

    @Test
    void theScreenAnswersWhatTheRegexAnswers() {
        Random random = new Random(20261201);
        for (int round = 0; round < 40_000; round++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(10); k >= 0; k--) b.append(PIECES[random.nextInt(PIECES.length)]);
            String text = b.toString();
            for (ScreenedPattern p : SCREENED) {
                assertThat(p.find(text)).as("%s on '%s'", p.pattern(), text).isEqualTo(p.pattern().matcher(text).find());
            }
        }
    }

    @Test
    void aMatchAfterACharThatGrowsWhenLowerCasedIsFound() {
        // U+0130 lower-cases to two chars, so positions in the lower-cased text run ahead of the text's
        assertThat(SevenMRules.OBSERVABLE.find("\u0130\u0130\u0130 x pid")).isTrue();
        assertThat(SevenMRules.REPORTED_SUCCESS.find("\u0130\u0130 the injector said ok")).isTrue();
    }

    @Test
    void literalsMustBeLowerCase() {
        assertThatThrownBy(() -> ScreenedPattern.leading("(?i)x", "X")).isInstanceOf(IllegalArgumentException.class);
    }
}
