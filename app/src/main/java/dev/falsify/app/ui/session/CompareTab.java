package dev.falsify.app.ui.session;

import dev.falsify.app.ui.tab.WorkbenchTab;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.Tab;

/** A tab holding the comparison of two sessions. */
public final class CompareTab extends Tab implements WorkbenchTab {
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

    /** What a comparison tab shows: the earlier and the later session folder, in that order. */
    public static List<Path> keyOf(Path before, Path after) {
        return List.of(before.toAbsolutePath().normalize(), after.toAbsolutePath().normalize());
    }

    @Override
    public Tab tab() {
        return this;
    }

    @Override
    public Optional<List<Path>> key() {
        return Optional.of(List.of(before, after));
    }
}
