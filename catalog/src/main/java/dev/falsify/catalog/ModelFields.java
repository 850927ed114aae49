package dev.falsify.catalog;

import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * The history fields the checkers of some models need beyond the core fields (histories-and-checkers.md)
 * and the op types a recorder should emit, for §7.M skeletons. The models are named by their canonical
 * {@link HistoryModel} names only: the catalog does not keep a second list of names or aliases, and
 * refuses a name the vocabulary does not define canonically.
 *
 * @param models      the models these fields are for (canonical names)
 * @param opTypes     the op types a recorder emits for them
 * @param extraFields fields beyond {@link #CORE_FIELDS}
 * @param note        what else the recorder must respect
 */
public record ModelFields(List<String> models, List<String> opTypes, List<String> extraFields, String note) {
    public static final List<String> CORE_FIELDS = List.of("op_id", "process_id", "invoke_ts", "complete_ts",
            "op_type", "input", "output", "timeout_marker");

    public ModelFields {
        models = RequiredField.list(models, "models");
        if (models.isEmpty()) throw new IllegalArgumentException("field 'models' names no model");
        for (String m : models) {
            String canonical = HistoryModel.canonical(m);
            if (!m.equals(canonical)) {
                throw new IllegalArgumentException("model '" + m + "' is not a canonical history model name"
                        + (canonical == null ? " (known: " + String.join(", ", HistoryModel.ids()) + ")"
                        : " (write " + canonical + ")"));
            }
        }
        opTypes = RequiredField.list(opTypes, "opTypes");
        extraFields = RequiredField.list(extraFields, "extraFields");
    }

    /** True when these fields are for {@code model}. */
    public boolean covers(HistoryModel model) {
        return model != null && models.contains(model.id());
    }
}
