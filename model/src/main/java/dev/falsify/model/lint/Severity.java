package dev.falsify.model.lint;

import java.util.Locale;

public enum Severity {
    ERROR, WARNING, INFO;

    /** {@code error}, {@code warning}, {@code info}: as printed and in JSON. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
