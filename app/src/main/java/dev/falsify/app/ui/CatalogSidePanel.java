package dev.falsify.app.ui;

import dev.falsify.app.ui.catalog.CatalogPanel;
import dev.falsify.app.ui.catalog.PitfallWalkView;
import dev.falsify.catalog.Catalog;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The panel docked right of the tabs: the catalog (techniques, pitfalls, nemeses, oracle patterns,
 * checker picker) and the pitfall walk, which insert into whichever plan tab is selected, at its
 * caret. Built the first time it is shown.
 */
final class CatalogSidePanel {
    private final SplitPane body;
    private final Supplier<Optional<PlanTab>> selectedPlan;
    private final CheckMenuItem menuItem = new CheckMenuItem("Catalog Panel");
    private TabPane catalogPane;
    private Node sidePanel;

    /** @param body the window's split pane: tree column, tabs, and this panel when shown */
    CatalogSidePanel(SplitPane body, Supplier<Optional<PlanTab>> selectedPlan) {
        this.body = body;
        this.selectedPlan = selectedPlan;
        menuItem.setAccelerator(Accelerator.of("Shortcut+Shift+K"));
        menuItem.setOnAction(e -> show(menuItem.isSelected()));
    }

    /** View ▸ Catalog Panel. */
    CheckMenuItem menuItem() {
        return menuItem;
    }

    void show(boolean show) {
        menuItem.setSelected(show);
        if (!show) {
            dock(null);
            return;
        }
        if (catalogPane == null) {
            catalogPane = build();
        }
        dock(catalogPane);
    }

    /** Docks {@code panel} (null: none) to the right of the tabs. */
    void dock(Node panel) {
        if (sidePanel != null) {
            body.getItems().remove(sidePanel);
        }
        sidePanel = panel;
        if (panel != null) {
            body.getItems().add(panel);
            body.setDividerPositions(0.17, 0.78);
        }
    }

    private TabPane build() {
        Catalog catalog = Catalog.standard();
        ActiveEditorTarget target = new ActiveEditorTarget(selectedPlan);
        CatalogPanel panel = new CatalogPanel(catalog, target);
        PitfallWalkView walk = new PitfallWalkView(catalog, target);
        Tab catalogTab = new Tab("Catalog", panel);
        Tab walkTab = new Tab("Pitfall walk", walk);
        walkTab.setOnSelectionChanged(e -> {
            if (walkTab.isSelected()) {
                walk.reload();
            }
        });
        TabPane pane = new TabPane(catalogTab, walkTab);
        pane.setId("catalog-side-panel");
        pane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        pane.setMinWidth(340);
        pane.setPrefWidth(380);
        SplitPane.setResizableWithParent(pane, false);
        return pane;
    }
}
