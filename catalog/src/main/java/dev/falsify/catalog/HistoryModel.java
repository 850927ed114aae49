package dev.falsify.catalog;

import java.util.List;

/**
 * A model a §7.M block may name, with the history fields its checker needs beyond the core fields
 * (from histories-and-checkers.md) and the op types a recorder should emit.
 */
public record HistoryModel(String name, List<String> aliases, List<String> opTypes,
                           List<String> extraFields, String note) {
    public static final List<String> CORE_FIELDS = List.of("op_id", "process_id", "invoke_ts", "complete_ts",
            "op_type", "input", "output", "timeout_marker");

    public HistoryModel {
        RequiredField.text(name, "name");
        aliases = RequiredField.optionalList(aliases);
        opTypes = RequiredField.list(opTypes, "opTypes");
        extraFields = RequiredField.list(extraFields, "extraFields");
    }

    public boolean answersTo(String model) {
        String m = model.trim().toLowerCase(java.util.Locale.ROOT);
        return name.equals(m) || aliases.contains(m);
    }
}
