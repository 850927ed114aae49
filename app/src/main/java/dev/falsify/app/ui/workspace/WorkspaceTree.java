package dev.falsify.app.ui.workspace;

import dev.falsify.app.ui.session.SessionSummary;
import dev.falsify.app.ui.work.BackgroundThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;

/**
 * The workspace tree on the left: "Plans" (docs/testing-plans), "Sessions" (test-sessions) and
 * "Files" (the opened folder, children loaded lazily on expand). Double-click or Enter opens.
 */
public final class WorkspaceTree extends TreeView<WorkspaceTree.Entry> {
    /** One row: a label and the path it opens (null for group rows). */
    public record Entry(String label, Path path, boolean group) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final Consumer<Path> opener;
    private Function<Entry, ContextMenu> menus = e -> null;

    private Path root;

    public WorkspaceTree(Consumer<Path> opener) {
        this.opener = opener;
        getStyleClass().add("workspace-tree");
        setShowRoot(false);
        setRoot(new TreeItem<>(new Entry("", null, true)));
        setCellFactory(tv -> new TreeCell<>() {
            @Override
            protected void updateItem(Entry item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.label());
                // built when asked for: what a row offers depends on the file (a stat), not on every cell update
                setOnContextMenuRequested(empty || item == null || item.path() == null ? null : e -> {
                    ContextMenu m = menus.apply(item);
                    if (m != null) m.show(this, e.getScreenX(), e.getScreenY());
                    e.consume();
                });
                getStyleClass().remove("workspace-group");
                if (!empty && item != null && item.group()) {
                    getStyleClass().add("workspace-group");
                }
            }
        });
        setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                openSelected();
            }
        });
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                openSelected();
            }
        });
    }

    /** The context menu of a row with a path (null for none); the window supplies it. */
    public void setMenus(Function<Entry, ContextMenu> menus) {
        this.menus = menus;
    }

    private void openSelected() {
        TreeItem<Entry> item = getSelectionModel().getSelectedItem();
        if (item != null && !item.getValue().group() && item.getValue().path() != null) {
            opener.accept(item.getValue().path());
        }
    }

    /**
     * Lists the workspace's sessions again (a run from the window just wrote one), leaving the rest
     * of the tree, and what the user expanded in it, as it is.
     */
    public void refreshSessions() {
        if (root == null || getRoot().getChildren().size() < 2) return;
        TreeItem<Entry> sessions = getRoot().getChildren().get(1);
        Path r = root;
        BackgroundThreads.supply("falsify-workspace-scan", () -> SessionSummary.newestFirst(WorkspaceScan.of(r).sessions()))
                .thenAccept(list -> Platform.runLater(() -> {
                    if (r != root) return; // another workspace was opened meanwhile
                    sessions.getChildren().setAll(list.stream().map(s -> new TreeItem<>(new Entry(s.label(), s.dir(), false))).toList());
                }));
    }

    /** Shows {@code root}; the scan runs in the background and fills the groups when done. */
    public void setWorkspace(Path root) {
        this.root = root;
        TreeItem<Entry> plans = new TreeItem<>(new Entry("Plans", null, true));
        TreeItem<Entry> sessions = new TreeItem<>(new Entry("Sessions", null, true));
        TreeItem<Entry> files = folderItem(root, root.getFileName() == null ? root.toString() : root.getFileName().toString());
        plans.setExpanded(true);
        sessions.setExpanded(true);
        getRoot().getChildren().setAll(List.of(plans, sessions, files));
        // each session is read for its headline and time (off the FX thread), then listed newest first
        BackgroundThreads.supply("falsify-workspace-scan", () -> {
            WorkspaceScan scan = WorkspaceScan.of(root);
            return Map.entry(scan, SessionSummary.newestFirst(scan.sessions()));
        }).thenAccept(r -> Platform.runLater(() -> {
            for (Path p : r.getKey().plans()) {
                plans.getChildren().add(new TreeItem<>(new Entry(root.relativize(p).toString(), p, false)));
            }
            for (SessionSummary s : r.getValue()) {
                sessions.getChildren().add(new TreeItem<>(new Entry(s.label(), s.dir(), false)));
            }
        }));
    }

    private static TreeItem<Entry> folderItem(Path dir, String label) {
        TreeItem<Entry> item = new TreeItem<>(new Entry(label, dir, true)) {
            private boolean loaded;

            @Override
            public boolean isLeaf() {
                return false;
            }

            {
                expandedProperty().addListener((obs, was, now) -> {
                    if (now && !loaded) {
                        loaded = true;
                        getChildren().setAll(children(dir));
                    }
                });
            }
        };
        item.getChildren().add(new TreeItem<>(new Entry("…", null, false)));
        return item;
    }

    private static List<TreeItem<Entry>> children(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing((Path p) -> !Files.isDirectory(p)).thenComparing(p -> p.getFileName().toString()))
                    .map(p -> Files.isDirectory(p) ? folderItem(p, p.getFileName().toString())
                            : new TreeItem<>(new Entry(p.getFileName().toString(), p, false)))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
