package dev.falsify.app.ui.run;

import dev.falsify.app.ui.layout.DialogPlacement;
import dev.falsify.runner.trust.TrustPrompt;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * The command line's trust question in a window: the same {@link TrustPrompt} text — every command,
 * cwd and env line that will execute, or the lines that changed since the last trust — and nothing
 * runs unless the user picks "Trust and Run". The lines are read-only text, so they can be copied.
 */
public final class TrustDialog extends Dialog<Boolean> {
    public static final ButtonType TRUST = new ButtonType("Trust and Run", ButtonBar.ButtonData.OK_DONE);
    private final TextArea lines = new TextArea();

    public TrustDialog(Window owner, TrustPrompt prompt, String storeFile) {
        setTitle(prompt.changed() ? "Plan commands changed" : "Trust this plan?");
        setHeaderText(prompt.heading());
        if (owner != null) {
            initOwner(owner);
            initModality(Modality.WINDOW_MODAL);
        }
        DialogPlacement.centreOnOwner(this);
        lines.setId("trust-lines");
        lines.setEditable(false);
        lines.setFont(Font.font("Monospaced", 12));
        lines.setText(String.join("\n", prompt.lines()));
        lines.setPrefColumnCount(90);
        // every command is read in full: a long one wraps rather than hiding behind a scroll bar
        lines.setWrapText(true);
        lines.setPrefRowCount(Math.min(24, Math.max(6, prompt.lines().size() + 1)));
        Label note = new Label("Placeholders such as {port:NAME} get their values per run and always reach the shell quoted."
                + " Trust is recorded in " + storeFile + "; a change to any of these lines asks again.");
        note.setWrapText(true);
        VBox box = new VBox(8, lines, note);
        box.setPadding(new Insets(8));
        getDialogPane().setContent(box);
        getDialogPane().setPrefWidth(900);
        setResizable(true);
        getDialogPane().getButtonTypes().addAll(TRUST, ButtonType.CANCEL);
        getDialogPane().lookupButton(TRUST).setId("trust-run");
        setResultConverter(b -> b == TRUST);
    }

    public TextArea linesArea() {
        return lines;
    }
}
