package dev.falsify.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * A row of the checker picker table: for these models (or {@code any}) and this claim category, these
 * checkers. Built from the model module's CheckerPicker by {@link PickerTable}.
 */
public record PickerRow(List<String> models, String category, List<String> checkers, String note)
        implements CatalogEntry {
    public PickerRow {
        models = RequiredField.list(models, "models");
        RequiredField.text(category, "category");
        checkers = RequiredField.list(checkers, "checkers");
        note = note == null ? "" : note;
    }

    @Override
    public String id() {
        return "PK-" + models.get(0) + "-" + category;
    }

    @Override
    public EntryKind kind() {
        return EntryKind.PICKER;
    }

    @Override
    public String title() {
        return String.join(" / ", models) + " + " + category + " → " + String.join(" + ", checkers);
    }

    @Override
    public String summary() {
        return note;
    }

    @Override
    public List<String> keywords() {
        List<String> k = new ArrayList<>(List.of("checker", "picker", category));
        k.addAll(models);
        return k;
    }

    @Override
    public List<String> bodyText() {
        return List.of();
    }
}
