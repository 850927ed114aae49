package dev.falsify.app.ui.theme;

import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Whether a node is shown in the dark theme, for the views that paint their own pixels (canvases,
 * rasters): CSS cannot reach inside them. The window marks its root with the {@code dark} style class
 * ({@code WindowTheme}); a node is dark when it or an ancestor carries it. {@link #repaintOnSwitch}
 * repaints such a view when the class comes or goes, so no view needs the {@link ThemeSetting} handed down.
 */
public final class DarkMode {
    public static final String STYLE_CLASS = "dark";

    private DarkMode() {
    }

    public static boolean isDark(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getStyleClass().contains(STYLE_CLASS)) return true;
        }
        return false;
    }

    /** Calls {@code repaint} whenever the node's scene root gains or loses the dark class (and when the node changes scene). */
    public static void repaintOnSwitch(Node node, Runnable repaint) {
        ListChangeListener<String> classes = c -> repaint.run();
        ChangeListener<Parent> roots = (o, was, now) -> {
            if (was != null) was.getStyleClass().removeListener(classes);
            if (now != null) now.getStyleClass().addListener(classes);
            repaint.run();
        };
        node.sceneProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.rootProperty().removeListener(roots);
                if (was.getRoot() != null) was.getRoot().getStyleClass().removeListener(classes);
            }
            if (now != null) attach(now, roots, classes);
        });
        if (node.getScene() != null) attach(node.getScene(), roots, classes);
    }

    private static void attach(Scene scene, ChangeListener<Parent> roots, ListChangeListener<String> classes) {
        scene.rootProperty().addListener(roots);
        if (scene.getRoot() != null) scene.getRoot().getStyleClass().addListener(classes);
    }
}
