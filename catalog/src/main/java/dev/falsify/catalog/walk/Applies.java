package dev.falsify.catalog.walk;

import java.util.Locale;

/** The author's answer for one pitfall: does it apply to the system under test? */
public enum Applies {
    YES("y"), NO("n"), MAYBE("maybe"), UNANSWERED("");

    private final String cell;

    Applies(String cell) {
        this.cell = cell;
    }

    /** What the pitfall-walk table writes in the "Applies?" column. */
    public String cell() {
        return cell;
    }

    /** Reads a table cell leniently: y / yes / ✓ / x, n / no / ✗, maybe / ? / partly / partial. */
    public static Applies fromCell(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replaceAll("[*_`.]", "");
        return switch (t) {
            case "y", "yes", "✓", "✔", "x", "applies", "true" -> YES;
            case "n", "no", "✗", "✘", "n/a", "na", "false", "does not apply" -> NO;
            case "maybe", "?", "m", "partly", "partial", "unsure", "possibly" -> MAYBE;
            default -> t.startsWith("yes") || t.startsWith("y ") ? YES
                    : t.startsWith("no") || t.startsWith("n ") ? NO
                    : t.startsWith("maybe") ? MAYBE : UNANSWERED;
        };
    }
}
