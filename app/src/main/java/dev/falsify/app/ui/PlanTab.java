package dev.falsify.app.ui;

import dev.falsify.app.ui.editor.Analysis;
import dev.falsify.app.ui.editor.DebouncedWorker;
import dev.falsify.app.ui.editor.DocumentFile;
import dev.falsify.app.ui.editor.PlanAnalyzer;
import dev.falsify.app.ui.editor.PlanEditor;
import dev.falsify.app.ui.editor.Problem;
import dev.falsify.app.ui.matrix.MatrixView;
import dev.falsify.app.ui.structured.StructuredView;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.app.ui.preview.PreviewPane;
import dev.falsify.app.ui.preview.PreviewRenderer;
import dev.falsify.app.ui.problems.ProblemsPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * One open plan: the Markdown editor and the structured view side by side, and below them the
 * claim × hypothesis matrix, the problems list and the rendered preview — all fed by the same
 * background analysis of the same document.
 */
public final class PlanTab extends Tab {
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
    private final BooleanSupplier dark;
    private final dev.falsify.app.ui.outline.OutlineView outline;
    private Plan outlined;

    public PlanTab(Path path, BooleanSupplier dark) {
        this(path, dark, true);
    }

    /** @param plan false for a session's Markdown (report, log) opened for reading: no plan lint on it */
    public PlanTab(Path path, BooleanSupplier dark, boolean plan) {
        this.dark = dark;
        editor = new PlanEditor(new DocumentFile(path), new PlanAnalyzer(plan));
        problems = new ProblemsPanel(p -> editor.jumpTo(p.start()), this::applyQuickFix);
        structured = new StructuredView(this::currentPlan, editor::applyReplacements, editor::jumpToDefinition);
        matrix = new MatrixView(dark, this::showElement);
        outline = new dev.falsify.app.ui.outline.OutlineView(editor::jumpTo);
        // the outline is rebuilt only while it is on screen (the workbench shows the selected tab's)
        outline.sceneProperty().addListener((o, was, now) -> refreshOutline());
        PreviewRenderer renderer = new PreviewRenderer();
        previewWorker = new DebouncedWorker<>("falsify-preview", 250, t -> renderer.render(t, dark.getAsBoolean()),
                Platform::runLater, r -> preview.show(r.value()));

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
    public void themeChanged() {
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

    public void save() throws IOException {
        editor.save();
        updateTitle();
    }

    /** Save As: writes the text to {@code target}, which this tab then shows and saves to. */
    public void saveAs(Path target) throws IOException {
        editor.saveAs(target);
        updateTitle();
    }

    public void dispose() {
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

    /** The section outline of this plan, for the workbench to show beside the tabs. */
    public dev.falsify.app.ui.outline.OutlineView outline() {
        return outline;
    }

    private void refreshOutline() {
        Analysis a = editor.analysisProperty().get();
        if (a == null || outline.getScene() == null || a.plan().plan() == outlined) {
            return;
        }
        outlined = a.plan().plan();
        outline.show(dev.falsify.app.ui.outline.OutlineBuilder.build(outlined));
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
