package dev.falsify.app.ui.editor;

import java.util.function.Predicate;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** Ctrl+F: a one-line find bar above the editor; Enter finds the next match, Esc closes it. */
final class FindBar extends HBox {
    private final TextField field = new TextField();

    /**
     * @param findNext searches forward for the text, true when found
     * @param onClose  gives the focus back to the editor
     */
    FindBar(Predicate<String> findNext, Runnable onClose) {
        super(6);
        field.setPromptText("Find (Enter: next, Esc: close)");
        field.setOnAction(e -> findNext.test(field.getText()));
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                close();
                onClose.run();
            }
        });
        HBox.setHgrow(field, Priority.ALWAYS);
        Button close = new Button("×");
        close.setOnAction(e -> {
            close();
            onClose.run();
        });
        getChildren().addAll(new Label("Find:"), field, close);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(4, 6, 4, 6));
        getStyleClass().add("find-bar");
        close();
    }

    /** Shows the bar with {@code initial} (a one-line selection) or the last search, selected. */
    void open(String initial) {
        setVisible(true);
        setManaged(true);
        if (!initial.isEmpty() && !initial.contains("\n")) {
            field.setText(initial);
        }
        field.requestFocus();
        field.selectAll();
    }

    private void close() {
        setVisible(false);
        setManaged(false);
    }
}
