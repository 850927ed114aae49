package dev.falsify.app.ui.log;

import dev.falsify.app.ui.work.BackgroundThreads;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * A read-only, virtualized log viewer: one Canvas draws only the rows on screen, lines are fetched
 * from their {@link LogLines} as they are drawn, so a million-line log opens and scrolls like a short
 * one. Search with highlighting and next/previous, filter by process, level and pattern (scanned off
 * the FX thread), line numbers, follow the tail while a run writes, copy the selected lines.
 * Nothing in it edits anything.
 */
public final class LogViewer extends BorderPane {
    private static final Font FONT = Font.font("Monospaced", 12);
    private static final double ROW = 16;
    private static final double CHAR_W;

    static {
        Text t = new Text("0123456789");
        t.setFont(FONT);
        CHAR_W = t.getLayoutBounds().getWidth() / 10;
    }

    private final Canvas canvas = new Canvas();
    private final Pane canvasHolder = new Pane(canvas);
    private final ScrollBar vbar = new ScrollBar();
    private final TextField search = new TextField();
    private final Label matches = new Label();
    private final TextField pattern = new TextField();
    private final ChoiceBox<String> level = new ChoiceBox<>();
    private final MenuButton processMenu = new MenuButton("Processes");
    private final CheckBox follow = new CheckBox("Follow");
    private final Label status = new Label();
    /** The viewer's thread ends when it has had nothing to do for a while (a closed viewer leaves none). */
    private final ScheduledExecutorService worker = BackgroundThreads.scheduledEndingWhenIdle("falsify-log-viewer", 5);
    private final AtomicInteger generation = new AtomicInteger();
    private LogLines lines;
    private FilteredLines view;
    private int top;
    private double scrollX;
    private int anchorRow = -1;
    private int caretRow = -1;
    /** Told the source line the user picked with a plain click (the session's instant follows it). */
    private IntConsumer onPickLine = line -> { };
    private int hitLine = -1;
    private int shownProcesses = -1;
    private boolean dirty = true;
    private boolean scanning;
    private ScheduledFuture<?> polling;
    private int paintedLines = -1;
    private int paintedRows = -1;
    /** Whether the lines were still growing when last painted (the status says "live" while they are). */
    private boolean paintedGrowing;
    /** Why the pattern typed is not filtering, or empty. */
    private String patternProblem = "";
    private Runnable poller;
    private ContextMenu menu;

