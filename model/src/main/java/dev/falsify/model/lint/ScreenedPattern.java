package dev.falsify.model.lint;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A case-insensitive pattern screened by literals before the regex runs. Lint tries a handful of
 * long alternations ({@code (?i)(reported success|…|injector said)}) on a field of every scenario;
 * the regex engine tries every alternative at every position, a tenth of a big plan's lint. A
 * literal search (lower-cased text) first rules most texts out, or shows where a match can start.
 *
 * <p>Two kinds: {@link #containing} — every match contains one of the literals, so a text with
 * none cannot match; {@link #leading} — every match also starts where one of them starts, so the
 * regex need not try the positions before the first literal. Either way the answer is the regex's:
 * the screen only skips positions where it cannot match.
 */
final class ScreenedPattern {
    private final Pattern pattern;
    private final String[] literals;
    private final boolean leading;

    private ScreenedPattern(Pattern pattern, boolean leading, String... literals) {
        this.pattern = pattern;
        this.literals = literals;
        this.leading = leading;
        for (String l : literals) {
            if (!l.equals(l.toLowerCase(Locale.ROOT))) throw new IllegalArgumentException("literal not lower case: " + l);
        }
    }

    /** {@code pattern} (ASCII case-insensitive), each of whose matches contains one of the lower-case {@code literals}. */
    static ScreenedPattern containing(String regex, String... literals) {
        return new ScreenedPattern(Pattern.compile(regex), false, literals);
    }

    /** {@code pattern} (ASCII case-insensitive), each of whose matches starts with one of the lower-case {@code literals}. */
    static ScreenedPattern leading(String regex, String... literals) {
        return new ScreenedPattern(Pattern.compile(regex), true, literals);
    }

    Pattern pattern() {
        return pattern;
    }

    /** What {@code pattern().matcher(text).find()} answers. */
    boolean find(String text) {
        // (?i) folds ASCII only, and lower-casing maps every ASCII letter of a match to the literal's: a text
        // that matches contains the literal. Lower-casing keeps positions unless a char grows (U+0130).
        String lower = text.toLowerCase(Locale.ROOT);
        int first = -1;
        for (String l : literals) {
            int at = lower.indexOf(l);
            if (at >= 0 && (first < 0 || at < first)) first = at;
        }
        if (first < 0) return false;
        int from = leading && lower.length() == text.length() ? first : 0;
        return pattern.matcher(text).find(from);
    }
}
