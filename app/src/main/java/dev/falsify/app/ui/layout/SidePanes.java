package dev.falsify.app.ui.layout;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Region;

/**
 * Side panes of a horizontal split that give way on a small screen. A side pane that does not
 * resize with its parent keeps its width when the window shrinks, so at 1024 px a tree, a verdict
 * panel and a stepper left the history timeline 170 px. Here each side takes its preferred width
 * while there is room, and never more than {@code share} of the split once the split is narrower
 * than the sides want, so the centre always keeps most of the width; a side squeezed below its
 * minimum width is collapsed (the divider sits at the edge and can be dragged back).
 *
 * <p>The sides are re-placed only when the split's width changes (the window resized, a pane added
 * or removed): a divider the reviewer drags stays where it was put.
 */
public final class SidePanes {
    private SidePanes() {
    }

    /**
     * @param split a horizontal split: items before {@code centre} are left sides, after it right sides
     * @param centre the pane that keeps most of the width
     * @param share the most of the split's width one side may take when space is short (0 to 0.5)
     */
    public static void keepCentreWide(SplitPane split, Node centre, double share) {
        Runnable place = () -> Platform.runLater(() -> place(split, centre, share));
        split.widthProperty().addListener((o, was, now) -> place.run());
        split.getItems().addListener((javafx.collections.ListChangeListener<Node>) c -> place.run());
    }

    /** Puts the dividers for the split's current width. */
    public static void place(SplitPane split, Node centre, double share) {
        List<Node> items = split.getItems();
        int at = items.indexOf(centre);
        double width = split.getWidth();
        if (at < 0 || width <= 0 || items.size() < 2) {
            return;
        }
        double[] widths = new double[items.size()];
        for (int i = 0; i < items.size(); i++) {
            if (i != at) {
                widths[i] = sideWidth(items.get(i), width, share);
            }
        }
        double[] positions = new double[items.size() - 1];
        double x = 0;
        for (int i = 0; i < at; i++) {
            x += widths[i];
            positions[i] = x / width;
        }
        double right = width;
        for (int i = items.size() - 1; i > at; i--) {
            right -= widths[i];
            positions[i - 1] = right / width;
        }
        split.setDividerPositions(positions);
    }

    private static double sideWidth(Node side, double width, double share) {
        double pref = side instanceof Region r && r.getPrefWidth() > 0 ? r.getPrefWidth() : side.prefWidth(-1);
        double min = side.minWidth(-1);
        double room = width * share;
        if (pref <= room) {
            return pref;
        }
        if (min <= room) {
            return room;
        }
        if (side instanceof Region r) {
            r.setMinWidth(0); // collapsed: its divider sits at the edge and can be dragged back
        }
        return 0;
    }
}
