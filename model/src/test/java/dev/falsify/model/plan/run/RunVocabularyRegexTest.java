package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@link RunVocabulary#isRegex}, which skips compiling texts without metacharacters, answers as compiling does. */
class RunVocabularyRegexTest {

    @Test
    void answersAsCompilingDoes() {
        String alphabet = "ab 1:#-_/\\^$.|?*+()[]{}é";
        Random random = new Random(3);
        int invalid = 0;
        for (int k = 0; k < 20_000; k++) {
            StringBuilder sb = new StringBuilder();
            for (int i = random.nextInt(8); i > 0; i--) sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            String text = sb.toString();
            boolean compiles;
            try {
                Pattern.compile(text);
                compiles = true;
            } catch (RuntimeException e) {
                compiles = false;
                invalid++;
            }
            assertThat(RunVocabulary.isRegex(text)).as(text).isEqualTo(compiles);
        }
        assertThat(invalid).as("invalid texts tried").isGreaterThan(1000);
        assertThat(RunVocabulary.isRegex("n1 listening on")).isTrue();
        assertThat(RunVocabulary.isRegex("listening (on")).isFalse();
    }
}
