package dev.falsify.model.verdict;

import java.util.Optional;

/** The session's headline verdict, computed from its scenario verdicts by {@link VerdictRules#headline}. */
public enum SessionHeadline {
    FAIL, DONE, DONE_WITH_CONCERNS, INCONCLUSIVE, BLOCKED;

    public static Optional<SessionHeadline> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.toUpperCase(java.util.Locale.ROOT).replaceAll("DONE[ _-]+WITH[ _-]+CONCERNS", "DONE_WITH_CONCERNS");
        // longest first: DONE_WITH_CONCERNS contains DONE
        for (SessionHeadline h : new SessionHeadline[] {DONE_WITH_CONCERNS, DONE, FAIL, INCONCLUSIVE, BLOCKED}) {
            if (java.util.regex.Pattern.compile("(?<![A-Z0-9_])" + h.name() + "(?![A-Z0-9_])").matcher(t).find()) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }
}
