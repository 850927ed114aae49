package dev.falsify.app.ui;

import static dev.falsify.app.ui.FxTestSupport.fx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import dev.falsify.app.ui.log.LogViewer;
import dev.falsify.app.ui.run.RunTab;
import dev.falsify.app.ui.run.TimelineModel;
import dev.falsify.app.ui.run.TrustDialog;
import dev.falsify.app.ui.session.SessionTab;
import dev.falsify.model.session.SessionReader;
import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.scene.control.Button;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Running from the window, a shell-only plan in a temp workspace, trusted in a temp trust store
 * (never the user's): the ▶ of a scenario opens the pick dialog, the run shows its lanes, fault band
 * and verdict, and its Session view opens; Stop leaves no process and an interrupted session; an
 * untrusted plan shows exactly the command line's trust lines and runs nothing when declined.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(180)
class RunFromWindowFxTest {
    static final String OPS = "{\"op_id\":\"1\",\"process_id\":\"p1\",\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\",\"key\":null,"
            + "\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n"
            + "{\"op_id\":\"2\",\"process_id\":\"p2\",\"invoke_ts\":3,\"complete_ts\":4,\"op_type\":\"read\",\"key\":null,"
            + "\"input\":null,\"output\":1,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";

    @TempDir
    Path tmp;

    private Workbench wb;
    private TrustStore trust;

    @Start
    void start(Stage stage) throws Exception {
        wb = FxTestSupport.showWorkbench(stage);
    }

    @AfterEach
    void close() throws Exception {
        FxTestSupport.fxRun(() -> wb.tabs().getTabs().stream().filter(t -> t instanceof RunTab).forEach(t -> ((RunTab) t).stop()));
        FxTestSupport.closeWorkbench(wb);
    }

    private static String scenario(String id, String workload, String extra) {
        return "### Scenario " + id + ": shell_" + id.toLowerCase() + "\n\n- **Falsifies if it FAILs:** C1\n"
                + "- **Smoke budget:** 1 seed × 1 s\n- **Hardening budget:** 1 seed × 1 s\n\n```run\ncwd: .\ntimeout: 5m\nseeds: [1]\n"
                + "services:\n  - name: ticker\n    cmd: \"echo starting; echo 'ERROR first tick is slow'; sleep 0.5; while true; do echo tick; sleep 0.1; done\"\n"
                + "    ready: { log: \"^tick\", timeout: 20s }\n"
                + "workload:\n  cmd: \"" + workload + "\"\n"
                + "history: { path: \"{artifacts}/{scenario}-{seed}.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n" + extra + "```\n\n";
    }

    private Path plan(String name, String scenarios) throws Exception {
        Path ws = tmp.resolve("repo");
        Path plan = ws.resolve("docs/testing-plans/" + name + ".md");
        Files.createDirectories(plan.getParent());
        Files.writeString(plan.getParent().resolve("ops.jsonl"), OPS, StandardCharsets.UTF_8);
        Files.writeString(plan, "# Test Plan: " + name + "\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n## 7. Scenarios\n\n" + scenarios,
                StandardCharsets.UTF_8);
        trust = new TrustStore(tmp.resolve("trust.json"));
        wb.setTrustStore(trust);
        wb.setStoreDb(tmp.resolve("falsify.db"));
        return plan;
    }

    private void trustIt(Path plan) throws Exception {
        PlanSnapshot s = PlanSnapshot.read(plan);
        trust.trust(s, PlanCommands.of(s));
    }

    private RunTab runScenarioFromItsRunButton(FxRobot robot, Path plan, String id) throws Exception {
        PlanTab tab = fx(() -> wb.open(plan)).orElseThrow(() -> new AssertionError("not opened as a plan: " + fx(() -> wb.tabs().getTabs())));
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> tab.editor().analysisProperty().get() != null));
        FxTestSupport.fxRun(() -> {
            TabPane t = tab.structured().tabs();
            t.getSelectionModel().select(t.getTabs().stream().filter(x -> x.getText().startsWith("Scenarios")).findFirst().orElseThrow());
        });
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#run-scenario-" + id).tryQuery().isPresent());
        Button run = robot.lookup("#run-scenario-" + id).queryAs(Button.class);
        assertThat(fx(() -> run.getTooltip().getText())).contains("Run " + id);
        robot.clickOn(run);
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#run-start").tryQuery().isPresent());
        assertThat(robot.lookup("#run-pick-" + id).queryAs(javafx.scene.control.CheckBox.class).isSelected()).isTrue();
        robot.clickOn("#run-start");
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> wb.tabs().getTabs().stream().anyMatch(t -> t instanceof RunTab)));
        return fx(() -> (RunTab) wb.tabs().getTabs().stream().filter(t -> t instanceof RunTab).findFirst().orElseThrow());
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return a != null && Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The seed runs the progress table draws now (its row cells with an item). */
    private static List<String> visibleSeedRows(RunTab run) {
        return run.progress().lookupAll(".table-row-cell").stream()
                .map(n -> ((javafx.scene.control.TableRow<?>) n).getItem())
                .filter(i -> i instanceof dev.falsify.app.ui.run.SeedProgress).map(i -> ((dev.falsify.app.ui.run.SeedProgress) i).label()).toList();
    }

    @Test
    void aScenarioRunsFromItsRunButtonWithLanesFaultBandVerdictAndItsSessionView(FxRobot robot) throws Exception {
        String fault = "faults:\n  - name: flag\n    at: 300ms\n    for: 700ms\n    inject: \"touch injected.flag\"\n"
                + "    heal: \"rm -f injected.flag\"\n    landing:\n      probe: \"ls | grep -c injected.flag || true\"\n"
                + "      expect: \"delta > 0\"\n";
        Path plan = plan("shell", scenario("S1", "sleep 1.5 && cp ops.jsonl {artifacts}/{scenario}-{seed}.jsonl", fault));
        trustIt(plan);
        RunTab run = runScenarioFromItsRunButton(robot, plan, "S1");
        waitFor(120, TimeUnit.SECONDS, () -> fx(run::finished));
        // the ticker's ERROR line is a green-but-broken concern, so the arm is not a plain PASS; any verdict
        // the runner computed will do, as long as the window shows that one
        String verdict = fx(() -> run.result().verdicts().get("S1").label());
        assertThat(verdict).isNotEqualTo("NOT-RUN");
        List<String> lanes = fx(() -> run.timeline().model().lanes().stream().map(TimelineModel.Lane::label).map(String::strip).toList());
        assertThat(lanes).contains("S1-1", "ticker", "workload");
        TimelineModel.Band band = fx(() -> run.timeline().model().bands("S1-1").get(0));
        assertThat(band.fault()).isEqualTo("flag");
        assertThat(band.heal()).isGreaterThan(band.inject());
        assertThat(band.landed()).isTrue();
        assertThat(fx(() -> run.timeline().model().lanes().get(0).verdict())).isEqualTo("clean");
        assertThat(fx(() -> run.progress().getItems().get(0).outcomeProperty().get())).isEqualTo(verdict);
        // the error line the ticker printed is a marker; a click on it shows that line in the run's log
        TimelineModel.Marker err = fx(() -> run.timeline().model().lanes().stream().flatMap(l -> l.markers().stream())
                .filter(m -> m.kind() == TimelineModel.MarkerKind.ERROR).findFirst().orElseThrow());
        FxTestSupport.fxRun(() -> run.timeline().fit());
        double[] at = fx(() -> run.timeline().positionOf(err));
        assertThat(fx(() -> run.timeline().markerAt(at[0], at[1]))).isEqualTo(err);
        // the Session view of the finished run opened, with its verdict
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> wb.tabs().getSelectionModel().getSelectedItem() instanceof SessionTab));
        SessionTab st = fx(() -> (SessionTab) wb.tabs().getSelectionModel().getSelectedItem());
        assertThat(st.dir()).isEqualTo(run.result().sessionDir());
        // and the workspace tree lists it under Sessions (it listed only the sessions there at start)
        assertThat(fx(wb::workspace)).isNotNull();
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> wb.tree().getRoot().getChildren().get(1).getChildren().stream()
                .anyMatch(i -> sameFile(i.getValue().path(), run.result().sessionDir()))));
        FxTestSupport.fxRun(() -> wb.tabs().getSelectionModel().select(run));
        robot.moveTo(run.timeline().canvas());
        robot.clickOn(run.timeline().canvas(), javafx.scene.input.MouseButton.PRIMARY); // a click anywhere is harmless
        FxTestSupport.fxRun(() -> {
            run.timeline().fit();
        });
        double[] p = fx(() -> run.timeline().positionOf(err));
        javafx.geometry.Point2D screen = fx(() -> run.timeline().canvas().localToScreen(p[0], p[1]));
        robot.clickOn(screen);
        LogViewer log = run.log();
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> log.selectedLine() >= 0));
        assertThat(fx(() -> log.lines().line(log.selectedLine()))).isEqualTo("ERROR first tick is slow");
        // the same timeline replays from the session folder (here from the workspace tree's menu on it)
        Path sessionDir = run.result().sessionDir();
        Path tickerLog = sessionDir.resolve("logs/S1-1/ticker.out.log");
        assertThat(tickerLog).exists();
        long tickerLines = Files.readAllLines(tickerLog).size();
        // an error line the session log never recorded: replay finds it in the log itself
        Files.writeString(tickerLog, "java.lang.IllegalStateException: seen only in the log file\n", java.nio.file.StandardOpenOption.APPEND);
        javafx.scene.control.ContextMenu sessionMenu = fx(() -> WorkbenchRunHost.treeMenu(wb,
                new dev.falsify.app.ui.workspace.WorkspaceTree.Entry("session", sessionDir, false)));
        assertThat(sessionMenu.getItems().stream().map(javafx.scene.control.MenuItem::getText).toList())
                .containsExactly("Open Session View", "Session Timeline");
        FxTestSupport.fxRun(() -> sessionMenu.getItems().get(1).fire());
        RunTab replay = fx(() -> (RunTab) wb.tabs().getSelectionModel().getSelectedItem());
        assertThat(fx(replay::session)).isNull();
        assertThat(fx(() -> replay.timeline().model().bands("S1-1").get(0).landed())).isTrue();
        assertThat(fx(() -> replay.timeline().model().lanes().stream().map(l -> l.label().strip()).toList())).contains("S1-1", "ticker");
        waitFor(30, TimeUnit.SECONDS, () -> fx(replay::logScanDone));
        TimelineModel.Marker scanned = fx(() -> replay.timeline().model().lanes().stream().flatMap(l -> l.markers().stream())
                .filter(m -> m.event() instanceof dev.falsify.runner.events.RunEvent.LogMarker lm && lm.marker().equals("log-scan"))
                .findFirst().orElseThrow(() -> new AssertionError("no scanned marker; status " + replay.status().getText())));
        var lm = (dev.falsify.runner.events.RunEvent.LogMarker) scanned.event();
        assertThat(lm.text()).isEqualTo("java.lang.IllegalStateException: seen only in the log file");
        assertThat(lm.lineNo()).isEqualTo(tickerLines + 1);
        assertThat(lm.process()).isEqualTo("ticker");
        assertThat(fx(() -> replay.status().getText())).contains("1 more error line marked");
        // the ticker's ERROR line the session log had is not marked twice
        assertThat(fx(() -> replay.timeline().model().lanes().stream().flatMap(l -> l.markers().stream())
                .filter(m -> m.event() instanceof dev.falsify.runner.events.RunEvent.LogMarker x && x.text().equals("ERROR first tick is slow"))
                .count())).isEqualTo(1);
        // a plan in the tree runs from its menu
        javafx.scene.control.ContextMenu planMenu = fx(() -> WorkbenchRunHost.treeMenu(wb,
                new dev.falsify.app.ui.workspace.WorkspaceTree.Entry("shell.md", plan, false)));
        assertThat(planMenu.getItems().stream().map(javafx.scene.control.MenuItem::getText).toList()).containsExactly("Open", "Run Plan\u2026");
    }

    @Test
    void aScenarioRowsMenuRunsItOrAsksForItsSeedFirst(FxRobot robot) throws Exception {
        Path plan = plan("menu", scenario("S1", "sleep 0.1", "") + scenario("S2", "sleep 0.1", ""));
        PlanTab tab = fx(() -> wb.open(plan)).orElseThrow();
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> tab.editor().analysisProperty().get() != null));
        FxTestSupport.fxRun(() -> {
            TabPane t = tab.structured().tabs();
            t.getSelectionModel().select(t.getTabs().stream().filter(x -> x.getText().startsWith("Scenarios")).findFirst().orElseThrow());
        });
        waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#run-scenario-S2").tryQuery().isPresent());
        java.util.List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        FxTestSupport.fxRun(() -> wb.runs().answerDialogs(d -> {
            asked.add(d.getHeaderText() + " | ticked " + d.boxes().entrySet().stream().filter(e -> e.getValue().isSelected())
                    .map(java.util.Map.Entry::getKey).toList() + " | seed focused " + d.seedField().isFocused());
            return java.util.Optional.empty(); // cancel: nothing runs
        }, d -> false));
        javafx.scene.control.ListCell<?> cell = robot.lookup(".list-cell").queryAllAs(javafx.scene.control.ListCell.class).stream()
                .filter(c -> c.getText() != null && c.getText().startsWith("S2 ")).findFirst().orElseThrow();
        javafx.scene.control.ContextMenu menu = fx(cell::getContextMenu);
        assertThat(menu.getItems().stream().map(javafx.scene.control.MenuItem::getText).toList())
                .containsExactly("Run S2\u2026", "Run S2 with seeds\u2026");
        assertThat(fx(() -> robot.lookup("#run-scenario-S2").queryAs(Button.class).getContextMenu())).as("the ▶ has it too").isNotNull();
        FxTestSupport.fxRun(() -> menu.getItems().get(0).fire());
        FxTestSupport.fxRun(() -> menu.getItems().get(1).fire());
        assertThat(asked).hasSize(2);
        assertThat(asked.get(0)).isEqualTo("Run scenarios of menu.md | ticked [S2] | seed focused false");
        assertThat(asked.get(1)).startsWith("Run scenarios of menu.md \u2014 type the seed to run").contains("| ticked [S2]");
        // the toolbar's ▶ Run and the Run menu's Run Plan… (F5) ask about every runnable scenario
        FxTestSupport.fxRun(() -> wb.tabs().getSelectionModel().select(tab));
        robot.clickOn("#toolbar-run");
        assertThat(asked).hasSize(3);
        assertThat(asked.get(2)).isEqualTo("Run scenarios of menu.md | ticked [S1, S2] | seed focused false");
        javafx.scene.control.MenuItem runPlan = fx(() -> robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus()
                .stream().filter(m -> "menu-run".equals(m.getId())).findFirst().orElseThrow().getItems().get(0));
        assertThat(runPlan.getText()).isEqualTo("Run Plan\u2026");
        assertThat(runPlan.getAccelerator()).isEqualTo(Accelerator.of("F5"));
        FxTestSupport.fxRun(runPlan::fire);
        assertThat(asked).hasSize(4);
        assertThat(asked.get(3)).isEqualTo(asked.get(2));
        assertThat(fx(() -> wb.tabs().getTabs().stream().noneMatch(t -> t instanceof RunTab))).isTrue();
    }

    @Test
    void stopTearsEveryProcessDownAndLeavesTheSessionInterrupted(FxRobot robot) throws Exception {
        Path plan = plan("long", scenario("S1", "sleep 600", ""));
        trustIt(plan);
        RunTab run = runScenarioFromItsRunButton(robot, plan, "S1");
        waitFor(60, TimeUnit.SECONDS, () -> fx(() -> run.progress().getItems().stream()
                .anyMatch(r -> r.phaseProperty().get().equals("workload"))));
        // the tab says which run it is (plan and start time) and that it is running
        assertThat(fx(run::getText)).matches("\u25b6 long\\.md \u00b7 \\d\\d:\\d\\d:\\d\\d");
        // the table shows the seed's row (not its "no seed yet" placeholder) while the run goes on
        waitFor(10, TimeUnit.SECONDS, () -> fx(() -> visibleSeedRows(run).contains("S1-1")));
        Set<Long> during = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
        assertThat(during).as("the run's processes are children of this JVM").isNotEmpty();
        // switch tabs while it runs: the run goes on
        FxTestSupport.fxRun(() -> wb.tabs().getSelectionModel().select(0));
        Thread.sleep(300);
        assertThat(fx(() -> run.session().running())).isTrue();
        FxTestSupport.fxRun(() -> wb.tabs().getSelectionModel().select(run));
        robot.clickOn("#run-stop");
        waitFor(60, TimeUnit.SECONDS, () -> fx(run::finished));
        waitFor(10, TimeUnit.SECONDS, () -> ProcessHandle.current().descendants().noneMatch(ProcessHandle::isAlive));
        // a grandchild whose shell was killed first is reparented while its own SIGTERM is delivered:
        // give every process seen during the run the same few seconds to be gone, then require it
        waitFor(10, TimeUnit.SECONDS, () -> during.stream().noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)));
        for (long pid : during) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid " + pid).isFalse();
        }
        assertThat(SessionReader.read(run.result().sessionDir()).interrupted()).isTrue();
        assertThat(fx(() -> run.status().getText())).contains("interrupted");
        assertThat(fx(run::getText)).as("no ▶ once the run ended").matches("long\\.md \u00b7 \\d\\d:\\d\\d:\\d\\d \u2014 stopped");
        // the seed's lane says it was stopped, not that the system under test erred
        assertThat(fx(() -> run.timeline().model().lanes().get(0).verdict())).isEqualTo("stopped");
    }

    @Test
    void anUntrustedPlanShowsTheCommandLinesTrustLinesAndRunsNothingWhenDeclined(FxRobot robot) throws Exception {
        Path plan = plan("untrusted", scenario("S1", "sleep 0.1", ""));
        fx(() -> wb.open(plan));
        // answer the trust dialog from here: record what it showed, decline
        java.util.concurrent.atomic.AtomicReference<String> shown = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean readable = new java.util.concurrent.atomic.AtomicBoolean();
        FxTestSupport.fxRun(() -> wb.runs().answerDialogs(d -> d.choice(), (TrustDialog d) -> {
            shown.set(d.getHeaderText() + "\n" + d.linesArea().getText());
            readable.set(d.linesArea().isWrapText() && d.isResizable());
            return false;
        }));
        assertThat(fx(() -> WorkbenchRunHost.runCurrent(wb))).isEmpty();
        PlanSnapshot s = PlanSnapshot.read(plan);
        String expected = String.join("\n", PlanCommands.of(s).stream().map(PlanCommands::display).toList());
        assertThat(shown.get()).contains("has not been trusted yet").endsWith(expected);
        assertThat(shown.get()).contains("S1: cwd: " + plan.getParent().toRealPath(), "S1: service ticker: echo starting",
                "S1: workload: sleep 0.1");
        assertThat(readable.get()).as("a long command wraps and the dialog can be made bigger: every line is read in full").isTrue();
        assertThat(trust.check(s, PlanCommands.of(s))).isInstanceOf(TrustStore.Decision.Unknown.class);
        assertThat(Files.exists(tmp.resolve("repo/test-sessions"))).as("nothing ran").isFalse();
        assertThat(fx(() -> wb.tabs().getTabs().stream().noneMatch(t -> t instanceof RunTab))).isTrue();
        // trusted once, then a command edited: the dialog shows the +/- lines
        trust.trust(s, PlanCommands.of(s));
        Files.writeString(plan, Files.readString(plan).replace("sleep 0.1", "sleep 0.2"));
        shown.set(null);
        FxTestSupport.fxRun(() -> wb.runs().launch(plan, List.of()));
        assertThat(shown.get()).contains("changed since you trusted it", "+ S1: workload: sleep 0.2", "- S1: workload: sleep 0.1");
        Window w = fx(() -> wb.root().getScene().getWindow());
        assertThat(w).isNotNull();
    }

    @Test
    void theLogViewerSearchesAMillionLineLogWithNextAndPreviousAndFilters(FxRobot robot) throws Exception {
        Path ws = tmp.resolve("repo");
        Path f = ws.resolve("big.log");
        Files.createDirectories(ws);
        try (var w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= 1_000_000; i++) {
                w.write(i == 10 || i == 900_000 ? "needle at " + i + " ERROR" : "hay " + i);
                w.write('\n');
            }
        }
        fx(() -> wb.open(f));
        var tab = fx(() -> (dev.falsify.app.ui.viewers.EvidenceTab) wb.tabs().getSelectionModel().getSelectedItem());
        waitFor(60, TimeUnit.SECONDS, () -> fx(() -> tab.viewer() instanceof LogViewer));
        LogViewer v = (LogViewer) fx(tab::viewer);
        assertThat(fx(v::rowCount)).isEqualTo(1_000_000);
        robot.clickOn(v.searchField()).write("NEEDLE").type(javafx.scene.input.KeyCode.ENTER);
        waitFor(20, TimeUnit.SECONDS, () -> fx(v::selectedLine) == 9);
        robot.type(javafx.scene.input.KeyCode.ENTER);
        waitFor(20, TimeUnit.SECONDS, () -> fx(v::selectedLine) == 899_999);
        assertThat(fx(() -> v.topRow())).isGreaterThan(899_000);
        robot.press(javafx.scene.input.KeyCode.SHIFT).type(javafx.scene.input.KeyCode.ENTER).release(javafx.scene.input.KeyCode.SHIFT);
        waitFor(20, TimeUnit.SECONDS, () -> fx(v::selectedLine) == 9);
        assertThat(fx(v::copySelection)).isEqualTo("needle at 10 ERROR\n");
        FxTestSupport.fxRun(() -> v.levelChoice().getSelectionModel().select(2));
        waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !v.filtering() && v.rowCount() == 2));
        assertThat(fx(() -> v.lineOfRow(1))).isEqualTo(899_999);
        // read-only: the file is unchanged after typing at the canvas
        long size = Files.size(f);
        robot.clickOn(v.canvas()).write("xyz");
        assertThat(Files.size(f)).isEqualTo(size);
    }
}
