package dev.falsify.app.ui.session;

import dev.falsify.app.ui.tab.WorkbenchTab;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;

/** A tab holding a {@link SessionView}, titled {@code <plan-slug> @ <time>} once the folder is read. */
public final class SessionTab extends Tab implements WorkbenchTab {
    private final SessionView view;

    public SessionTab(Path dir, ReviewHost host) {
        view = new SessionView(dir, host, Clock.systemUTC());
        textProperty().bind(view.titleProperty());
        setTooltip(new Tooltip(view.dir().toString()));
        getStyleClass().add("session-tab");
        setContent(view);
    }

    public SessionView view() {
        return view;
    }

    public Path dir() {
        return view.dir();
    }

    @Override
    public Tab tab() {
        return this;
    }

    /** The session folder (absolute, normalized). */
    @Override
    public Optional<Path> key() {
        return Optional.of(dir());
    }

    @Override
    public Optional<Path> sessionFolder() {
        return Optional.of(dir());
    }
}
