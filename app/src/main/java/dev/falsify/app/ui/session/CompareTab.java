package dev.falsify.app.ui.session;

import java.nio.file.Path;
import javafx.scene.control.Tab;

/** A tab holding the comparison of two sessions. */
public final class CompareTab extends Tab {
    private final CompareView view;
    private final Path before;
    private final Path after;

    public CompareTab(Path before, Path after, ReviewHost host) {
        this.before = before.toAbsolutePath().normalize();
        this.after = after.toAbsolutePath().normalize();
        view = new CompareView(before, after, host);
        textProperty().bind(view.titleProperty());
        getStyleClass().add("compare-tab");
        setContent(view);
    }

    public CompareView view() {
        return view;
    }

    public boolean compares(Path b, Path a) {
        return before.equals(b.toAbsolutePath().normalize()) && after.equals(a.toAbsolutePath().normalize());
    }
}
