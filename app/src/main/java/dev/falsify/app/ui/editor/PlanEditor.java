package dev.falsify.app.ui.editor;

import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.model.vocabulary.PlanId;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Label;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.event.MouseOverTextEvent;
import org.fxmisc.richtext.model.PlainTextChange;
import org.fxmisc.richtext.model.StyleSpans;

/**
 * The Markdown side of the plan editor: a RichTextFX {@link CodeArea} with line numbers,
 * highlighting and lint squiggles (both computed on the background worker, never on the FX
 * thread), hover text for squiggles, Ctrl+click on an id to jump to its definition, a find bar,
 * banners for crash recovery and external changes, autosave and atomic save.
 *
 * <p>The document in the CodeArea is the single source of truth: the structured view and quick
 * fixes change it only through {@link #applyReplacements}, so there is one undo history.
 */
public final class PlanEditor extends BorderPane {
    /**
     * No debounce before re-analysing: a keystroke must update the matrix within 100 ms, and the
     * single worker thread already coalesces a burst of keys — while one analysis runs, later
     * submissions wait and only the newest of them runs (a 15 ms debounce cost 15–20 ms per key).
     */
    static final long ANALYSIS_DEBOUNCE_MS = 0;

    private final CodeArea area = new CodeArea();
    private final DocumentFile file;
    private final DebouncedWorker<String, Analysis> worker;
    private final ReadOnlyObjectWrapper<Analysis> analysis = new ReadOnlyObjectWrapper<>();
    private final List<Consumer<DebouncedWorker.Result<Analysis>>> timingListeners = new ArrayList<>();
    private final EditorBanners banners = new EditorBanners();
    private final FindBar findBar;
    private final Popup hoverPopup = new Popup();
    private final Label hoverLabel = new Label();
    private final ExecutorService io;
    private final Timeline autosaveTimer;
    private final Timeline diskWatchTimer;
    private String lastAutosaved;
    /** The highlighting last applied to the area, in the coordinates of the text it was computed for. */
    private StyleSpans<Collection<String>> appliedStyles;
    /** The region changed by typing since {@link #appliedStyles} was applied, in current coordinates; -1 when none. */
    private int dirtyStart = -1, dirtyEnd = -1;
    private boolean externalBannerShown;
    private boolean deletedBannerShown;
    private boolean loading;
    /** The worker generation of the analysis on screen. */
    private long shownGeneration = -1;

