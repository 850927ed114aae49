package dev.falsify.model.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * P015's programs of a run block are found by a scan of each command, no longer by regex splits
 * and matches. The scan must find exactly what the regexes found, on any command.
 */
class EnvironmentProgramsTest {

    // the regexes the scan replaced, kept here as the oracle
    private static final Pattern SEGMENTS = Pattern.compile("\\|\\||&&|\\||;");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    private static final Pattern PROGRAM = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private static Set<String> byRegex(List<String> cmds) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : cmds) {
            if (c == null) continue;
            for (String segment : SEGMENTS.split(c)) {
                String program = firstWord(segment);
                if (program != null) out.add(program);
            }
        }
        return out;
    }

    private static String firstWord(String segment) {
        for (String w : SPACES.split(segment.strip())) {
            if (w.isEmpty()) return null;
            if (ASSIGNMENT.matcher(w).matches()) continue;
            String word = w.replace("\"", "").replace("'", "");
            if (word.isEmpty() || word.contains("/") || word.contains("{") || word.startsWith("$")) return null;
            if (EnvironmentRules.BASE_TOOLS.contains(word)) return null;
            if (!PROGRAM.matcher(word).matches()) return null;
            return word;
        }
        return null;
    }

    private static final String[] PIECES = {
        "a", "Z", "9", "_", ".", "+", "-", "=", "/", "{", "}", "$", "\"", "'", " ", "  ", "\t", "\n", "\u000b", "\f", "\r",
        "\u2003", "\u0085", "\u2028", "\u00a0", "|", "||", "|||", "&", "&&", ";", "é", "kv-server", "java", "sleep", "sh -c",
        "X=1", "A_B=", "1A=x", "./bin/run", "{{port}}", "cargo", "python3", "tc", "FOO=bar baz",
    };

    @Test
    void theScanFindsWhatTheRegexesFound() {
        Random random = new Random(20261201);
        for (int round = 0; round < 50_000; round++) {
            List<String> cmds = new ArrayList<>();
            for (int c = random.nextInt(4); c >= 0; c--) {
                if (random.nextInt(20) == 0) {
                    cmds.add(null);
                    continue;
                }
                StringBuilder b = new StringBuilder();
                for (int k = random.nextInt(12); k >= 0; k--) b.append(PIECES[random.nextInt(PIECES.length)]);
                cmds.add(b.toString());
            }
            assertThat(EnvironmentRules.programs(cmds)).as("%s", cmds).containsExactlyElementsOf(byRegex(cmds));
        }
    }

    @Test
    void programsAreTheFirstWordOfEverySegment() {
        assertThat(EnvironmentRules.programs(List.of("FOO=1 kv-server --port 1 && curl -s x | jq .a; ./bin/x || python3 y")))
                .containsExactly("kv-server", "curl", "jq", "python3");
        assertThat(EnvironmentRules.programs(List.of("X=1 Y=2", " ;; ", "sleep 1 & java -jar a.jar"))).isEmpty();
    }
}
