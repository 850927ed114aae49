package dev.falsify.model.verdict;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finding severity: P0 (data loss/corruption/safety) … P3. */
public enum FindingSeverity {
    P0, P1, P2, P3;

    private static final Pattern P = Pattern.compile("(?i)\\bP([0-3])\\b");

    public static Optional<FindingSeverity> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = P.matcher(text);
        return m.find() ? Optional.of(values()[Integer.parseInt(m.group(1))]) : Optional.empty();
    }
}
