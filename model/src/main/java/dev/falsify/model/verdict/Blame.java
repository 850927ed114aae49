package dev.falsify.model.verdict;

import java.util.Locale;
import java.util.Optional;

/** Who is to blame for a finding, after reduction. */
public enum Blame {
    SUT("SUT"), HARNESS("harness"), CHECKER("checker"), ENVIRONMENT("environment"),
    UNKNOWN("unknown \u2014 pending re-run on alternative harness/host");

    private final String label;

    Blame(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    public static Optional<Blame> find(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String t = text.strip().toLowerCase(Locale.ROOT).replace("*", "").replace("`", "");
        if (t.startsWith("sut") || t.startsWith("system under test")) {
            return Optional.of(SUT);
        }
        for (Blame b : values()) {
            if (t.startsWith(b.name().toLowerCase(Locale.ROOT))) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
