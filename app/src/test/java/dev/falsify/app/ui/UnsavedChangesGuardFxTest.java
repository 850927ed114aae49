package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.UnsavedChangesGuard.Answer;
import dev.falsify.app.ui.tab.TabRouter;
import dev.falsify.app.ui.tab.WorkbenchTab;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Nothing typed is lost without a question, and the question is asked only about what is unsaved. */
@ExtendWith(ApplicationExtension.class)
class UnsavedChangesGuardFxTest {
    /** A tab with a file and maybe unsaved edits; records what the guard did to it. */
    static final class DocTab extends Tab implements WorkbenchTab {
        final Path file;
        boolean unsaved;
        boolean failSave;
        final List<String> done = new ArrayList<>();

        DocTab(String file, boolean unsaved) {
            super(file);
            this.file = Path.of("/w", file);
            this.unsaved = unsaved;
        }

        @Override
        public Tab tab() {
            return this;
        }

        @Override
        public boolean unsaved() {
            return unsaved;
        }

        @Override
        public Optional<Path> file() {
            return Optional.of(file);
        }

        @Override
        public void save() throws IOException {
            if (failSave) throw new IOException("disk full");
            done.add("save");
            unsaved = false;
        }

        @Override
        public void discardUnsaved() {
            done.add("discard");
        }

        @Override
        public void dispose() {
            done.add("dispose");
        }
    }

    private TabRouter router;
    private final List<List<WorkbenchTab>> asked = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private Answer answer = Answer.CANCEL;
    private UnsavedChangesGuard guard;

    @Start
    void start(Stage stage) {
        TabPane pane = new TabPane();
        router = new TabRouter(pane, t -> { });
        guard = new UnsavedChangesGuard(router, dirty -> {
            asked.add(dirty);
            return answer;
        }, (what, e) -> errors.add(what + ": " + e.getMessage()));
        stage.setScene(new Scene(pane, 400, 300));
        stage.show();
    }

    private DocTab open(String name, boolean unsaved) {
        DocTab t = new DocTab(name, unsaved);
        OnFx.run(() -> {
            router.show(t);
            guard.guard(t);
        });
        return t;
    }

    @Test
    void nothingUnsavedClosesWithoutAQuestion() {
        DocTab a = open("a.md", false);
        DocTab b = open("b.md", false);
        assertThat(OnFx.call(() -> guard.close(a))).isTrue();
        assertThat(OnFx.call(() -> guard.closeAll())).isTrue();
        assertThat(asked).isEmpty();
        assertThat(a.done).isEmpty();
        assertThat(b.done).containsExactly("dispose");
        assertThat(OnFx.call(() -> router.all())).containsExactly(b); // closeAll releases; the window goes away with them
    }

    @Test
    void cancelKeepsEverythingAsItWas() {
        DocTab clean = open("clean.md", false);
        DocTab dirty = open("dirty.md", true);
        answer = Answer.CANCEL;
        assertThat(OnFx.call(() -> guard.closeAll())).isFalse();
        assertThat(asked).containsExactly(List.of(dirty));
        assertThat(dirty.done).isEmpty();
        assertThat(clean.done).as("nothing is released while the window stays").isEmpty();
        assertThat(OnFx.call(() -> guard.close(dirty))).isFalse();
        assertThat(OnFx.call(() -> router.all())).containsExactly(clean, dirty);
    }

    @Test
    void saveSavesEachUnsavedTabAndDontSaveForgetsTheirEdits() {
        DocTab one = open("one.md", true);
        DocTab two = open("two.md", true);
        DocTab clean = open("clean.md", false);
        answer = Answer.SAVE;
        assertThat(OnFx.call(() -> guard.closeAll())).isTrue();
        assertThat(asked).containsExactly(List.of(one, two));
        assertThat(one.done).containsExactly("save", "dispose");
        assertThat(two.done).containsExactly("save", "dispose");
        assertThat(clean.done).containsExactly("dispose");

        DocTab three = open("three.md", true);
        answer = Answer.DISCARD;
        assertThat(OnFx.call(() -> guard.close(three))).isTrue();
        assertThat(three.done).containsExactly("discard");
        assertThat(OnFx.call(() -> router.all())).doesNotContain(three);
    }

    @Test
    void aFailedSaveStopsTheCloseAndSaysSo() {
        DocTab t = open("t.md", true);
        t.failSave = true;
        answer = Answer.SAVE;
        assertThat(OnFx.call(() -> guard.close(t))).isFalse();
        assertThat(errors).containsExactly("Cannot save /w/t.md: disk full");
        assertThat(OnFx.call(() -> router.all())).containsExactly(t);
    }

    @Test
    void theTabsOwnCloseRequestAsksToo() {
        DocTab t = open("t.md", true);
        answer = Answer.CANCEL;
        boolean consumed = OnFx.call(() -> {
            javafx.event.Event request = new javafx.event.Event(Tab.TAB_CLOSE_REQUEST_EVENT);
            t.getOnCloseRequest().handle(request);
            return request.isConsumed();
        });
        assertThat(consumed).as("a cancelled question keeps the tab open").isTrue();
        assertThat(asked).containsExactly(List.of(t));
    }

    @Test
    void theQuestionNamesTheFilesAndTheirFolderWhereNamesRepeat() {
        DocTab a = new DocTab("kv.md", true);
        DocTab b = new DocTab("queue.md", true);
        String one = UnsavedChangesGuard.message(List.of(a));
        assertThat(one).contains("kv.md  (/w)");
        String two = UnsavedChangesGuard.message(List.of(a, b));
        assertThat(two).contains("\u2022 kv.md\n").contains("\u2022 queue.md\n").endsWith("Your changes are lost if you don't save them.");
    }
}
