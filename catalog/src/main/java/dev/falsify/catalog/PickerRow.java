package dev.falsify.catalog;

import java.util.List;

/** A row of the checker picker table: for this model and claim category, these checkers. */
public record PickerRow(String model, String category, List<String> checkers, String note)
        implements CatalogEntry {
    public PickerRow {
        RequiredField.text(model, "model");
        RequiredField.text(category, "category");
        checkers = RequiredField.list(checkers, "checkers");
    }

    @Override
    public String id() {
        return "PK-" + model.replace('/', '-') + "-" + category;
    }

    @Override
    public EntryKind kind() {
        return EntryKind.PICKER;
    }

    @Override
    public String title() {
        return model + " + " + category + " → " + String.join(" + ", checkers);
    }

    @Override
    public String summary() {
        return note == null ? "" : note;
    }

    @Override
    public List<String> keywords() {
        return List.of("checker", "picker", model, category);
    }

    @Override
    public List<String> bodyText() {
        return List.of();
    }
}
