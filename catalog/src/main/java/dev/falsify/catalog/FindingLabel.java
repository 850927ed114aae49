package dev.falsify.catalog;

import java.util.List;

/**
 * A label a finding carries: a TaxDC top-level category, a secondary tag, a severity or a blame
 * class ({@code axis}). {@code value} is exactly what a finding file writes.
 */
public record FindingLabel(String axis, String value, String meaning, String example) implements CatalogEntry {
    public static final List<String> AXES = List.of("taxdc", "tag", "severity", "blame");

    public FindingLabel {
        RequiredField.text(axis, "axis");
        RequiredField.text(value, "value");
        RequiredField.text(meaning, "meaning");
        if (!AXES.contains(axis)) {
            throw new IllegalArgumentException("label axis must be one of " + AXES + ", not " + axis);
        }
    }

    @Override
    public String id() {
        // the interim blame value is a sentence; its id is its first word ("blame:unknown")
        int space = value.indexOf(' ');
        return axis + ":" + (space < 0 ? value : value.substring(0, space));
    }

    @Override
    public EntryKind kind() {
        return EntryKind.LABEL;
    }

    @Override
    public String title() {
        return switch (axis) {
            case "taxdc" -> "Bug type (TaxDC): " + value;
            case "tag" -> "Secondary tag: " + value;
            case "severity" -> "Severity " + value;
            default -> "Blame: " + value;
        };
    }

    @Override
    public String summary() {
        return meaning;
    }

    @Override
    public List<String> keywords() {
        return switch (axis) {
            case "taxdc" -> List.of("taxdc", "bug type", "classification");
            case "tag" -> List.of("taxdc", "tag", "classification");
            case "severity" -> List.of("severity", "priority");
            default -> List.of("blame", "reduction", "classification");
        };
    }

    @Override
    public List<String> bodyText() {
        return example == null ? List.of() : List.of(example);
    }
}
