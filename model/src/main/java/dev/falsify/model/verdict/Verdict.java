package dev.falsify.model.verdict;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The ten verdicts a scenario arm can receive, with their exact spellings from the spec. */
public enum Verdict {
    PASS_SMOKE("PASS-smoke"),
    PASS_HARDENING("PASS-hardening"),
    FAIL_REPRODUCIBLE("FAIL-reproducible"),
    FAIL_NONDETERMINISTIC("FAIL-nondeterministic"),
    INCONCLUSIVE_ENV("INCONCLUSIVE-env"),
    INCONCLUSIVE_ORACLE_TOO_WEAK("INCONCLUSIVE-oracle-too-weak"),
    INCONCLUSIVE_FAULT_NOT_PROVEN("INCONCLUSIVE-fault-not-proven"),
    PARTIAL_SURFACE("PARTIAL-surface"),
    PARTIAL_MODEL("PARTIAL-model"),
    NOT_RUN("NOT-RUN");

    /**
     * Finds a verdict spelling inside free text such as {@code **PASS-smoke** (release)} or
     * {@code FAIL – reproducible}. {@code NOT-RUN} must be in capitals here, so prose such as "S4 was
     * not run because …" is not read as a verdict ({@link #parse} accepts "Not run" as a whole cell).
     */
    private static final Pattern IN_TEXT = Pattern.compile(
            "(?i)\\b(PASS|FAIL|INCONCLUSIVE|PARTIAL)(?:ED)?\\s*+[-_\u2013\u2014:(]?\\s*+"
                    + "(smoke|hardening|reproducible|non-?deterministic|env(?:ironment)?|oracle[-_ ]too[-_ ]weak|"
                    + "fault[-_ ]not[-_ ]proven|surface|model)\\b|(?-i:\\bNOT[-_ ]RUN\\b)");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The exact spelling used in session logs, findings and reports. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    public boolean isPass() {
        return this == PASS_SMOKE || this == PASS_HARDENING;
    }

    public boolean isFail() {
        return this == FAIL_REPRODUCIBLE || this == FAIL_NONDETERMINISTIC;
    }

    public boolean isInconclusive() {
        return this == INCONCLUSIVE_ENV || this == INCONCLUSIVE_ORACLE_TOO_WEAK || this == INCONCLUSIVE_FAULT_NOT_PROVEN;
    }

    public boolean isPartial() {
        return this == PARTIAL_SURFACE || this == PARTIAL_MODEL;
    }

    /** Parses an exact label (case-insensitive; {@code _} or spaces accepted for {@code -}). */
    public static Optional<Verdict> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip();
        for (Verdict v : values()) {
            if (v.label.equalsIgnoreCase(t) || v.name().equalsIgnoreCase(t.replace('-', '_').replace(' ', '_'))) {
                return Optional.of(v);
            }
        }
        return find(t);
    }

    private static final Pattern BARE = Pattern.compile("(?i)\\b(PASS(?:ED)?|FAIL(?:ED|URE)?)\\b");

    /**
     * A verdict cell that says only {@code PASS} or {@code FAIL}, without the tier the spec requires: a
     * pass is read as the weakest pass it could be ({@code PASS-smoke}), a fail as a violation whose
     * reproduction is unproven ({@code FAIL-nondeterministic}). For verdict cells and labels only, never prose.
     */
    public static Optional<Verdict> findBare(String cell) {
        if (cell == null) {
            return Optional.empty();
        }
        Matcher m = BARE.matcher(cell);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(m.group(1).toUpperCase(Locale.ROOT).startsWith("PASS") ? PASS_SMOKE : FAIL_NONDETERMINISTIC);
    }

    /** The first verdict spelled anywhere in {@code text} (Markdown emphasis and dash variants tolerated). */
    public static Optional<Verdict> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = IN_TEXT.matcher(text);
        // "passed model checks, then PASS-smoke": a family word followed by a kind it does not have is prose
        while (m.find()) {
            Verdict v = m.group(1) == null ? NOT_RUN : of(m.group(1), m.group(2));
            if (v != null) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    private static Verdict of(String familyWord, String kindWord) {
        String family = familyWord.toUpperCase(Locale.ROOT);
        String kind = kindWord.toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        return switch (family) {
            case "PASS" -> kind.equals("smoke") ? PASS_SMOKE : kind.equals("hardening") ? PASS_HARDENING : null;
            case "FAIL" -> kind.equals("reproducible") ? FAIL_REPRODUCIBLE
                    : kind.startsWith("non") ? FAIL_NONDETERMINISTIC : null;
            case "INCONCLUSIVE" -> kind.startsWith("env") ? INCONCLUSIVE_ENV
                    : kind.startsWith("oracle") ? INCONCLUSIVE_ORACLE_TOO_WEAK
                    : kind.startsWith("fault") ? INCONCLUSIVE_FAULT_NOT_PROVEN : null;
            case "PARTIAL" -> kind.equals("surface") ? PARTIAL_SURFACE : kind.equals("model") ? PARTIAL_MODEL : null;
            default -> null;
        };
    }
}
