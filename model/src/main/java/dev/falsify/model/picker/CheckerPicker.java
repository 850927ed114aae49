package dev.falsify.model.picker;

import dev.falsify.model.plan.ClaimCategory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checker picker of histories-and-checkers.md: (model, claim category) → the checkers that
 * fit. Used by lint (P007/P008), by {@code falsify check} and by the catalog.
 *
 * <p>The spec's paragraph is the source; two combinations it leaves implicit are filled in the
 * obvious way and marked as such: {@code cas-register}/{@code multi-register} behave as
 * {@code register}, and {@code map}/{@code kv} + safety is per-key linearizability (the
 * linearizability checker's kv model).
 */
public final class CheckerPicker {
    private CheckerPicker() {
    }

    /** Every checker name Falsify ships. */
    public static final List<String> CHECKERS = List.of("linearizability", "list-append", "rw-register", "session",
            "monotonic-read", "prefix-order", "no-lost-ack", "exactly-once", "final-state-invariant",
            "replica-reconciliation", "fairness", "counter", "bank", "long-fork", "set", "set-full", "unique-ids",
            "total-queue");

    /**
     * Checker names that are also everyday words ("a set of keys", "the bank's ledger", "a counter
     * model"): a §7.M checker field names them only as code ({@code `set`}) or as its whole value.
     */
    private static final Set<String> EVERYDAY_WORDS = Set.of("set", "counter", "bank");

    /** The §7.M model names (plan-format.md), canonical spelling. */
    public static final List<String> MODELS = List.of("register", "cas-register", "multi-register", "map", "kv",
            "queue", "log", "lock", "lease", "session", "membership-table", "counter", "ledger", "set");

    /** A pick: the checkers that fit, and a note (e.g. what else the spec pairs with them). */
    public record Pick(List<String> checkers, String note) {
        public Pick {
            checkers = List.copyOf(checkers);
        }

        public boolean isEmpty() {
            return checkers.isEmpty();
        }
    }

    /** What a §7.M {@code Checker} value says: the checker names it mentions, and whether it justifies having none. */
    public record CheckerChoice(List<String> named, boolean justifiedNone, String justification) {
        public CheckerChoice {
            named = List.copyOf(named);
        }

        public boolean acceptable() {
            return !named.isEmpty() || justifiedNone;
        }
    }

    private static final Pattern NONE_WORDS = Pattern.compile(
            "(?i)\\b(none|no checker|no history checker|not applicable|n/a|manual(ly)?|by hand|hand-written|bespoke|"
                    + "custom|ad[- ]hoc|assert(ion|ions|s)?|not needed|not required|oracle is)\\b");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9'-]*");

    /** The picker's answer for a model (as written in a plan) and a claim category. */
    public static Pick pick(String modelText, ClaimCategory category) {
        if (category == ClaimCategory.FAIRNESS) return new Pick(List.of("fairness"), "any group + fairness");
        String model = normalizeModel(modelText);
        if (model == null || category == null) return new Pick(List.of(), "");
        return switch (model) {
            case "register", "cas-register", "multi-register" -> category == ClaimCategory.SAFETY
                    ? new Pick(List.of("linearizability"), "register + safety") : new Pick(List.of(), "");
            case "log" -> category == ClaimCategory.DURABILITY
                    ? new Pick(List.of("no-lost-ack"), "log + durability: no-lost-ack + replay equivalence")
                    : new Pick(List.of(), "");
            case "map", "kv" -> switch (category) {
                case ISOLATION -> new Pick(List.of("list-append", "rw-register"), "map + isolation (per-key and cross-key)");
                case SAFETY -> new Pick(List.of("linearizability"), "map + safety: per-key linearizability (kv model)");
                default -> new Pick(List.of(), "");
            };
            case "session" -> category == ClaimCategory.SAFETY
                    ? new Pick(List.of("session", "monotonic-read"), "session + safety") : new Pick(List.of(), "");
            case "ledger" -> category == ClaimCategory.IDEMPOTENCY
                    ? new Pick(List.of("exactly-once"), "ledger + idempotency") : new Pick(List.of(), "");
            case "membership-table" -> category == ClaimCategory.MEMBERSHIP
                    ? new Pick(List.of("replica-reconciliation"), "membership-table + membership") : new Pick(List.of(), "");
            case "queue" -> category == ClaimCategory.ORDERING
                    ? new Pick(List.of("prefix-order"), "queue + ordering") : new Pick(List.of(), "");
            case "counter" -> category == ClaimCategory.SAFETY
                    ? new Pick(List.of("linearizability", "final-state-invariant"), "counter + safety")
                    : new Pick(List.of(), "");
            case "lock", "lease" -> category == ClaimCategory.SAFETY
                    ? new Pick(List.of("linearizability", "final-state-invariant"),
                    "lock/lease + safety: linearizability (mutex) + final-state-invariant")
                    : new Pick(List.of(), "");
            default -> new Pick(List.of(), "");
        };
    }

    /** Union of the picks for several categories (a scenario falsifying several claims). */
    public static Pick pick(String modelText, List<ClaimCategory> categories) {
        Set<String> out = new LinkedHashSet<>();
        List<String> notes = new ArrayList<>();
        for (ClaimCategory c : categories) {
            Pick p = pick(modelText, c);
            out.addAll(p.checkers());
            if (!p.note().isEmpty() && !notes.contains(p.note())) notes.add(p.note());
        }
        return new Pick(new ArrayList<>(out), String.join("; ", notes));
    }

    /**
     * The canonical model named in a §7.M {@code Model under test} value ({@code "cas-register (one
     * key)"} → {@code cas-register}; {@code "KV map"} → {@code map}; {@code other(foo)} → null).
     */
    public static String normalizeModel(String text) {
        if (text == null) return null;
        String t = text.toLowerCase(Locale.ROOT);
        String best = null;
        int bestAt = Integer.MAX_VALUE;
        for (String m : MODELS) {
            int at = indexOfWord(t, m);
            // longer names win at the same position ("cas-register" over "register")
            if (at >= 0 && (at < bestAt || (at == bestAt && best != null && m.length() > best.length()))) {
                best = m;
                bestAt = at;
            }
        }
        if (best == null) {
            if (indexOfWord(t, "mutex") >= 0) return "lock";
            if (indexOfWord(t, "key-value") >= 0 || indexOfWord(t, "key value") >= 0) return "kv";
            if (indexOfWord(t, "membership") >= 0) return "membership-table";
            if (indexOfWord(t, "registers") >= 0) return "register";
        }
        return best;
    }

    /** Reads a §7.M checker value: the known checker names it mentions, or a justification for none. */
    public static CheckerChoice readCheckerField(String value) {
        if (value == null || value.isBlank()) return new CheckerChoice(List.of(), false, "");
        String t = value.toLowerCase(Locale.ROOT);
        Set<String> named = new LinkedHashSet<>();
        for (String c : CHECKERS) if (mentions(value, c)) named.add(c);
        if (indexOfWord(t, "knossos") >= 0 || indexOfWord(t, "porcupine") >= 0 || indexOfWord(t, "linearizable") >= 0
                || indexOfWord(t, "wgl") >= 0) {
            named.add("linearizability");
        }
        if (indexOfWord(t, "elle") >= 0 && !named.contains("rw-register")) named.add("list-append");
        if (!named.isEmpty()) return new CheckerChoice(new ArrayList<>(named), false, "");
        Matcher none = NONE_WORDS.matcher(value);
        if (none.find()) {
            String reason = (value.substring(0, none.start()) + " " + value.substring(none.end())).strip();
            if (countWords(reason) >= 4) return new CheckerChoice(List.of(), true, value.strip());
        }
        return new CheckerChoice(List.of(), false, "");
    }

    /**
     * Whether a §7.M checker field ({@code "linearizability (counter model)"}) names the checker
     * {@code name}: as a word, or, for a name that is also an everyday word ({@code set},
     * {@code counter}, {@code bank}), as code ({@code `set`}) or as the whole field. The one reading
     * of the field: lint, the runner and the test kit all ask it which checkers a scenario declares.
     */
    public static boolean mentions(String fieldText, String name) {
        if (fieldText == null || name == null) return false;
        String t = fieldText.toLowerCase(Locale.ROOT);
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (n.isEmpty()) return false;
        if (EVERYDAY_WORDS.contains(n)) return t.strip().equals(n) || t.contains("`" + n + "`");
        return indexOfWord(t, n) >= 0;
    }

    /** True when {@code name} is one of {@link #CHECKERS}. */
    public static boolean isKnownChecker(String name) {
        return name != null && CHECKERS.contains(name.strip().toLowerCase(Locale.ROOT));
    }

    private static int countWords(String s) {
        Matcher m = WORD.matcher(s);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    /** Index of {@code word} in {@code text} at word boundaries (letters/digits/'-' are word characters), or -1. */
    static int indexOfWord(String text, String word) {
        int from = 0;
        while (true) {
            int i = text.indexOf(word, from);
            if (i < 0) return -1;
            int end = i + word.length();
            boolean startOk = i == 0 || !isWordChar(text.charAt(i - 1));
            boolean endOk = end >= text.length() || !isWordChar(text.charAt(end));
            if (startOk && endOk) return i;
            from = i + 1;
        }
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-' || c == '_';
    }
}
