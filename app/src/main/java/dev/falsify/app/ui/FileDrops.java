package dev.falsify.app.ui;

import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.input.TransferMode;

/**
 * Files and folders dropped on the window open as if chosen from the File menu: a plan in the
 * editor, a session folder in its view, any other folder as the workspace, evidence read-only.
 */
final class FileDrops {
    private FileDrops() {
    }

    static void install(Node target, Consumer<Path> open) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                e.getDragboard().getFiles().forEach(f -> open.accept(f.toPath()));
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }
}
