package dev.falsify.catalog;

import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checker picker shown as catalog entries. The picker itself is {@link CheckerPicker} (module
 * model, shared with lint and {@code falsify check}); this only tabulates it: every (model, claim
 * category) pair it answers, with models that get the same answer folded into one row and a pick that
 * holds for every model written as {@code any}.
 */
public final class PickerTable {
    private PickerTable() {
    }

    /** The rows of the picker, in the picker's model order. */
    public static List<PickerRow> rows() {
        record Key(ClaimCategory category, List<String> checkers, String note) {
        }
        Map<Key, List<String>> models = new LinkedHashMap<>();
        for (HistoryModel model : HistoryModel.values()) {
            for (ClaimCategory category : ClaimCategory.values()) {
                CheckerPicker.Pick pick = CheckerPicker.pick(model, category);
                if (!pick.isEmpty()) {
                    models.computeIfAbsent(new Key(category, pick.checkers(), pick.note()), k -> new ArrayList<>())
                            .add(model.id());
                }
            }
        }
        List<PickerRow> rows = new ArrayList<>();
        models.forEach((key, ms) -> rows.add(new PickerRow(
                ms.size() == HistoryModel.values().length ? List.of("any") : ms,
                key.category().label(), key.checkers(), key.note())));
        return rows;
    }

    /** The picker as a {@link CheckerAdvisor}: category words such as "performance" are accepted. */
    public static CheckerAdvisor advisor() {
        return (model, category) -> {
            ClaimCategory c = ClaimCategory.fromWord(category.trim());
            return c == null ? List.of() : CheckerPicker.pick(model, c).checkers();
        };
    }
}
