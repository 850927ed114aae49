package dev.falsify.app.ui;

import dev.falsify.app.ui.layout.DialogPlacement;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Dialog;
import javafx.scene.input.KeyEvent;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * How every dialog of the workbench opens: owned by the window and modal to it (keys cannot reach
 * the editor behind it), centred on the window rather than wherever the platform puts an unowned
 * window (the screen's top-left on some), and with the keyboard focus on its first field — keys
 * that still arrive at the window behind it go to the dialog.
 */
final class WindowDialogs {
    private WindowDialogs() {
    }

    /** Call before showing; {@code focus} is the node that gets the keyboard (null: the dialog's default). */
    static <D extends Dialog<?>> D owned(D dialog, Window owner, Node focus) {
        if (owner != null) {
            dialog.initOwner(owner);
            dialog.initModality(Modality.WINDOW_MODAL);
        }
        // Keys the platform still delivers to the window behind (an X server without a window manager
        // leaves the keyboard focus where it was) are handed to the dialog instead of the editor.
        EventHandler<KeyEvent> redirect = e -> {
            Scene scene = dialog.getDialogPane().getScene();
            Node target = scene == null ? null : scene.getFocusOwner();
            e.consume();
            if (target != null) {
                Event.fireEvent(target, e.copyFor(target, target));
            }
        };
        DialogPlacement.centreOnOwner(dialog);
        dialog.setOnHidden(e -> {
            if (owner != null && owner.getScene() != null) {
                owner.getScene().removeEventFilter(KeyEvent.ANY, redirect);
            }
        });
        dialog.setOnShown(e -> {
            if (owner != null && owner.getScene() != null) {
                owner.getScene().addEventFilter(KeyEvent.ANY, redirect);
            }
            // the dialog's window takes the keyboard (else keys can still reach the window behind it)
            Window self = dialog.getDialogPane().getScene().getWindow();
            self.requestFocus();
            if (focus != null) {
                // after the dialog's own default-button focus has been settled
                Platform.runLater(() -> {
                    self.requestFocus();
                    focus.requestFocus();
                });
            }
        });
        return dialog;
    }

    /** An error dialog, not waited for: {@code what} failed, and why. */
    static void error(Window owner, String what, Exception e) {
        Alert a = new Alert(Alert.AlertType.ERROR, e.getMessage() == null ? e.toString() : e.getMessage());
        a.setHeaderText(what);
        a.getDialogPane().setId("error-dialog");
        owned(a, owner, null);
        a.show();
    }

    /** A message, not waited for. */
    static void info(Window owner, String header, String text) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, text);
        a.setHeaderText(header);
        owned(a, owner, null);
        a.show();
    }

}