    public PlanEditor(DocumentFile file, Function<String, Analysis> analyzer) {
        this.file = file;
        this.io = BackgroundThreads.singleThread("falsify-editor-io");
        getStyleClass().add("plan-editor");
        area.getStyleClass().add("plan-code-area");
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        area.setWrapText(false);
        worker = new DebouncedWorker<>("falsify-analysis", ANALYSIS_DEBOUNCE_MS, analyzer, Platform::runLater, this::deliver);
        area.plainTextChanges()
                .filter(ch -> !ch.isIdentity())
                .subscribe(this::onTextChange);

        hoverLabel.getStyleClass().add("lint-hover");
        hoverLabel.setId("lint-hover");
        hoverLabel.setWrapText(true);
        hoverLabel.setMaxWidth(520);
        hoverPopup.getContent().add(hoverLabel);
        area.setMouseOverTextDelay(Duration.ofMillis(350));
        area.addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_BEGIN, e -> showHover(e.getCharacterIndex(), e.getScreenPosition().getX(), e.getScreenPosition().getY()));
        area.addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_END, e -> hoverPopup.hide());
        area.addEventFilter(MouseEvent.MOUSE_CLICKED, this::onClick);

        findBar = new FindBar(this::findNext, area::requestFocus);

        setTop(new VBox(banners, findBar));
        setCenter(new VirtualizedScrollPane<>(area));

        autosaveTimer = new Timeline(new KeyFrame(javafx.util.Duration.seconds(5), e -> autosaveNow()));
        autosaveTimer.setCycleCount(Timeline.INDEFINITE);
        diskWatchTimer = new Timeline(new KeyFrame(javafx.util.Duration.seconds(2), e -> checkDisk()));
        diskWatchTimer.setCycleCount(Timeline.INDEFINITE);
    }

    /**
     * Loads the file and starts its analysis, offers crash recovery if an autosave exists, starts
     * autosave and disk watch.
     */
    public void open() throws IOException {
        String text = file.load();
        loading = true;
        try {
            area.replaceText(text);
        } finally {
            loading = false;
        }
        // The first analysis starts once the editor has been laid out: on a cold JVM the parse of a
        // big plan would otherwise compete for the two cores with building the window.
        Platform.runLater(() -> LayoutPulse.after(getScene(), () -> worker.submit(area.getText())));
        area.getUndoManager().forgetHistory();
        area.getUndoManager().mark();
        area.moveTo(0);
        area.requestFollowCaret();
        lastAutosaved = text;
        Optional<String> recovered = file.recoverable();
        recovered.ifPresent(this::offerRecovery);
        autosaveTimer.play();
        diskWatchTimer.play();
    }

    public CodeArea codeArea() {
        return area;
    }

    public DocumentFile file() {
        return file;
    }

    public String text() {
        return area.getText();
    }

    public ReadOnlyObjectProperty<Analysis> analysisProperty() {
        return analysis.getReadOnlyProperty();
    }

    /**
     * The analysis on screen if it is of the text in the editor now (no keystroke since it was
     * submitted). Decided by generation, so callers never copy and compare the whole document.
     */
    public Optional<Analysis> currentAnalysis() {
        Analysis a = analysis.get();
        return a != null && shownGeneration == worker.latestGeneration() ? Optional.of(a) : Optional.empty();
    }

    public ObservableBooleanValue savedProperty() {
        return area.getUndoManager().atMarkedPositionProperty();
    }

    /** Called on the FX thread with each analysis put on screen (always of the newest text) and its timing. */
    public void addTimingListener(Consumer<DebouncedWorker.Result<Analysis>> l) {
        timingListeners.add(l);
    }

    public void save() throws IOException {
        String text = area.getText();
        file.save(text);
        lastAutosaved = text;
        area.getUndoManager().mark();
        deletedBannerShown = false;
    }

    /** Save As: the text goes to {@code target}, which becomes this editor's file. */
    public void saveAs(Path target) throws IOException {
        String text = area.getText();
        file.saveAs(target, text);
        lastAutosaved = text;
        area.getUndoManager().mark();
        deletedBannerShown = false;
    }

    /**
     * Applies replacements computed against the current text as ONE undo step (applied back to
     * front so earlier offsets stay valid), then puts the caret after the first one.
     */
    public void applyReplacements(List<Problem.Replacement> replacements) {
        if (replacements.isEmpty()) {
            return;
        }
        List<Problem.Replacement> sorted = new ArrayList<>(replacements);
        sorted.sort(Comparator.comparingInt(Problem.Replacement::start).reversed());
        area.getUndoManager().preventMerge();
        var multi = area.createMultiChange(sorted.size());
        for (Problem.Replacement r : sorted) {
            multi.replaceText(r.start(), r.end(), r.text());
        }
        multi.commit();
        area.getUndoManager().preventMerge();
        Problem.Replacement first = sorted.get(sorted.size() - 1);
        int caret = Math.min(area.getLength(), first.start() + first.text().length());
        area.moveTo(caret);
        area.requestFollowCaret();
    }

    /**
     * Folds the section (level-2 to level-4 heading) around the caret: its heading stays visible, the
     * rest hides. Folding only hides paragraphs; the text, the analysis and the undo history are
     * untouched. Returns false when the caret is in no foldable section.
     */
    public boolean foldSectionAtCaret() {
        return sectionAtCaret().map(r -> {
            area.foldParagraphs(r.heading(), r.last());
            area.moveTo(r.heading(), 0);
            return true;
        }).orElse(false);
    }

    /** Unfolds the section around the caret (the caret sits on a folded section's heading). */
    public boolean unfoldSectionAtCaret() {
        int par = area.getCurrentParagraph();
        if (par + 1 < area.getParagraphs().size() && area.isFolded(par + 1)) {
            area.unfoldParagraphs(par);
            return true;
        }
        return sectionAtCaret().filter(r -> area.isFolded(r.heading() + 1)).map(r -> {
            area.unfoldParagraphs(r.heading());
            return true;
        }).orElse(false);
    }

    /** Shows every folded paragraph again. */
    public void unfoldAll() {
        for (int p = 0; p < area.getParagraphs().size(); p++) {
            if (area.isFolded(p)) {
                area.unfoldParagraphs(Math.max(0, p - 1));
            }
        }
    }

    /** True when paragraph {@code par} (0-based) is hidden inside a fold. */
    public boolean isFolded(int par) {
        return area.isFolded(par);
    }

    private Optional<SectionFolding.Range> sectionAtCaret() {
        List<String> lines = new ArrayList<>(area.getParagraphs().size());
        area.getParagraphs().forEach(p -> lines.add(p.getText()));
        return SectionFolding.sectionAt(lines, area.getCurrentParagraph());
    }

    /** Moves the caret to {@code offset}, selects that line and scrolls it into view. */
    public void jumpTo(int offset) {
        int o = Math.max(0, Math.min(offset, area.getLength()));
        area.moveTo(o);
        int par = area.getCurrentParagraph();
        if (area.isFolded(par)) {
            unfoldAll(); // a jump target must be visible
            area.moveTo(o);
        }
        // the target line stays selected (caret at its start) so the eye finds it; moveTo would clear it
        int lineStart = area.getAbsolutePosition(par, 0);
        area.selectRange(lineStart + area.getParagraphLength(par), lineStart);
        area.showParagraphAtCenter(par);
        area.requestFocus();
    }

    /** Jumps to where {@code id} is defined; false if the current analysis does not know it. */
    public boolean jumpToDefinition(String id) {
        Analysis a = analysis.get();
        String key = PlanId.key(id);
        if (a == null || !a.definitions().containsKey(key)) {
            return false;
        }
        jumpTo(a.definitions().get(key));
        return true;
    }

    public void showFind() {
        findBar.open(area.getSelectedText());
    }

    /** Case-insensitive search forward from the caret, wrapping around; false if not found. */
    public boolean findNext(String needle) {
        if (needle == null || needle.isEmpty()) {
            return false;
        }
        String hay = area.getText().toLowerCase();
        String n = needle.toLowerCase();
        int from = area.getSelection().getLength() > 0 ? area.getSelection().getEnd() : area.getCaretPosition();
        int at = hay.indexOf(n, from);
        if (at < 0) {
            at = hay.indexOf(n);
        }
        if (at < 0) {
            return false;
        }
        area.selectRange(at, at + n.length());
        area.requestFollowCaret();
        return true;
    }

    public void dispose() {
        autosaveTimer.stop();
        diskWatchTimer.stop();
        worker.close();
        io.shutdown();
    }

    /**
     * The user chose not to save: the autosave side file goes, and these edits are not autosaved
     * again when the editor is disposed (closing it would otherwise write them back, and reopening
     * the plan would offer to restore what the user threw away).
     */
    public void discardUnsaved() throws IOException {
        lastAutosaved = area.getText();
        file.discardAutosave();
        io.execute(() -> { // after an autosave the timer queued just before
            try {
                file.discardAutosave();
            } catch (IOException e) {
                Platform.runLater(() -> banners.inform("Could not delete the autosave: " + e.getMessage()));
            }
        });
    }

    /** Writes the autosave side file now if there are unsaved changes (normally every 5 s). */
    public void autosaveNow() {
        String text = area.getText();
        if (text.equals(lastAutosaved)) {
            return;
        }
        lastAutosaved = text;
        io.execute(() -> {
            try {
                file.autosave(text);
            } catch (IOException e) {
                Platform.runLater(() -> banners.inform("Autosave failed: " + e.getMessage()));
            }
        });
    }

    private void onTextChange(PlainTextChange change) {
        int pos = change.getPosition();
        int ins = change.getInserted().length();
        int delta = ins - change.getRemoved().length();
        if (dirtyStart < 0) {
            dirtyStart = pos;
            dirtyEnd = pos + ins;
        } else {
            dirtyEnd = dirtyEnd <= pos ? pos + ins : Math.max(dirtyEnd + delta, pos + ins);
            dirtyStart = Math.min(dirtyStart, pos);
            dirtyEnd = Math.max(dirtyEnd, dirtyStart);
        }
        if (!loading) {
            worker.submit(area.getText());
        }
    }

    /**
     * Applies new highlighting, restyling only the region that differs from what is on screen: the
     * common styled prefix and suffix with the previous highlighting, widened to cover every
     * character typed since (whose on-screen style is whatever RichTextFX gave the insertion).
     */
    private void applyStyles(StyleSpans<Collection<String>> styles) {
        int len = styles.length();
        if (appliedStyles == null || len != area.getLength()) {
            area.setStyleSpans(0, styles);
        } else {
            int start = StyleDiff.commonPrefix(appliedStyles, styles);
            int end = len - StyleDiff.commonSuffix(appliedStyles, styles);
            if (dirtyStart >= 0) {
                start = Math.min(start, dirtyStart);
                end = Math.max(end, Math.min(len, dirtyEnd));
            }
            start = Math.max(0, Math.min(start, len));
            end = Math.max(start, Math.min(end, len));
            if (end > start) {
                area.setStyleSpans(start, styles.subView(start, end));
            }
        }
        appliedStyles = styles;
        dirtyStart = dirtyEnd = -1;
    }

    private void deliver(DebouncedWorker.Result<Analysis> result) {
        Analysis a = result.value();
        // Every text change submits synchronously on this thread, so a result of the latest
        // generation is of the text on screen; comparing the whole document (a copy of 250 kB for the
        // big plan) on the FX thread for every analysis would only say the same thing slower.
        if (result.generation() != worker.latestGeneration() || a.text().length() != area.getLength()) {
            return; // the text moved on; a newer analysis is coming
        }
        applyStyles(a.styles());
        shownGeneration = result.generation();
        analysis.set(a);
        for (Consumer<DebouncedWorker.Result<Analysis>> l : timingListeners) {
            l.accept(result);
        }
    }

    /** Re-analyses the current text now (after open, or when the analyzer's inputs changed). */
    public void reanalyze() {
        worker.submit(area.getText());
    }

    private void showHover(int index, double x, double y) {
        Analysis a = analysis.get();
        if (a == null) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (Problem p : a.problems()) {
            int end = Math.max(p.end(), p.start() + 1);
            if (p.start() <= index && index < end) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(p.severity()).append(" [").append(p.rule()).append("] ").append(p.message());
                p.quickFix().ifPresent(f -> sb.append("  (Ctrl+. : ").append(f.title()).append(')'));
            }
        }
        if (sb.length() == 0) {
            return;
        }
        hoverLabel.setText(sb.toString());
        if (getScene() != null && getScene().getWindow() != null) {
            hoverPopup.show(getScene().getWindow(), x + 8, y + 12);
        }
    }

    private void onClick(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY || !e.isShortcutDown()) {
            return;
        }
        int idx = area.hit(e.getX(), e.getY()).getInsertionIndex();
        String id = MarkdownHighlighter.idAt(area.getText(), idx);
        if (id != null && jumpToDefinition(id)) {
            e.consume();
        }
    }

    /** The problems whose span contains the caret (or the nearest on its line), for Ctrl+. */
    public List<Problem> problemsAtCaret() {
        Analysis a = analysis.get();
        if (a == null) {
            return List.of();
        }
        int caret = area.getCaretPosition();
        int line = area.getCurrentParagraph() + 1;
        List<Problem> out = new ArrayList<>();
        for (Problem p : a.problems()) {
            if ((p.start() <= caret && caret <= Math.max(p.end(), p.start() + 1)) || p.line() == line) {
                out.add(p);
            }
        }
        return out;
    }

    private void offerRecovery(String recovered) {
        banners.offer("recovery-banner",
                "Unsaved changes from an earlier session were found (" + file.autosavePath().getFileName() + ").",
                "Restore unsaved text", "recover-restore", () -> area.replaceText(recovered),
                "Discard", "recover-discard", () -> io.execute(() -> {
                    try {
                        file.discardAutosave();
                    } catch (IOException ex) {
                        // nothing lost: the side file simply stays until the next save
                    }
                }));
    }

    private void checkDisk() {
        if (externalBannerShown) {
            return;
        }
        io.execute(() -> {
            if (file.deletedOnDisk()) {
                Platform.runLater(this::noticeDeleted);
                return;
            }
            Optional<String> changed;
            try {
                changed = file.externalChange();
            } catch (IOException e) {
                return;
            }
            changed.ifPresent(disk -> Platform.runLater(() -> offerReload(disk)));
        });
    }

    /** Checks the file on disk now instead of waiting for the 2 s poll (window focus, tests). */
    public void checkDiskNow() {
        checkDisk();
    }

    /** The file went from disk while open: say so once; the text stays in the editor until saved or closed. */
    private void noticeDeleted() {
        if (deletedBannerShown || !file.deletedOnDisk()) {
            return;
        }
        deletedBannerShown = true;
        banners.offer("deleted-banner", file.path().getFileName() + " was deleted or moved on disk; the text here is not saved anywhere.",
                "Save it again", "deleted-save", () -> {
                    try {
                        save();
                    } catch (IOException e) {
                        banners.inform("Cannot save " + file.path() + ": " + e.getMessage());
                    }
                },
                "Dismiss", "deleted-dismiss", () -> { });
    }

    private void offerReload(String disk) {
        if (externalBannerShown) {
            return;
        }
        externalBannerShown = true;
        banners.offer("external-change-banner", file.path().getFileName() + " was changed on disk by another program.",
                "Reload from disk", "external-reload", () -> {
                    file.acknowledgeDiskText(disk);
                    area.replaceText(disk);
                    area.getUndoManager().mark();
                    externalBannerShown = false;
                },
                "Keep my version", "external-keep", () -> {
                    file.acknowledgeDiskText(disk);
                    externalBannerShown = false;
                });
    }
}