    private final AnimationTimer pulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            tick(now);
        }
    };

    public LogViewer() {
        getStyleClass().add("log-viewer");
        setId("log-viewer");
        canvas.setId("log-canvas");
        canvas.setFocusTraversable(true);
        canvas.widthProperty().bind(canvasHolder.widthProperty());
        canvas.heightProperty().bind(canvasHolder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> invalidate());
        canvas.heightProperty().addListener((o, a, b) -> invalidate());
        canvasHolder.setMinSize(0, 0);
        vbar.setOrientation(Orientation.VERTICAL);
        vbar.valueProperty().addListener((o, a, b) -> {
            int t = (int) Math.round(b.doubleValue());
            if (t != top) {
                top = t;
                if (t < maxTop()) follow.setSelected(false);
                invalidate();
            }
        });
        canvas.setOnScroll(e -> {
            if (e.isShiftDown() || Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY())) {
                double d = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
                scrollX = Math.max(0, scrollX - d);
            } else {
                scrollBy((int) Math.round(-e.getDeltaY() / ROW * 1.5));
            }
            invalidate();
        });
        canvas.setOnMousePressed(e -> {
            canvas.requestFocus();
            int r = top + (int) (e.getY() / ROW);
            if (view == null || r >= view.count()) return;
            // a right-click inside the selection keeps it: the context menu acts on it
            if (e.isSecondaryButtonDown() && anchorRow >= 0 && r >= Math.min(anchorRow, caretRow) && r <= Math.max(anchorRow, caretRow)) return;
            if (e.isShiftDown() && anchorRow >= 0) {
                caretRow = r;
            } else {
                anchorRow = r;
                caretRow = r;
                if (e.isPrimaryButtonDown()) onPickLine.accept(view.line(r));
            }
            invalidate();
        });
        canvas.setOnMouseDragged(e -> {
            if (view == null || anchorRow < 0) return;
            caretRow = Math.max(0, Math.min(view.count() - 1, top + (int) (e.getY() / ROW)));
            invalidate();
        });
        canvas.setOnContextMenuRequested(e -> {
            if (menu != null) menu.hide();
            menu = contextMenuAt(e.getY());
            if (menu != null) menu.show(canvas, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        canvas.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == KeyCode.C) {
                copySelection();
            } else if (e.isShortcutDown() && e.getCode() == KeyCode.F) {
                search.requestFocus();
            } else if (e.getCode() == KeyCode.PAGE_DOWN) {
                scrollBy(visibleRows() - 1);
            } else if (e.getCode() == KeyCode.PAGE_UP) {
                scrollBy(-(visibleRows() - 1));
            } else if (e.getCode() == KeyCode.DOWN) {
                scrollBy(1);
            } else if (e.getCode() == KeyCode.UP) {
                scrollBy(-1);
            } else if (e.getCode() == KeyCode.END && e.isShortcutDown()) {
                follow.setSelected(true);
            } else if (e.getCode() == KeyCode.HOME && e.isShortcutDown()) {
                follow.setSelected(false);
                top = 0;
            } else {
                return;
            }
            invalidate();
            e.consume();
        });

        search.setId("log-search");
        search.setPromptText("Search (Enter: next, Shift+Enter: previous)");
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) find(e.isShiftDown() ? -1 : 1);
        });
        search.textProperty().addListener((o, a, b) -> {
            hitLine = -1;
            matches.setText("");
            invalidate();
        });
        Button next = new Button("Next");
        next.setOnAction(e -> find(1));
        Button prev = new Button("Previous");
        prev.setOnAction(e -> find(-1));
        matches.setId("log-matches");
        level.getItems().addAll("All levels", "Warnings and errors", "Errors only");
        level.getSelectionModel().select(0);
        level.setId("log-level");
        level.valueProperty().addListener((o, a, b) -> refilter());
        pattern.setId("log-filter");
        pattern.setPromptText("Filter lines (regex)");
        pattern.setPrefColumnCount(12);
        pattern.setOnAction(e -> refilter());
        pattern.textProperty().addListener((o, a, b) -> refilter());
        processMenu.setId("log-processes");
        follow.setId("log-follow");
        follow.selectedProperty().addListener((o, a, b) -> invalidate());
        Button copy = new Button("Copy");
        copy.setOnAction(e -> copySelection());
        HBox bar = new HBox(6, search, prev, next, matches, new Label("  "), processMenu, level, pattern, follow, copy);
        HBox.setHgrow(search, Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        setTop(bar);
        BorderPane centre = new BorderPane(canvasHolder);
        centre.setRight(vbar);
        setCenter(centre);
        status.setPadding(new Insets(2, 6, 2, 6));
        status.setId("log-status");
        setBottom(status);
        sceneProperty().addListener((o, a, b) -> {
            if (b == null) {
                pulse.stop();
                stopPolling();
            } else {
                startPolling();
                invalidate();
            }
        });
    }

    /** Shows these lines (a file already indexed or being indexed, or a run's live log). */
    public void open(LogLines l) {
        lines = l;
        view = new FilteredLines(l, LineFilter.ALL);
        top = 0;
        anchorRow = caretRow = hitLine = -1;
        shownProcesses = -1;
        follow.setSelected(l.growing());
        invalidate();
    }

    /**
     * Asks for {@code poll} to be run off the FX thread about every 300 ms while the viewer is shown
     * (a followed file indexes what was appended).
     */
    public void setPoller(Runnable poll) {
        stopPolling();
        poller = poll;
        if (getScene() != null) startPolling();
    }

    /**
     * Polls on the viewer's own thread, not in a pulse: an animation would keep JavaFX pulsing 60
     * times a second for every open log; this repaints only when lines arrived.
     */
    private void startPolling() {
        if (poller == null || polling != null) return;
        Runnable p = poller;
        polling = worker.scheduleWithFixedDelay(() -> {
            LogLines l = lines;
            int before = l == null ? 0 : l.count();
            p.run();
            if (l != null && l.count() != before) Platform.runLater(this::invalidate);
        }, 300, 300, TimeUnit.MILLISECONDS);
    }

    private void stopPolling() {
        if (polling != null) {
            polling.cancel(false);
            polling = null;
        }
    }

    public LogLines lines() {
        return lines;
    }

    public TextField searchField() {
        return search;
    }

    public TextField patternField() {
        return pattern;
    }

    public ChoiceBox<String> levelChoice() {
        return level;
    }

    public CheckBox followBox() {
        return follow;
    }

    public Canvas canvas() {
        return canvas;
    }

    /** Rows the current filter shows (so far). */
    public int rowCount() {
        return view == null ? 0 : view.count();
    }

    /** The source line (0-based) of row {@code r}. */
    public int lineOfRow(int r) {
        return view.line(r);
    }

    public int topRow() {
        return top;
    }

    /** Whether the filter scan is still running. */
    public boolean filtering() {
        return scanning || view != null && view.behind();
    }

    /** {@code pick} hears the source line (0-based) of each plain primary click on a line. */
    public void setOnPickLine(IntConsumer pick) {
        onPickLine = pick == null ? line -> { } : pick;
    }

    /** The selected source line (0-based), or -1. */
    public int selectedLine() {
        return caretRow < 0 || view == null || caretRow >= view.count() ? -1 : view.line(caretRow);
    }

    /** Selects and scrolls to source line {@code line} (0-based); it is shown even if the filter hides it: the filter is cleared. */
    public void showLine(int line) {
        if (view == null || line < 0 || line >= lines.count()) return;
        int r = view.rowOf(line);
        if (view.count() == 0 || view.line(r) != line) {
            pattern.setText("");
            level.getSelectionModel().select(0);
            view = new FilteredLines(lines, new LineFilter(Set.of(), LogLevel.INFO, null));
            r = line;
        }
        follow.setSelected(false);
        anchorRow = caretRow = r;
        top = Math.max(0, Math.min(r - visibleRows() / 3, maxTop()));
        invalidate();
    }

    /** Restricts the shown processes (indexes into {@link LogLines#processes()}); empty shows all. */
    public void showProcesses(Set<Integer> ids) {
        processMenu.getItems().forEach(m -> {
            if (m instanceof CheckMenuItem c) c.setSelected(ids.isEmpty() || ids.contains((Integer) c.getUserData()));
        });
        refilter();
    }

    /**
     * Selects the next (or previous) line containing the search text, case-insensitively, among the
     * rows shown, wrapping around; searched off the FX thread.
     *
     * @return the source line found (0-based), or -1
     */
    public CompletableFuture<Integer> find(int direction) {
        String q = search.getText().toLowerCase(Locale.ROOT);
        CompletableFuture<Integer> result = new CompletableFuture<>();
        FilteredLines v = view;
        if (q.isEmpty() || v == null || v.count() == 0) {
            result.complete(-1);
            return result;
        }
        int n = v.count();
        int start = caretRow < 0 ? (direction > 0 ? 0 : n - 1) : Math.floorMod(caretRow + direction, n);
        matches.setText("searching\u2026");
        worker.submit(() -> {
            int found = -1;
            for (int k = 0; k < n; k++) {
                int r = Math.floorMod(start + k * direction, n);
                if (v.lines().line(v.line(r)).toLowerCase(Locale.ROOT).contains(q)) {
                    found = r;
                    break;
                }
            }
            int row = found;
            Platform.runLater(() -> {
                if (view != v) {
                    result.complete(-1);
                    return;
                }
                if (row < 0) {
                    matches.setText("not found");
                    result.complete(-1);
                    return;
                }
                hitLine = v.line(row);
                follow.setSelected(false);
                anchorRow = caretRow = row;
                top = Math.max(0, Math.min(row - 3, maxTop()));
                matches.setText("line " + (hitLine + 1));
                invalidate();
                result.complete(hitLine);
            });
        });
        return result;
    }

    /** Copies the selected lines (whole, with no line numbers) to the clipboard and returns them. */
    public String copySelection() {
        return copy(Copy.LINES);
    }

    /** What a copy puts on the clipboard. */
    public enum Copy {
        /** the lines as the process wrote them */
        LINES,
        /** each line after its number (and its process, for a run's log), as the viewer shows them */
        NUMBERED,
        /** only where the lines are: {@code 1204}, {@code 1204-1210}, or one number per line when filtered */
        LINE_NUMBERS
    }

    /** Copies the selected rows as {@code how} says to the clipboard and returns the text. */
    public String copy(Copy how) {
        if (view == null || anchorRow < 0) return "";
        int a = Math.min(anchorRow, caretRow);
        int b = Math.min(Math.max(anchorRow, caretRow), view.count() - 1);
        if (b - a > 100_000) b = a + 100_000; // a copy is for people: cap it
        StringBuilder sb = new StringBuilder();
        boolean multi = lines.processes().size() > 1;
        if (how == Copy.LINE_NUMBERS && view.line(b) - view.line(a) == b - a) {
            // consecutive lines: a range, as one would cite it
            sb.append(view.line(a) + 1);
            if (b > a) sb.append('-').append(view.line(b) + 1);
            sb.append('\n');
        } else {
            for (int r = a; r <= b; r++) {
                int li = view.line(r);
                switch (how) {
                    case LINES -> sb.append(lines.line(li));
                    case NUMBERED -> {
                        sb.append(li + 1).append('\t');
                        if (multi) sb.append(lines.processes().get(lines.process(li))).append('\t');
                        sb.append(lines.line(li));
                    }
                    case LINE_NUMBERS -> sb.append(li + 1);
                }
                sb.append('\n');
            }
        }
        ClipboardContent c = new ClipboardContent();
        c.putString(sb.toString());
        Clipboard.getSystemClipboard().setContent(c);
        return sb.toString();
    }

    /**
     * The context menu for a right-click at {@code y} on the canvas (the selection, or the row
     * there): copy the lines, with or without their numbers, or only their numbers; show only the
     * process that wrote the row, or every process again. Null where there is no row.
     */
    public ContextMenu contextMenuAt(double y) {
        if (view == null || view.count() == 0) return null;
        rebuildProcessMenu(); // the filter items exist before the first paint too
        int r = Math.min(view.count() - 1, top + (int) (y / ROW));
        if (anchorRow < 0 || r < Math.min(anchorRow, caretRow) || r > Math.max(anchorRow, caretRow)) {
            anchorRow = caretRow = r;
            invalidate();
        }
        MenuItem copy = new MenuItem("Copy");
        copy.setId("log-menu-copy");
        copy.setAccelerator(KeyCombination.keyCombination("Shortcut+C"));
        copy.setOnAction(e -> copy(Copy.LINES));
        MenuItem numbered = new MenuItem("Copy with line numbers");
        numbered.setId("log-menu-copy-numbered");
        numbered.setOnAction(e -> copy(Copy.NUMBERED));
        MenuItem numbers = new MenuItem("Copy line numbers");
        numbers.setId("log-menu-copy-numbers");
        numbers.setOnAction(e -> copy(Copy.LINE_NUMBERS));
        ContextMenu m = new ContextMenu(copy, numbered, numbers);
        if (lines.processes().size() > 1) {
            int proc = lines.process(view.line(r));
            MenuItem only = new MenuItem("Filter to this process (" + lines.processes().get(proc) + ")");
            only.setId("log-menu-only-process");
            only.setMnemonicParsing(false);
            only.setOnAction(e -> showProcesses(Set.of(proc)));
            MenuItem all = new MenuItem("Show all processes");
            all.setId("log-menu-all-processes");
            all.setOnAction(e -> showProcesses(Set.of()));
            all.setDisable(processMenu.getItems().stream().allMatch(i -> !(i instanceof CheckMenuItem c) || c.isSelected()));
            m.getItems().addAll(new SeparatorMenuItem(), only, all);
        }
        return m;
    }

    private void refilter() {
        if (lines == null) return;
        Set<Integer> procs = new HashSet<>();
        boolean all = true;
        for (var m : processMenu.getItems()) {
            if (m instanceof CheckMenuItem c) {
                if (c.isSelected()) procs.add((Integer) c.getUserData());
                else all = false;
            }
        }
        if (all) procs.clear();
        if (!all && procs.isEmpty()) procs.add(-1); // nothing ticked: nothing shown
        Pattern p = null;
        String text = pattern.getText();
        pattern.setStyle("");
        patternProblem = "";
        if (text != null && !text.isEmpty()) {
            try {
                p = Pattern.compile(text);
            } catch (PatternSyntaxException e) {
                // the rows shown stay the last valid filter's; say why this one is not applied
                pattern.setStyle("-fx-border-color: #d1242f;");
                patternProblem = "filter not applied: not a regular expression (" + e.getDescription() + " near index " + e.getIndex() + ")";
                invalidate();
                return;
            }
        }
        LogLevel min = switch (level.getSelectionModel().getSelectedIndex()) {
            case 1 -> LogLevel.WARNING;
            case 2 -> LogLevel.ERROR;
            default -> LogLevel.INFO;
        };
        int keepLine = selectedLine();
        view = new FilteredLines(lines, new LineFilter(procs, min, p));
        anchorRow = caretRow = -1;
        top = 0;
        if (keepLine >= 0 && view.filter().showsAll()) {
            anchorRow = caretRow = keepLine;
            top = Math.max(0, keepLine - 3);
        }
        invalidate();
    }

    /** Scans filter rows off the FX thread, one bounded step at a time, while the filter is behind. */
    private void scanStep() {
        FilteredLines v = view;
        if (scanning || v == null || !v.behind()) return;
        scanning = true;
        int gen = generation.incrementAndGet();
        worker.submit(() -> {
            v.scan(200_000);
            Platform.runLater(() -> {
                scanning = false;
                if (gen == generation.get()) invalidate();
            });
        });
    }

    private void rebuildProcessMenu() {
        List<String> ps = lines.processes();
        if (ps.size() == shownProcesses) return;
        for (int i = Math.max(0, shownProcesses); i < ps.size(); i++) {
            CheckMenuItem c = new CheckMenuItem(ps.get(i));
            c.setUserData(i);
            c.setSelected(true);
            c.selectedProperty().addListener((o, a, b) -> refilter());
            processMenu.getItems().add(c);
        }
        shownProcesses = ps.size();
        processMenu.setVisible(ps.size() > 1);
        processMenu.setManaged(ps.size() > 1);
    }

    private void scrollBy(int rows) {
        top = Math.max(0, Math.min(top + rows, maxTop()));
        if (rows < 0) follow.setSelected(false);
        invalidate();
    }

    private int visibleRows() {
        return Math.max(1, (int) (canvas.getHeight() / ROW));
    }

    private int maxTop() {
        return view == null ? 0 : Math.max(0, view.count() - visibleRows());
    }

    /** Asks for a repaint on the next pulse. */
    public void invalidate() {
        dirty = true;
        if (getScene() != null) pulse.start();
    }

    private void tick(long now) {
        boolean live = lines != null && lines.growing();
        if (view != null && view.behind()) scanStep();
        if (lines != null && follow.isSelected()) {
            int t = maxTop();
            if (t != top) {
                top = t;
                dirty = true;
            }
        }
        if (lines != null && (dirty || lines.count() != paintedLines || view.count() != paintedRows || live != paintedGrowing)) {
            paint();
            dirty = false;
            paintedLines = lines.count();
            paintedRows = view.count();
            paintedGrowing = live;
        }
        if (!live && !dirty && !filtering()) pulse.stop();
    }

    private static void setIfChanged(Label l, String text) {
        if (!text.equals(l.getText())) l.setText(text);
    }

    private void paint() {
        if (lines != null) rebuildProcessMenu();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.web("#fbfbfb"));
        g.fillRect(0, 0, w, h);
        if (view == null) return;
        int rows = view.count();
        int visible = visibleRows();
        top = Math.max(0, Math.min(top, Math.max(0, rows - visible)));
        // only what changed: every property set on a control would cost the scene a layout pass
        if (vbar.getMax() != Math.max(0, rows - visible)) vbar.setMax(Math.max(0, rows - visible));
        if (vbar.getVisibleAmount() != Math.max(1, visible)) vbar.setVisibleAmount(Math.max(1, visible));
        if (vbar.getBlockIncrement() != Math.max(1, visible - 1)) vbar.setBlockIncrement(Math.max(1, visible - 1));
        if ((int) Math.round(vbar.getValue()) != top) vbar.setValue(top);
        int total = lines.count();
        int digits = Math.max(4, Integer.toString(total).length());
        double gutter = (digits + 1) * CHAR_W + 6;
        boolean multi = lines.processes().size() > 1;
        double tagW = multi ? 21 * CHAR_W : 0;
        String q = search.getText() == null ? "" : search.getText().toLowerCase(Locale.ROOT);
        int selA = Math.min(anchorRow, caretRow);
        int selB = Math.max(anchorRow, caretRow);
        g.setFont(FONT);
        g.setFill(Color.web("#eef0f2"));
        g.fillRect(0, 0, gutter, h);
        int last = Math.min(rows, top + visible + 1);
        for (int r = top; r < last; r++) {
            double y = (r - top) * ROW;
            int li = view.line(r);
            String text = lines.line(li);
            if (anchorRow >= 0 && r >= selA && r <= selB) {
                g.setFill(Color.web("#cfe3ff"));
                g.fillRect(gutter, y, w - gutter, ROW);
            }
            if (li == hitLine) {
                g.setFill(Color.web("#ffe58a"));
                g.fillRect(gutter, y, w - gutter, ROW);
            }
            g.setFill(Color.web("#8a8f98"));
            String no = Integer.toString(li + 1);
            g.fillText(no, gutter - 4 - no.length() * CHAR_W, y + ROW - 4);
            double x = gutter + 4 - scrollX;
            if (multi) {
                String tag = lines.processes().get(lines.process(li));
                if (tag.length() > 20) tag = "\u2026" + tag.substring(tag.length() - 19);
                g.setFill(Color.web("#5a6b86"));
                g.fillText(tag, gutter + 4, y + ROW - 4);
                x += tagW;
            }
            // only what fits is drawn (and searched for highlights): a 1 MB line costs its visible part
            int maxChars = Math.max(0, (int) ((w - gutter + scrollX) / CHAR_W) + 2);
            String shown = text.length() > maxChars ? text.substring(0, maxChars) : text;
            if (!q.isEmpty()) {
                String low = shown.toLowerCase(Locale.ROOT);
                int at = low.indexOf(q);
                g.setFill(Color.web("#ffd24d"));
                while (at >= 0) {
                    g.fillRect(x + at * CHAR_W, y + 1, q.length() * CHAR_W, ROW - 2);
                    at = low.indexOf(q, at + Math.max(1, q.length()));
                }
            }
            LogLevel lv = LogLevel.of(shown);
            g.setFill(lv == LogLevel.ERROR ? Color.web("#c62828") : lv == LogLevel.WARNING ? Color.web("#9a6700") : Color.web("#1f2328"));
            g.fillText(shown, x, y + ROW - 4);
        }
        setIfChanged(status, String.format(Locale.ROOT, "%,d lines%s%s%s", total,
                view.filter().showsAll() ? "" : String.format(Locale.ROOT, " \u2014 %,d shown", rows),
                filtering() ? " (filtering\u2026)" : "", lines.growing() ? " \u2014 live" : "")
                + (patternProblem.isEmpty() ? "" : " \u2014 " + patternProblem));
    }
}
