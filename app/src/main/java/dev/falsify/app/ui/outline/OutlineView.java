package dev.falsify.app.ui.outline;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntConsumer;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;

/**
 * The section outline of the open plan: §0–§9 with their parts and the claims, hypotheses and
 * scenarios under them. A click (or Enter) jumps the editor to the line; sections the plan lacks are
 * listed greyed and go nowhere. Refreshed from every analysis; what the user expanded stays expanded.
 */
public final class OutlineView extends TreeView<OutlineEntry> {
    private final IntConsumer jump;
    private final Set<String> collapsed = new HashSet<>();

    /** {@code jump} receives the text offset to show. */
    public OutlineView(IntConsumer jump) {
        this.jump = jump;
        setId("plan-outline");
        getStyleClass().add("plan-outline");
        setShowRoot(false);
        setRoot(new TreeItem<>());
        setCellFactory(tv -> new TreeCell<>() {
            @Override
            protected void updateItem(OutlineEntry e, boolean empty) {
                super.updateItem(e, empty);
                getStyleClass().removeIf(c -> c.startsWith("outline-"));
                if (empty || e == null) {
                    setText(null);
                    return;
                }
                setText(e.label());
                getStyleClass().add("outline-" + e.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
        });
        setOnMouseClicked(e -> {
            if (e.getClickCount() >= 1) {
                jumpToSelected();
            }
        });
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                jumpToSelected();
            }
        });
    }

    public void show(List<OutlineEntry> entries) {
        OutlineEntry selected = getSelectionModel().getSelectedItem() == null ? null
                : getSelectionModel().getSelectedItem().getValue();
        rememberCollapsed(getRoot());
        getRoot().getChildren().setAll(entries.stream().map(this::item).toList());
        if (selected != null) {
            select(getRoot(), key(selected));
        }
    }

    /** The entries shown, top level first (for tests). */
    public List<OutlineEntry> entries() {
        return getRoot().getChildren().stream().map(TreeItem::getValue).toList();
    }

    /** Selects the entry for {@code id} (a section like "7" or an element like "S3") and jumps to it; false if absent. */
    public boolean reveal(String id) {
        TreeItem<OutlineEntry> found = find(getRoot(), id);
        if (found == null) {
            return false;
        }
        for (TreeItem<OutlineEntry> p = found.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        getSelectionModel().select(found);
        scrollTo(getRow(found));
        jumpToSelected();
        return true;
    }

    private void jumpToSelected() {
        TreeItem<OutlineEntry> item = getSelectionModel().getSelectedItem();
        if (item != null && item.getValue() != null && item.getValue().navigable()) {
            jump.accept(item.getValue().offset());
        }
    }

    private TreeItem<OutlineEntry> item(OutlineEntry e) {
        TreeItem<OutlineEntry> item = new TreeItem<>(e);
        for (OutlineEntry c : e.children()) {
            item.getChildren().add(item(c));
        }
        item.setExpanded(!collapsed.contains(key(e)));
        item.expandedProperty().addListener((o, was, now) -> {
            if (now) {
                collapsed.remove(key(e));
            } else {
                collapsed.add(key(e));
            }
        });
        return item;
    }

    private void rememberCollapsed(TreeItem<OutlineEntry> item) {
        for (TreeItem<OutlineEntry> c : item.getChildren()) {
            if (!c.isLeaf() && !c.isExpanded()) {
                collapsed.add(key(c.getValue()));
            }
            rememberCollapsed(c);
        }
    }

    private boolean select(TreeItem<OutlineEntry> item, String key) {
        for (TreeItem<OutlineEntry> c : item.getChildren()) {
            if (key(c.getValue()).equals(key)) {
                getSelectionModel().select(c);
                return true;
            }
            if (select(c, key)) {
                return true;
            }
        }
        return false;
    }

    private static TreeItem<OutlineEntry> find(TreeItem<OutlineEntry> item, String id) {
        for (TreeItem<OutlineEntry> c : item.getChildren()) {
            if (c.getValue() != null && id.equalsIgnoreCase(c.getValue().id())) {
                return c;
            }
            TreeItem<OutlineEntry> deeper = find(c, id);
            if (deeper != null) {
                return deeper;
            }
        }
        return null;
    }

    private static String key(OutlineEntry e) {
        return e.kind() + ":" + (e.id() != null ? e.id() : e.label());
    }
}
