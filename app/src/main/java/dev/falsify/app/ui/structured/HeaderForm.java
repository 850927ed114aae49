package dev.falsify.app.ui.structured;

import dev.falsify.model.plan.Plan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/** The plan's header block as a form: each field is committed as a patch of its value on Enter or focus loss. */
final class HeaderForm extends GridPane {
    private static final String[][] ROWS = {{"date", "Date"}, {"mode", "Plan mode"}, {"sut", "SUT"},
        {"change", "Change under test"}, {"author", "Plan author"}, {"status", "Status"}};

    private final PlanEdits edits;
    private final Map<String, TextInputControl> fields = new LinkedHashMap<>();

    HeaderForm(PlanEdits edits) {
        this.edits = edits;
        setHgap(8);
        setVgap(6);
        setPadding(new Insets(10));
        int r = 0;
        for (String[] row : ROWS) {
            String field = row[0];
            TextInputControl input;
            if (field.equals("mode") || field.equals("status")) {
                ComboBox<String> combo = new ComboBox<>(FXCollections.observableArrayList(field.equals("mode")
                        ? List.of("project-wide", "change-scoped") : List.of("draft", "reviewed", "executed")));
                combo.setEditable(true);
                combo.setMaxWidth(Double.MAX_VALUE);
                combo.setOnAction(e -> commit(field, combo.getEditor().getText()));
                input = combo.getEditor();
                addRow(r++, FormParts.fieldLabel(row[1]), combo);
                GridPane.setHgrow(combo, Priority.ALWAYS);
            } else {
                TextField tf = new TextField();
                tf.setOnAction(e -> commit(field, tf.getText()));
                input = tf;
                addRow(r++, FormParts.fieldLabel(row[1]), tf);
                GridPane.setHgrow(tf, Priority.ALWAYS);
            }
            input.setId("header-" + field);
            TextInputControl in = input;
            in.focusedProperty().addListener((o, was, now) -> {
                if (!now) {
                    commit(field, in.getText());
                }
            });
            fields.put(field, input);
        }
    }

    /** Shows the plan's header values, except in the field the user is typing in. */
    void show(Plan p) {
        for (Map.Entry<String, TextInputControl> e : fields.entrySet()) {
            if (!e.getValue().isFocused()) {
                e.getValue().setText(p.header().value(e.getKey()));
            }
        }
    }

    private void commit(String field, String value) {
        Plan p = edits.currentPlan().get();
        if (p == null || Objects.equals(p.header().value(field), value.strip())) {
            return;
        }
        edits.apply().accept(PlanEditing.edit(p, e -> e.setHeaderField(field, value.strip())));
    }
}
