package dev.falsify.app.ui.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.OnFx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.web.WebView;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Opening a session shows its verdicts as soon as the folder is read: the sessions index (a cache for
 * the History tab, seconds on a folder with many sessions) is written afterwards in the background,
 * and WebKit is not started until the Finding tab is shown.
 */
@ExtendWith(ApplicationExtension.class)
class SessionOpenFxTest {
    @TempDir
    Path tmp;

    private Stage stage;
    private final CountDownLatch storeHeld = new CountDownLatch(1);

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(), 1000, 700));
        stage.show();
    }

    /** A window whose session store is slow: every use of it waits until the test lets it go. */
    private ReviewHost slowStore() {
        Path db = tmp.resolve("falsify.db");
        return new ReviewHost() {
            @Override
            public void open(Path path) {
            }

            @Override
            public void compare(Path before, Path after) {
            }

            @Override
            public void status(String message) {
            }

            @Override
            public Window window() {
                return stage;
            }

            @Override
            public Path storeDb() {
                try {
                    storeHeld.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return db;
            }

            @Override
            public boolean isDark() {
                return false;
            }
        };
    }

    private Path copyFixture() throws IOException {
        Path root = tmp.resolve("repo");
        try (Stream<Path> s = Files.walk(SessionReviewFxTest.FIXTURE)) {
            s.forEach(p -> {
                try {
                    Path t = root.resolve(SessionReviewFxTest.FIXTURE.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(t);
                    } else {
                        Files.copy(p, t);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return root.resolve(SessionReviewFxTest.OFF);
    }

    @Test
    void theVerdictsShowBeforeTheIndexIsWrittenAndWebKitWaitsForTheFindingTab() throws Exception {
        Path dir = copyFixture();
        SessionView v = OnFx.call(() -> {
            SessionView view = new SessionView(dir, slowStore(), Clock.systemUTC());
            stage.getScene().setRoot(view);
            view.load();
            return view;
        });
        waitFor(30, TimeUnit.SECONDS, () -> OnFx.call(() -> v.table().getRoot().getChildren().size() == 5));
        assertThat(OnFx.call(v::busy)).as("still indexing in the background").isTrue();
        assertThat(OnFx.call(() -> v.lookupAll(".web-view").isEmpty())).as("no WebView before the Finding tab").isTrue();

        OnFx.run(() -> v.select("S4"));
        assertThat(OnFx.call(() -> v.lookupAll(".web-view").isEmpty())).isTrue();
        OnFx.run(() -> v.details().getSelectionModel().select(1));
        assertThat(OnFx.call(() -> v.lookupAll(".web-view").stream().filter(WebView.class::isInstance).count())).isEqualTo(1);

        storeHeld.countDown();
        waitFor(30, TimeUnit.SECONDS, () -> OnFx.call(() -> !v.busy()));
        waitFor(30, TimeUnit.SECONDS, () -> OnFx.call(() -> !v.history().getItems().isEmpty()));
    }

    @Test
    void everyFilledCellCarriesItsWholeTextAsATooltipAndBlameComesBeforeTheEvidence() throws Exception {
        Path dir = copyFixture();
        storeHeld.countDown();
        SessionView v = OnFx.call(() -> {
            SessionView view = new SessionView(dir, slowStore(), Clock.systemUTC());
            stage.getScene().setRoot(view);
            view.load();
            return view;
        });
        waitFor(30, TimeUnit.SECONDS, () -> OnFx.call(() -> v.table().getRoot().getChildren().size() == 5 && !v.busy()));
        java.util.List<String> columns = OnFx.call(() -> v.table().getColumns().stream().map(c -> c.getText()).toList());
        assertThat(columns.indexOf("Blame")).isLessThan(columns.indexOf("Oracle execution evidence"));
        assertThat(columns.indexOf("TaxDC")).isLessThan(columns.indexOf("Landing evidence"));
        java.util.List<String> missing = OnFx.call(() -> {
            v.table().applyCss();
            v.table().layout();
            return v.table().lookupAll(".tree-table-cell").stream()
                    .map(n -> (javafx.scene.control.TreeTableCell<?, ?>) n)
                    .filter(c -> c.getText() != null && !c.getText().isBlank())
                    .filter(c -> c.getTooltip() == null || !c.getTooltip().getText().equals(c.getText()))
                    .map(c -> c.getTableColumn().getText() + ": " + c.getText()).toList();
        });
        assertThat(missing).as("cells without their text as a tooltip").isEmpty();
        long landing = OnFx.call(() -> v.table().lookupAll(".tree-table-cell").stream()
                .map(n -> (javafx.scene.control.TreeTableCell<?, ?>) n)
                .filter(c -> "Landing evidence".equals(c.getTableColumn().getText()) && c.getText() != null && !c.getText().isBlank())
                .count());
        assertThat(landing).as("landing cells on screen").isPositive();
    }

    @Test
    void theComparePickerAndEvidenceTitlesShowTimesAsTheSessionsTreeDoes() throws Exception {
        Path off = copyFixture();
        Path on = off.resolveSibling("2026-12-01T081030Z");
        java.util.List<String> labels = SessionView.compareChoices(java.util.List.of(off)).stream()
                .map(SessionSummary::label).toList();
        assertThat(labels).containsExactly("2026-12-01 08:09:33Z \u2014 DONE_WITH_CONCERNS  replicated-kv");
        assertThat(dev.falsify.app.ui.workspace.PathClassifier.evidenceLabel(on.resolve("findings/report.md")))
                .isEqualTo("report.md \u2014 replicated-kv @ 2026-12-01 08:10:30Z");
        assertThat(SessionData.title(dev.falsify.model.session.SessionReader.read(on))).isEqualTo("replicated-kv @ 2026-12-01 08:10:30Z");
    }
}
