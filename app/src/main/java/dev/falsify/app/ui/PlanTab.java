package dev.falsify.app.ui;

import dev.falsify.app.ui.editor.Analysis;
import dev.falsify.app.ui.editor.DebouncedWorker;
import dev.falsify.app.ui.editor.DocumentFile;
import dev.falsify.app.ui.editor.PlanAnalyzer;
import dev.falsify.app.ui.editor.PlanEditor;
import dev.falsify.app.ui.editor.Problem;
import dev.falsify.app.ui.matrix.MatrixView;
import dev.falsify.app.ui.outline.OutlineBuilder;
import dev.falsify.app.ui.outline.OutlineView;
import dev.falsify.app.ui.preview.PreviewPane;
import dev.falsify.app.ui.preview.PreviewRenderer;
import dev.falsify.app.ui.problems.ProblemsPanel;
import dev.falsify.app.ui.structured.StructuredView;
import dev.falsify.app.ui.tab.WorkbenchTab;
import dev.falsify.app.ui.theme.ThemeSetting;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.util.Subscription;

/**
 * One open plan: the Markdown editor and the structured view side by side, and below them the
 * claim × hypothesis matrix, the problems list and the rendered preview — all fed by the same
 * background analysis of the same document. The matrix and the preview follow the window's theme.
 */
public final class PlanTab extends Tab implements WorkbenchTab {
    private final PlanEditor editor;
    private final ProblemsPanel problems;
    private final StructuredView structured;
    private final MatrixView matrix;
    private final Tab matrixTab;
    private final PreviewPane preview = new PreviewPane();
    private final TabPane bottom = new TabPane();
    private final Tab problemsTab;
    private final Tab previewTab;
    private final DebouncedWorker<String, String> previewWorker;
    private final OutlineView outline;
    private final Subscription themeFollow;
    private Plan outlined;
    private boolean disposed;

    public PlanTab(Path path, ThemeSetting theme) {
        editor = new PlanEditor(new DocumentFile(path), new PlanAnalyzer(true));
        problems = new ProblemsPanel(p -> editor.jumpTo(p.start()), this::applyQuickFix);
        structured = new StructuredView(this::currentPlan, editor::applyReplacements, editor::jumpToDefinition);
        matrix = new MatrixView(theme::isDark, this::showElement);
        outline = new OutlineView(editor::jumpTo);
        // the outline is rebuilt only while it is on screen (the workbench shows the selected tab's)
        outline.sceneProperty().addListener((o, was, now) -> refreshOutline());
        PreviewRenderer renderer = new PreviewRenderer();
        previewWorker = new DebouncedWorker<>("falsify-preview", 250, t -> renderer.render(t, theme.isDark(),
                        editor.file().path().toAbsolutePath().getParent()),
                Platform::runLater, r -> preview.show(r.value()));
        // after the new stylesheet is in place
        themeFollow = theme.onChange(() -> Platform.runLater(this::themeChanged));

        matrixTab = new Tab("Matrix", matrix);
        problemsTab = new Tab("Problems", problems);
        previewTab = new Tab("Preview", preview);
        bottom.getTabs().addAll(matrixTab, problemsTab, previewTab);
        bottom.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        bottom.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refreshPreview());

