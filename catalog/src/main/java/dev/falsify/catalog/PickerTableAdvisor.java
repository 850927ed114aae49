package dev.falsify.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Answers the checker picker from the catalog's own picker table, resolving model aliases
 * ({@code cas-register} → register, {@code kv} → map) through the history models. A row whose model
 * is {@code any} applies to every model.
 */
public final class PickerTableAdvisor implements CheckerAdvisor {
    private final Catalog catalog;

    public PickerTableAdvisor(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<String> checkersFor(String model, String category) {
        String m = model.trim().toLowerCase(Locale.ROOT);
        String canonical = catalog.historyModel(m).map(HistoryModel::name).orElse(m);
        String c = category.trim().toLowerCase(Locale.ROOT);
        if (c.equals("performance")) {
            c = "performance-slo";
        }
        List<String> out = new ArrayList<>();
        for (PickerRow row : catalog.pickerTable()) {
            boolean modelFits = row.model().equals("any") || row.model().equals(canonical);
            if (modelFits && row.category().toLowerCase(Locale.ROOT).equals(c)) {
                row.checkers().stream().filter(x -> !out.contains(x)).forEach(out::add);
            }
        }
        return out;
    }
}
