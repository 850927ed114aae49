package dev.falsify.app.ui.tab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.app.ui.OnFx;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The one find-or-open of the window: opening what is open focuses it, whatever kind of tab it is. */
@ExtendWith(ApplicationExtension.class)
class TabRouterFxTest {
    /** A document tab keyed by its file. */
    static class FileTab extends Tab implements WorkbenchTab {
        final Path file;
        int reopened;
        int closed;

        FileTab(Path file) {
            super(file.getFileName().toString());
            this.file = file;
            setOnClosed(e -> closed++);
        }

        @Override
        public Tab tab() {
            return this;
        }

        @Override
        public Optional<Path> key() {
            return Optional.of(file);
        }

        @Override
        public void reopened() {
            reopened++;
        }
    }

    /** Another kind of tab that may show the same file (a plan and its read-only view). */
    static final class OtherTab extends FileTab {
        OtherTab(Path file) {
            super(file);
        }
    }

    /** A tab that is never reused. */
    static final class RunLikeTab extends Tab implements WorkbenchTab {
        @Override
        public Tab tab() {
            return this;
        }
    }

    private TabPane pane;
    private TabRouter router;
    private final List<WorkbenchTab> added = new ArrayList<>();

    @Start
    void start(Stage stage) {
        pane = new TabPane();
        router = new TabRouter(pane, added::add);
        stage.setScene(new Scene(pane, 400, 300));
        stage.show();
    }

    @Test
    void openingWhatIsOpenFocusesItsTabInsteadOfAddingOne() throws Exception {
        Path a = Path.of("/w/a.md");
        Path b = Path.of("/w/b.md");
        AtomicInteger made = new AtomicInteger();
        FileTab first = OnFx.call(() -> router.open(FileTab.class, a, () -> {
            made.incrementAndGet();
            return new FileTab(a);
        }));
        FileTab second = OnFx.call(() -> router.open(FileTab.class, b, () -> new FileTab(b)));
        assertThat(OnFx.call(() -> pane.getSelectionModel().getSelectedItem())).isSameAs(second);

        FileTab again = OnFx.call(() -> router.open(FileTab.class, Path.of("/w/a.md"), () -> {
            made.incrementAndGet();
            return new FileTab(a);
        }));
        assertThat(again).isSameAs(first);
        assertThat(made).hasValue(1);
        assertThat(first.reopened).as("told it was opened again").isEqualTo(1);
        assertThat(OnFx.call(() -> pane.getSelectionModel().getSelectedItem())).isSameAs(first);
        assertThat(OnFx.call(() -> pane.getTabs().size())).isEqualTo(2);
        assertThat(added).containsExactly(first, second);
        assertThat(OnFx.call(() -> router.find(FileTab.class, b))).contains(second);
        assertThat(OnFx.call(() -> router.selected(FileTab.class))).contains(first);
    }

    @Test
    void theSameFileInAnotherKindOfTabIsAnotherTab() {
        Path a = Path.of("/w/a.md");
        FileTab plan = OnFx.call(() -> router.open(FileTab.class, a, () -> new FileTab(a)));
        OtherTab view = OnFx.call(() -> router.open(OtherTab.class, a, () -> new OtherTab(a)));
        assertThat(view).isNotSameAs(plan);
        assertThat(OnFx.call(() -> router.selected(OtherTab.class))).contains(view);
        OnFx.run(() -> pane.getSelectionModel().select(plan));
        assertThat(OnFx.call(() -> router.selected(OtherTab.class))).as("a plan tab is not the other kind").isEmpty();
        // a FileTab lookup may find the OtherTab too (it is one): the first of the kind wins
        assertThat(OnFx.call(() -> router.find(FileTab.class, a))).contains(plan);
    }

    @Test
    void tabsWithoutAKeyAreNeverReusedAndAFailedFactoryAddsNothing() {
        RunLikeTab r1 = new RunLikeTab();
        RunLikeTab r2 = new RunLikeTab();
        OnFx.run(() -> {
            router.show(r1);
            router.show(r2);
            router.show(r1); // showing an open tab again only selects it
        });
        assertThat(OnFx.call(() -> router.all())).containsExactly(r1, r2);
        assertThat(OnFx.call(() -> router.selected())).contains(r1);
        assertThatThrownBy(() -> OnFx.call(() -> router.open(FileTab.class, Path.of("/w/bad.md"), () -> {
            throw new IOException("not UTF-8");
        }))).hasRootCauseMessage("not UTF-8");
        assertThat(OnFx.call(() -> router.all())).containsExactly(r1, r2);
    }

    @Test
    void closingATabRemovesItAndTellsIt() {
        Path a = Path.of("/w/a.md");
        FileTab t = OnFx.call(() -> router.open(FileTab.class, a, () -> new FileTab(a)));
        OnFx.run(() -> router.close(t));
        assertThat(OnFx.call(() -> router.all())).isEmpty();
        assertThat(t.closed).as("the closed event its own close button sends").isEqualTo(1);
        OnFx.run(() -> router.close(t)); // not open: nothing happens
        assertThat(t.closed).isEqualTo(1);
    }
}