        SplitPane top = new SplitPane(editor, structured);
        top.setOrientation(Orientation.HORIZONTAL);
        top.setDividerPositions(0.55);
        SplitPane main = new SplitPane(top, bottom);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.62);
        setContent(main);

        editor.analysisProperty().addListener((o, old, a) -> onAnalysis(a));
        editor.savedProperty().addListener((o, was, saved) -> updateTitle());
        setOnClosed(e -> dispose());
        updateTitle();
    }

    /** Loads the plan into the editor, which starts its first analysis. */
    public void open() throws IOException {
        try {
            editor.open();
        } catch (IOException | RuntimeException e) {
            // a file that cannot be opened (not UTF-8, unreadable) leaves no threads or timers behind
            editor.dispose();
            previewWorker.close();
            throw e;
        }
    }

    public PlanEditor editor() {
        return editor;
    }

    public StructuredView structured() {
        return structured;
    }

    public MatrixView matrix() {
        return matrix;
    }

    public Tab matrixTab() {
        return matrixTab;
    }

    /** Shows an element (claim, hypothesis, scenario id) in both the Markdown and the structured view. */
    public void showElement(String id) {
        editor.jumpToDefinition(id);
        structured.reveal(id);
    }

    /** The plan of the editor's current text: the latest analysis when it is current, else parsed now. */
    public Plan currentPlan() {
        return editor.currentAnalysis().map(a -> a.plan().plan()).orElseGet(() -> PlanParser.parse(editor.text()));
    }

    /** Redraws theme-dependent parts (the matrix canvas, the preview) after a theme switch. */
    private void themeChanged() {
        Analysis a = editor.analysisProperty().get();
        if (a != null) {
            matrix.show(a.plan().matrix());
        }
        refreshPreview();
    }

    public ProblemsPanel problems() {
        return problems;
    }

    public PreviewPane preview() {
        return preview;
    }

    public TabPane bottomTabs() {
        return bottom;
    }

    public Tab problemsTab() {
        return problemsTab;
    }

    public Tab previewTab() {
        return previewTab;
    }

    public Path path() {
        return editor.file().path();
    }

    @Override
    public Tab tab() {
        return this;
    }

    /** The plan file: opening it again focuses this tab (after Save As, the new file). */
    @Override
    public Optional<Path> key() {
        return Optional.of(path());
    }

    /** {@code kv.md}, with {@code ●} while it has unsaved edits. */
    @Override
    public String windowTitle() {
        return path().getFileName() + (editor.savedProperty().get() ? "" : " \u25cf");
    }

    @Override
    public Optional<Node> outlinePane() {
        return Optional.of(outline);
    }

    @Override
    public boolean unsaved() {
        return !editor.savedProperty().get();
    }

    @Override
    public Optional<Path> file() {
        return Optional.of(path());
    }

    @Override
    public void save() throws IOException {
        editor.save();
        updateTitle();
    }

    @Override
    public void discardUnsaved() throws IOException {
        editor.discardUnsaved();
    }

    /** Save As: writes the text to {@code target}, which this tab then shows and saves to. */
    public void saveAs(Path target) throws IOException {
        editor.saveAs(target);
        updateTitle();
    }

    /** Stops the tab's timers and threads (autosaving unsaved edits first); once, however often it is told. */
    @Override
    public void dispose() {
        if (disposed) {
            return;
        }
        disposed = true;
        themeFollow.unsubscribe();
        editor.autosaveNow();
        editor.dispose();
        previewWorker.close();
    }

    /** Applies a problem's quick fix if the analysis it came from is still the editor's text. */
    public boolean applyQuickFix(Problem p) {
        Analysis a = editor.currentAnalysis().orElse(null);
        if (p.quickFix().isEmpty() || a == null || !a.problems().contains(p)) {
            return false;
        }
        editor.applyReplacements(p.quickFix().get().replacements());
        return true;
    }

    /**
     * Ctrl+. : applies the quick fix of the problem at the caret, or offers a menu when several
     * have one; false when none has.
     */
    public boolean quickFixAtCaret() {
        List<Problem> fixable = editor.problemsAtCaret().stream().filter(p -> p.quickFix().isPresent()).toList();
        if (fixable.isEmpty()) {
            return false;
        }
        if (fixable.size() == 1) {
            applyQuickFix(fixable.get(0));
            return true;
        }
        ContextMenu menu = new ContextMenu();
        for (Problem p : fixable) {
            MenuItem mi = new MenuItem("[" + p.rule() + "] " + p.quickFix().get().title());
            mi.setMnemonicParsing(false);
            mi.setOnAction(e -> applyQuickFix(p));
            menu.getItems().add(mi);
        }
        var area = editor.codeArea();
        area.getCaretBounds().ifPresent(b -> menu.show(area, b.getMaxX(), b.getMaxY()));
        return true;
    }

    /** The section outline of this plan, for the workbench to show beside the tabs. */
    public OutlineView outline() {
        return outline;
    }

    private void refreshOutline() {
        Analysis a = editor.analysisProperty().get();
        if (a == null || outline.getScene() == null || a.plan().plan() == outlined) {
            return;
        }
        outlined = a.plan().plan();
        outline.show(OutlineBuilder.build(outlined));
    }

    private void onAnalysis(Analysis a) {
        matrix.show(a.plan().matrix());
        refreshOutline();
        structured.show(a.plan().plan());
        problems.show(a.problems());
        long errors = a.problems().stream().filter(Problem::isError).count();
        problemsTab.setText(a.problems().isEmpty() ? "Problems" : "Problems (" + a.problems().size() + ")");
        problemsTab.getStyleClass().remove("has-errors");
        if (errors > 0) {
            problemsTab.getStyleClass().add("has-errors");
        }
        refreshPreview();
    }

    private void refreshPreview() {
        if (bottom.getSelectionModel().getSelectedItem() == previewTab) {
            previewWorker.submit(editor.text());
        }
    }

    private void updateTitle() {
        String name = editor.file().path().getFileName().toString();
        setText(editor.savedProperty().get() ? name : "● " + name);
    }
}
