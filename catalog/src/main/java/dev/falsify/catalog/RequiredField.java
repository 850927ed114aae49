package dev.falsify.catalog;

import java.util.List;

/** Checks for content fields every entry must have, so a missing one is named instead of an NPE. */
final class RequiredField {
    private RequiredField() {
    }

    static <T> List<T> list(List<T> value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return List.copyOf(value);
    }

    static <T> List<T> optionalList(List<T> value) {
        return value == null ? List.of() : List.copyOf(value);
    }

    static <T> T object(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return value;
    }

    static String text(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("missing or empty field '" + field + "'");
        }
        return value;
    }
}
