package dev.falsify.app.ui.viewers;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Read-only lines with line numbers and a search box. A {@link ListView} draws only the visible rows,
 * so a log of a million lines scrolls like a short one. Nothing in it can be edited.
 */
public final class LogViewer extends BorderPane {
    private final ListView<String> lines = new ListView<>();
    private final TextField search = new TextField();
    private final Label matches = new Label();
    private List<String> all = List.of();
    private int lastHit = -1;

    public LogViewer() {
        getStyleClass().add("log-viewer");
        lines.setId("log-lines");
        lines.getStyleClass().add("log-lines");
        lines.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                } else {
                    setText(String.format("%6d  %s", getIndex() + 1, item));
                }
            }
        });
        search.setId("log-search");
        search.setPromptText("Search (Enter: next, Shift+Enter: previous)");
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                find(e.isShiftDown() ? -1 : 1);
            }
        });
        search.textProperty().addListener((o, a, b) -> {
            lastHit = -1;
            matches.setText("");
        });
        Button next = new Button("Next");
        next.setOnAction(e -> find(1));
        Button prev = new Button("Previous");
        prev.setOnAction(e -> find(-1));
        HBox bar = new HBox(6, search, prev, next, matches);
        HBox.setHgrow(search, Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        setTop(bar);
        setCenter(lines);
    }

    public void show(String text) {
        all = List.of(text.split("\r?\n", -1));
        if (!all.isEmpty() && all.get(all.size() - 1).isEmpty() && all.size() > 1) {
            all = all.subList(0, all.size() - 1);
        }
        lines.getItems().setAll(all);
    }

    public ListView<String> lines() {
        return lines;
    }

    public TextField searchField() {
        return search;
    }

    /** Selects the next (or previous) line containing the search text, case-insensitively; wraps around. */
    public int find(int direction) {
        String q = search.getText().toLowerCase(Locale.ROOT);
        if (q.isEmpty() || all.isEmpty()) {
            return -1;
        }
        int n = all.size();
        int start = lastHit < 0 ? (direction > 0 ? 0 : n - 1) : Math.floorMod(lastHit + direction, n);
        for (int k = 0; k < n; k++) {
            int i = Math.floorMod(start + k * direction, n);
            if (all.get(i).toLowerCase(Locale.ROOT).contains(q)) {
                lastHit = i;
                lines.getSelectionModel().clearAndSelect(i);
                lines.scrollTo(Math.max(0, i - 3));
                matches.setText("line " + (i + 1));
                return i;
            }
        }
        matches.setText("not found");
        return -1;
    }
}
