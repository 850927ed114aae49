package dev.falsify.catalog;

import java.util.List;

/**
 * One row of the symptom → technique index: "if you suspect {@code suspect} could break, reach for
 * {@code techniques}", with the oracle patterns and nemeses that usually go with them.
 */
public record SymptomRow(String id, String suspect, List<String> techniques, List<String> oracles,
                         List<String> nemeses, String why, List<String> keywords) implements CatalogEntry {
    public SymptomRow {
        RequiredField.text(id, "id");
        RequiredField.text(suspect, "suspect");
        RequiredField.text(why, "why");
        techniques = RequiredField.list(techniques, "techniques");
        oracles = RequiredField.optionalList(oracles);
        nemeses = RequiredField.optionalList(nemeses);
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.SYMPTOM;
    }

    @Override
    public String title() {
        return "Suspect: " + suspect;
    }

    @Override
    public String summary() {
        return why;
    }

    @Override
    public List<String> bodyText() {
        return List.of();
    }
}
