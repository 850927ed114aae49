package dev.falsify.app.ui.structured;

import java.util.List;
import java.util.function.Function;
import java.util.function.IntConsumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * The pieces every tab of the structured view is built from — a field label, a scroll pane, a list
 * with its toolbar, an id column — and keeping a list's selection across a re-parse, so the tabs
 * look and behave alike.
 */
final class FormParts {
    private FormParts() {
    }

    static Label fieldLabel(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("field-label");
        l.setMinWidth(150);
        return l;
    }

    static ScrollPane scroll(Node n) {
        ScrollPane sp = new ScrollPane(n);
        sp.setFitToWidth(true);
        return sp;
    }

    static Node withToolbar(Node main, Button... buttons) {
        HBox bar = new HBox(6, buttons);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        BorderPane bp = new BorderPane(main);
        bp.setBottom(bar);
        return bp;
    }

    static <T> TableColumn<T, String> idColumn(Function<T, String> id) {
        TableColumn<T, String> col = new TableColumn<>("ID");
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(id.apply(c.getValue())));
        col.setEditable(false);
        col.setPrefWidth(50);
        col.setMinWidth(44); // the constrained tables otherwise squeeze it to nothing when the catalog docks
        col.setMaxWidth(60);
        return col;
    }

    static <T> int indexOf(List<T> items, String id, Function<T, String> key) {
        for (int i = 0; i < items.size(); i++) {
            if (key.apply(items.get(i)).equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /** Replaces the rows and selects again the element (by id) that was selected. */
    static <T> void replaceKeepingSelection(TableView<T> t, List<T> items, Function<T, String> key) {
        T sel = t.getSelectionModel().getSelectedItem();
        t.getItems().setAll(items);
        reselect(sel, items, key, t.getSelectionModel()::select);
    }

    /** Replaces the items and selects again the element (by id) that was selected. */
    static <T> void replaceKeepingSelection(ListView<T> l, List<T> items, Function<T, String> key) {
        T sel = l.getSelectionModel().getSelectedItem();
        l.getItems().setAll(items);
        reselect(sel, items, key, l.getSelectionModel()::select);
    }

    private static <T> void reselect(T sel, List<T> items, Function<T, String> key, IntConsumer select) {
        if (sel != null) {
            int i = indexOf(items, key.apply(sel), key);
            if (i >= 0) {
                select.accept(i);
            }
        }
    }
}
