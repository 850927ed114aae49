package dev.falsify.model.vocabulary;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a §7.M {@code Checker} value says: the checkers it names, or a justification for none. The one
 * reader of that field: lint (P007/P008), the runner and the testkit (the checkers an arm declares, which
 * the verdict requires to have run) all read it here, so "Checker: Porcupine" declares linearizability
 * everywhere.
 *
 * <p>Named: every shipped checker's name that occurs as a whole word (letters, digits, '-' and '_' are
 * word characters) — except that a name which is also an everyday word ({@link CheckerName#everydayWord}:
 * {@code set}, {@code counter}, {@code bank}) names its checker only as code ({@code `set`}) or as the
 * whole value, so "linearizability (counter model)" declares no counter checker — every other tool's
 * name for one ({@link CheckerName#toolNames}: Knossos, Porcupine,
 * "linearizable", WGL → linearizability), Elle → list-append unless rw-register is named, and any of the
 * caller's own checker names (a run block's {@code monitor}). None: a value that names no checker but
 * says why none applies ("none — the oracle is a latency bound, not a history") in at least four words.
 *
 * @param named         the checker names, in the order above, each once
 * @param justifiedNone the value names no checker and justifies that
 * @param justification the value, when it justifies none; else empty
 */
public record CheckerField(List<String> named, boolean justifiedNone, String justification) {
    private static final Pattern NONE_WORDS = Pattern.compile(
            "(?i)\\b(none|no checker|no history checker|not applicable|n/a|manual(ly)?|by hand|hand-written|bespoke|"
                    + "custom|ad[- ]hoc|assert(ion|ions|s)?|not needed|not required|oracle is)\\b");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9'-]*");

    public CheckerField {
        named = List.copyOf(named);
        justification = justification == null ? "" : justification;
    }

    /** A value lint accepts: it names a checker or justifies none. */
    public boolean acceptable() {
        return !named.isEmpty() || justifiedNone;
    }

    /** The value read with the shipped checkers' names only. */
    public static CheckerField read(String value) {
        return read(value, List.of());
    }

    /**
     * @param value       the §7.M Checker value (null or blank: names nothing)
     * @param otherNames  checker names the caller knows besides the shipped ones (a run block's checkers)
     */
    public static CheckerField read(String value, Collection<String> otherNames) {
        if (value == null || value.isBlank()) return new CheckerField(List.of(), false, "");
        String t = value.toLowerCase(Locale.ROOT);
        Set<String> named = new LinkedHashSet<>();
        for (CheckerName c : CheckerName.values()) if (mentions(t, c.id())) named.add(c.id());
        for (CheckerName c : CheckerName.values()) {
            for (String tool : c.toolNames()) if (HistoryModel.indexOfWord(t, tool) >= 0) named.add(c.id());
        }
        if (HistoryModel.indexOfWord(t, "elle") >= 0 && !named.contains(CheckerName.RW_REGISTER.id())) {
            named.add(CheckerName.LIST_APPEND.id());
        }
        for (String other : otherNames) {
            String o = other == null ? "" : other.strip();
            if (!o.isEmpty() && mentions(t, o)) named.add(o);
        }
        if (!named.isEmpty()) return new CheckerField(new ArrayList<>(named), false, "");
        Matcher none = NONE_WORDS.matcher(value);
        if (none.find()) {
            String reason = (value.substring(0, none.start()) + " " + value.substring(none.end())).strip();
            if (countWords(reason) >= 4) return new CheckerField(List.of(), true, value.strip());
        }
        return new CheckerField(List.of(), false, "");
    }

    /**
     * Whether a Checker value names the checker {@code name}: as a whole word, or, for a shipped checker
     * whose name is an everyday word, as code or as the whole value. A harness's own checker registered
     * under a shipped name reads as the shipped one.
     *
     * @param value the Checker value (any case)
     * @param name  a checker's name
     */
    static boolean mentions(String value, String name) {
        if (value == null || name == null) return false;
        String t = value.toLowerCase(Locale.ROOT);
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (n.isEmpty()) return false;
        if (CheckerName.of(n).map(CheckerName::everydayWord).orElse(false)) {
            return t.strip().equals(n) || t.contains("`" + n + "`");
        }
        return HistoryModel.indexOfWord(t, n) >= 0;
    }

    private static int countWords(String s) {
        Matcher m = WORD.matcher(s);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
