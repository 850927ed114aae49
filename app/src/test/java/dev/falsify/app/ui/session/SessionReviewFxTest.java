package dev.falsify.app.ui.session;

import dev.falsify.app.ui.OnFx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.PlanTab;
import dev.falsify.app.ui.Workbench;
import dev.falsify.app.ui.WorkbenchSettings;
import dev.falsify.app.ui.viewers.EvidenceTab;
import dev.falsify.app.ui.viewers.JsonTreeViewer;
import dev.falsify.app.ui.log.LogViewer;
import dev.falsify.app.ui.viewers.MarkdownViewer;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Tab;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The reviewer's side of the window on the demo's two sessions (bug off: 2026-12-01T080933Z, bug on:
 * 2026-12-01T081030Z), copied from the committed fixture into a temp folder so nothing under
 * src/test/resources is changed.
 */
@ExtendWith(ApplicationExtension.class)
class SessionReviewFxTest {
    static final Path FIXTURE = Path.of("src/test/resources/dev/falsify/app/ui/session/demo");
    static final String OFF = "test-sessions/replicated-kv/2026-12-01T080933Z";
    static final String ON = "test-sessions/replicated-kv/2026-12-01T081030Z";

    @TempDir
    Path tmp;

    private Workbench wb;
    private Path root;

    @Start
    void start(Stage stage) throws Exception {
        wb = new Workbench(WorkbenchSettings.load(Files.createTempDirectory("wb-settings").resolve("w.properties")));
        stage.setScene(wb.createScene(1240, 760));
        wb.attach(stage);
        stage.show();
    }

