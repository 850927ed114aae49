package dev.falsify.app.ui.layout;

import javafx.beans.value.ChangeListener;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

/**
 * Dialogs centred on the window that owns them. Centring once when shown is not enough: a dialog's
 * size settles a pulse or two later (wrapped header text, lists filled after layout), and the Run,
 * Trust and New-plan dialogs ended up 54–150 px off centre. The dialog is centred when it shows and
 * again whenever its size changes; a dialog the reviewer dragged stays put unless it changes size.
 */
public final class DialogPlacement {
    private DialogPlacement() {
    }

    /** Call before showing; a dialog without an owner is left where the platform puts it. */
    public static void centreOnOwner(Dialog<?> dialog) {
        ChangeListener<Object> again = (o, was, now) -> centre(dialog);
        dialog.widthProperty().addListener(again);
        dialog.heightProperty().addListener(again);
        dialog.showingProperty().addListener(again);
    }

    public static void centre(Dialog<?> dialog) {
        Window owner = dialog.getOwner();
        if (!dialog.isShowing() || owner == null || owner.getWidth() <= 0 || dialog.getWidth() <= 0) {
            return;
        }
        dialog.setX(owner.getX() + Math.max(0, (owner.getWidth() - dialog.getWidth()) / 2));
        dialog.setY(owner.getY() + Math.max(0, (owner.getHeight() - dialog.getHeight()) / 2));
    }
}
