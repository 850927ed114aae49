package dev.falsify.model.lint;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A case-insensitive pattern each of whose matches starts where one of a few literals starts.
 * Lint tries a handful of long alternations ({@code (?i)(reported success|…|injector said)}) on a
 * field of every scenario; the regex engine tries every alternative at every position, a tenth of
 * a big plan's lint. A literal search of the lower-cased text finds the only positions where a
 * match can start, and the regex is tried at those alone. The answer is the regex's: the screen
 * skips only positions where it cannot match.
 */
final class ScreenedPattern {
    private final Pattern pattern;
    private final String[] literals;

    private ScreenedPattern(Pattern pattern, String... literals) {
        this.pattern = pattern;
        this.literals = literals;
        for (String l : literals) {
            if (l.isEmpty() || !l.equals(l.toLowerCase(Locale.ROOT))) throw new IllegalArgumentException("literal empty or not lower case: " + l);
        }
    }

    /** {@code regex} (ASCII case-insensitive), each of whose matches starts with one of the lower-case {@code literals}. */
    static ScreenedPattern leading(String regex, String... literals) {
        return new ScreenedPattern(Pattern.compile(regex), literals);
    }

    Pattern pattern() {
        return pattern;
    }

    /** What {@code pattern().matcher(text).find()} answers. */
    boolean find(String text) {
        // (?i) folds ASCII only, and lower-casing maps every ASCII letter of a match to the literal's: where a match
        // starts, a literal starts in the lower-cased text. Lower-casing keeps positions unless a char grows (U+0130).
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.length() != text.length()) return pattern.matcher(text).find();
        int[] starts = new int[8];
        int count = 0;
        for (String l : literals) {
            for (int at = lower.indexOf(l); at >= 0; at = lower.indexOf(l, at + 1)) {
                if (count == starts.length) starts = Arrays.copyOf(starts, count * 2);
                starts[count++] = at;
            }
        }
        if (count == 0) return false;
        Arrays.sort(starts, 0, count);
        // transparent bounds: \b and lookbehinds at a start see the text before it, as find() does
        Matcher m = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        for (int k = 0; k < count; k++) {
            if (k > 0 && starts[k] == starts[k - 1]) continue;
            if (m.region(starts[k], text.length()).lookingAt()) return true;
        }
        return false;
    }
}