    private void copyFixture() throws IOException {
        root = tmp.resolve("repo");
        try (Stream<Path> s = Files.walk(FIXTURE)) {
            s.forEach(p -> {
                try {
                    Path t = root.resolve(FIXTURE.relativize(p).toString());
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
        wb.setStoreDb(tmp.resolve("falsify.db"));
    }

    private SessionView openSession(String rel) throws Exception {
        fx(() -> wb.open(root.resolve(rel)));
        SessionView v = fx(() -> ((SessionTab) wb.tabs().getSelectionModel().getSelectedItem()).view());
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> v.data() != null && !v.busy()));
        return v;
    }

    private static Map<String, String> verdicts(SessionView v) {
        return fx(() -> {
            Map<String, String> out = new LinkedHashMap<>();
            for (TreeItem<ResultLine> s : v.table().getRoot().getChildren()) {
                out.put(s.getValue().id(), s.getValue().verdictText());
            }
            return out;
        });
    }

    @Test
    void aSessionFolderOpensInTheSessionViewWithItsVerdicts(FxRobot robot) throws Exception {
        copyFixture();
        SessionView v = openSession(OFF);
        assertThat(fx(() -> wb.tabs().getTabs().stream().noneMatch(t -> t instanceof PlanTab))).isTrue();
        assertThat(verdicts(v)).containsExactly(Map.entry("S1", "PASS-hardening"), Map.entry("S2", "PASS-smoke"),
                Map.entry("S3", "INCONCLUSIVE-env"), Map.entry("S4", "INCONCLUSIVE-fault-not-proven"),
                Map.entry("S5", "PASS-smoke"));
        assertThat(fx(() -> wb.tabs().getSelectionModel().getSelectedItem().getText()))
                .isEqualTo("replicated-kv @ 2026-12-01 08:09:33Z");
        assertThat(fx(() -> ((Stage) wb.root().getScene().getWindow()).getTitle())).contains("replicated-kv @ 2026-12-01 08:09:33Z");
        assertThat(robot.lookup("#session-headline").queryLabeled().getText()).isEqualTo("DONE_WITH_CONCERNS");
        assertThat(robot.lookup("#session-state").queryLabeled().getText()).isEqualTo("complete");
        // the verdict cells are coloured by class
        assertThat(robot.lookup(".verdict-pass").queryAll()).isNotEmpty();
        assertThat(robot.lookup(".verdict-inconclusive").queryAll()).isNotEmpty();

        // selecting a scenario shows its checklist, audit and artifacts
        fx(() -> v.select("S4"));
        String checks = fx(() -> v.checks().getChildren().stream().map(n -> n instanceof javafx.scene.control.Label l
                ? l.getText() : "").reduce("", (a, b) -> a + "\n" + b));
        assertThat(checks).contains("Green-but-broken check").contains("Weak-oracle audit")
                .contains("fault did not silently no-op");
        assertThat(fx(() -> List.copyOf(v.artifacts().getItems()))).contains("findings/S4.md",
                "artifacts/S4-1.history.jsonl", "artifacts/S4-1.cut-n2-n3.proxy.json");
        // the same folder opened again focuses its tab
        fx(() -> wb.open(root.resolve(OFF)));
        assertThat(fx(() -> wb.tabs().getTabs().size())).isEqualTo(1);
    }

    @Test
    void evidenceOpensReadOnlyInTheViewerThatFitsIt(FxRobot robot) throws Exception {
        copyFixture();
        Path s = root.resolve(OFF);
        Map<String, Class<?>> expected = Map.of("logs/S1-1/n1.out.log", LogViewer.class,
                "artifacts/S1-1.history.jsonl", dev.falsify.app.ui.history.HistoryView.class,
                "artifacts/S1-1.linearizability.check.json", JsonTreeViewer.class,
                "findings/S1.md", MarkdownViewer.class, "session-log.md", MarkdownViewer.class);
        Map<Path, byte[]> before = new LinkedHashMap<>();
        for (var e : expected.entrySet()) {
            Path f = s.resolve(e.getKey());
            before.put(f, Files.readAllBytes(f));
            fx(() -> wb.open(f));
            EvidenceTab t = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
            waitFor(20, TimeUnit.SECONDS, () -> fx(() -> !t.isLoading() && t.viewer() != null));
            assertThat(fx(t::viewer)).as(e.getKey()).isInstanceOf(e.getValue());
        }
        assertThat(fx(() -> wb.tabs().getTabs().stream().noneMatch(t -> t instanceof PlanTab))).isTrue();

        // a link followed in rendered Markdown opens the linked file inside the window, not in the WebView
        fx(() -> wb.open(s.resolve("session-log.md")));
        EvidenceTab logTab = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        MarkdownViewer md = (MarkdownViewer) fx(logTab::viewer);
        Path linked = s.resolve("artifacts/S4-1.final-state.json");
        fx(() -> {
            md.webView().getEngine().load(linked.toUri().toString());
            return null;
        });
        waitFor(20, TimeUnit.SECONDS, () -> fx(() -> wb.tabs().getSelectionModel().getSelectedItem() instanceof EvidenceTab et
                && et.path().equals(linked)));
        assertThat(fx(md::html)).contains("Session log");

        // type into the log viewer and press Ctrl+S: nothing changes on disk, nothing is autosaved
        Path log = s.resolve("logs/S1-1/n1.out.log");
        fx(() -> wb.open(log));
        EvidenceTab t = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        robot.clickOn(((LogViewer) fx(t::viewer)).canvas());
        robot.type(KeyCode.X, KeyCode.Y, KeyCode.DELETE, KeyCode.BACK_SPACE, KeyCode.ENTER);
        robot.press(KeyCode.CONTROL).type(KeyCode.S).release(KeyCode.CONTROL);
        fx(() -> {
            wb.saveCurrent();
            return null;
        });
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        for (var e : before.entrySet()) {
            assertThat(Files.readAllBytes(e.getKey())).as(e.getKey().toString()).isEqualTo(e.getValue());
        }
        try (Stream<Path> all = Files.walk(s)) {
            assertThat(all.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".falsify-autosave"))).isEmpty();
        }
        // the log viewer's search finds a line
        LogViewer lv = (LogViewer) fx(t::viewer);
        String first = fx(() -> lv.lines().line(0));
        var found = fx(() -> {
            lv.searchField().setText(first.substring(0, Math.min(8, first.length())));
            return lv.find(1);
        });
        assertThat(found.get(10, TimeUnit.SECONDS)).isEqualTo(0);
        assertThat(fx(lv::selectedLine)).isEqualTo(0);
    }

