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

    /**
     * A picker id written with a model alias, in canonical names ({@code PK-map-isolation} →
     * {@code PK-kv-isolation}); other ids unchanged. Ids written before the model names were one vocabulary
     * keep working.
     */
    static String canonicalId(String id) {
        String t = id.strip();
        if (t.length() < 3 || !t.substring(0, 3).equalsIgnoreCase("PK-")) return id;
        String rest = t.substring(3);
        for (int dash = rest.lastIndexOf('-'); dash > 0; dash = rest.lastIndexOf('-', dash - 1)) {
            String model = dev.falsify.model.vocabulary.HistoryModel.canonical(rest.substring(0, dash));
            if (model != null) return "PK-" + model + rest.substring(dash);
        }
        return id;
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