    @Test
    void anOverrideNeedsAReasonIsShownBesideTheComputedVerdictAndCarriedIntoTheReport(FxRobot robot) throws Exception {
        copyFixture();
        SessionView v = openSession(ON);
        assertThat(verdicts(v)).containsExactly(Map.entry("S1", "FAIL-reproducible"));
        Path report = root.resolve(ON).resolve("findings/report.md");
        String original = Files.readString(report);
        assertThat(original).doesNotContain("override by");

        // the dialog refuses an override without a reason
        boolean[] disabled = fx(() -> {
            OverrideDialog d = new OverrideDialog(null, v.data().folder().arm("S1").orElseThrow(), Clock.systemUTC());
            boolean noReason;
            d.verdictBox().setValue(Verdict.FAIL_NONDETERMINISTIC);
            noReason = d.getDialogPane().lookupButton(ButtonType.OK).isDisabled();
            d.reasonArea().setText("the re-run used the same proxy port");
            return new boolean[] {noReason, d.getDialogPane().lookupButton(ButtonType.OK).isDisabled()};
        });
        assertThat(disabled).containsExactly(true, false);

        VerdictOverride o = new VerdictOverride("S1", Verdict.FAIL_NONDETERMINISTIC, Blame.HARNESS, null, null, "tester",
                Instant.parse("2026-12-01T09:00:00Z"), "the re-run shared the first run's proxy port");
        fx(() -> {
            v.override(o);
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.busy()) && Files.readString(report).contains("override by tester"));
        assertThat(verdicts(v)).containsEntry("S1", "FAIL-nondeterministic  (computed FAIL-reproducible)");
        assertThat(fx(() -> v.table().getRoot().getChildren().get(0).getValue().review()))
                .isEqualTo("overridden by tester because the re-run shared the first run's proxy port");
        assertThat(Files.readString(root.resolve(ON).resolve("findings/overrides.md"))).contains("| S1 | FAIL-nondeterministic | harness |");
        assertThat(Files.readString(report)).contains("FAIL-nondeterministic (override by tester; computed FAIL-reproducible)")
                .contains("the re-run shared the first run's proxy port");

        // undo takes it back, in the folder and in the report
        fx(() -> {
            v.undoOverride();
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.busy()) && !Files.readString(report).contains("override by tester"));
        assertThat(verdicts(v)).containsEntry("S1", "FAIL-reproducible");
        assertThat(root.resolve(ON).resolve("findings/overrides.md")).doesNotExist();

        // export writes report.md and shows it in the preview
        fx(() -> {
            v.override(o);
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.busy() && v.data().folder().arm("S1").orElseThrow().override().isPresent()));
        fx(() -> {
            v.exportReport(true);
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> wb.tabs().getSelectionModel().getSelectedItem() instanceof EvidenceTab et
                && et.path().equals(report) && et.viewer() != null));
        MarkdownViewer md = (MarkdownViewer) fx(() -> ((EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem()).viewer());
        assertThat(fx(md::html)).contains("override by tester");
    }

    private static String shownHtml(EvidenceTab tab) {
        return fx(() -> tab.viewer() instanceof MarkdownViewer m && !tab.isLoading() ? m.html() : "");
    }

    @Test
    void anOpenReportTabFollowsAnOverrideAndItsUndo(FxRobot robot) throws Exception {
        copyFixture();
        SessionView v = openSession(ON);
        Path report = root.resolve(ON).resolve("findings/report.md");
        fx(() -> wb.open(report));
        EvidenceTab tab = fx(() -> (EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        waitFor(30, TimeUnit.SECONDS, () -> shownHtml(tab).contains("FAIL-reproducible"));
        assertThat(shownHtml(tab)).doesNotContain("override by tester");
        OnFx.run(() -> wb.tabs().getSelectionModel().select(0));

        VerdictOverride o = new VerdictOverride("S1", Verdict.FAIL_NONDETERMINISTIC, Blame.HARNESS, null, null, "tester",
                Instant.parse("2026-12-01T09:00:00Z"), "the re-run shared the first run's proxy port");
        fx(() -> {
            v.override(o);
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.busy()) && shownHtml(tab).contains("override by tester"));
        fx(() -> {
            v.undoOverride();
            return null;
        });
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.busy()) && Files.readString(report).contains("FAIL-reproducible")
                && !Files.readString(report).contains("override by tester"));
        waitFor(30, TimeUnit.SECONDS, () -> !shownHtml(tab).isEmpty() && !shownHtml(tab).contains("override by tester"));

        // a report rewritten by someone else (the command line) is read again when its tab is shown
        Files.writeString(report, Files.readString(report) + "\n\nRewritten outside the window.\n");
        Files.setLastModifiedTime(report, java.nio.file.attribute.FileTime.from(Instant.now().plusSeconds(5)));
        OnFx.run(() -> wb.tabs().getSelectionModel().select(tab));
        waitFor(30, TimeUnit.SECONDS, () -> shownHtml(tab).contains("Rewritten outside the window."));
    }

    @Test
    void twoSessionsComparedShowTheChangedVerdictAndTheNewFinding(FxRobot robot) throws Exception {
        copyFixture();
        SessionView v = openSession(ON);
        fx(() -> {
            v.compareWith(root.resolve(OFF));
            return null;
        });
        CompareTab tab = fx(() -> (CompareTab) wb.tabs().getSelectionModel().getSelectedItem());
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> tab.view().comparison() != null && !tab.view().busy()));
        CompareView.Line s1 = fx(() -> tab.view().table().getRoot().getChildren().get(0).getValue());
        assertThat(s1.id()).isEqualTo("S1");
        assertThat(s1.before()).contains(Verdict.PASS_HARDENING);
        assertThat(s1.after()).contains(Verdict.FAIL_REPRODUCIBLE);
        assertThat(s1.change()).isEqualTo("changed");
        assertThat(s1.evidence()).contains("oracle evidence:");
        CompareView.Line s2 = fx(() -> tab.view().table().getRoot().getChildren().get(1).getValue());
        assertThat(s2.change()).isEqualTo("only in the earlier session");
        assertThat(fx(() -> List.copyOf(tab.view().newFindings().getItems())))
                .containsExactly("S1: PASS-hardening \u2192 FAIL-reproducible");
        assertThat(fx(() -> tab.view().resolvedFindings().getItems().size())).isZero();
        // S2..S5 did not run in the bug-on session: not verdict changes
        assertThat(fx(() -> tab.view().comparison().changedArms())).extracting(a -> a.armId()).containsExactly("S1");
    }

    @Test
    void aScenariosVerdictHistoryComesFromTheIndexWithTheFlipMarkedFlaky(FxRobot robot) throws Exception {
        copyFixture();
        SessionView v = openSession(ON); // indexes this session and the one beside it
        fx(() -> v.select("S1"));
        waitFor(20, TimeUnit.SECONDS, () -> fx(() -> v.history().getItems().size() == 2));
        assertThat(fx(() -> List.copyOf(v.history().getItems()))).extracting(e -> e.session() + " " + e.verdict() + " " + e.flip())
                .containsExactly("2026-12-01T080933Z PASS-hardening false", "2026-12-01T081030Z FAIL-reproducible true");
        assertThat(robot.lookup("#verdict-history").queryTableView().getItems()).hasSize(2);
    }

    @Test
    void theTreeListsSessionsNewestFirstAndTheTitleMarksAnUnsavedPlan(FxRobot robot) throws Exception {
        copyFixture();
        Path plan = Files.createDirectories(root.resolve("docs/testing-plans")).resolve("kv.md");
        Files.copy(Path.of("src/test/resources/dev/falsify/app/ui/small-plan.md"), plan);
        fx(() -> {
            wb.setWorkspace(root);
            return null;
        });
        waitFor(20, TimeUnit.SECONDS, () -> fx(() -> wb.tree().getRoot().getChildren().get(1).getChildren().size() == 2));
        assertThat(fx(() -> wb.tree().getRoot().getChildren().get(1).getChildren().stream().map(i -> i.getValue().label()).toList()))
                .containsExactly("2026-12-01 08:10:30Z \u2014 FAIL  replicated-kv",
                        "2026-12-01 08:09:33Z \u2014 DONE_WITH_CONCERNS  replicated-kv");
        PlanTab tab = fx(() -> wb.open(plan).orElseThrow());
        Stage stage = fx(() -> (Stage) wb.root().getScene().getWindow());
        assertThat(fx(stage::getTitle)).startsWith("Falsify \u2014 kv.md \u2014 ").doesNotContain("\u25cf");
        fx(() -> {
            tab.editor().codeArea().insertText(0, "x");
            return null;
        });
        assertThat(fx(stage::getTitle)).startsWith("Falsify \u2014 kv.md \u25cf");
        fx(() -> {
            tab.editor().codeArea().undo();
            tab.editor().file().discardAutosave();
            return null;
        });
    }

    @Test
    void theSessionsTreeListsHeadlineAndTimeNewestFirst() throws Exception {
        copyFixture();
        List<SessionSummary> list = SessionSummary.newestFirst(List.of(root.resolve(OFF), root.resolve(ON)));
        assertThat(list).extracting(SessionSummary::label).containsExactly(
                "2026-12-01 08:10:30Z \u2014 FAIL  replicated-kv",
                "2026-12-01 08:09:33Z \u2014 DONE_WITH_CONCERNS  replicated-kv");
    }

    static <T> T fx(Callable<T> work) {
        return OnFx.call(work);
    }

    @SuppressWarnings("unused")
    private static Tab selected(Workbench wb) {
        return wb.tabs().getSelectionModel().getSelectedItem();
    }
}
