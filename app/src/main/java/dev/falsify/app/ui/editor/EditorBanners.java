package dev.falsify.app.ui.editor;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The strip above the editor where it asks instead of deciding: restore unsaved text after a crash,
 * reload a file changed on disk, an autosave that failed. Each banner goes when it is answered.
 */
final class EditorBanners extends VBox {

    /** A banner with two choices; either one removes the banner, then runs. Ids let tests find the buttons. */
    void offer(String id, String message, String yes, String yesId, Runnable onYes, String no, String noId, Runnable onNo) {
        Button yesButton = new Button(yes);
        yesButton.setId(yesId);
        Button noButton = new Button(no);
        noButton.setId(noId);
        HBox banner = banner(new Label(message), yesButton, noButton);
        banner.setId(id);
        yesButton.setOnAction(e -> {
            getChildren().remove(banner);
            onYes.run();
        });
        noButton.setOnAction(e -> {
            getChildren().remove(banner);
            onNo.run();
        });
        getChildren().add(banner);
    }

    /** A message with an OK button that dismisses it. */
    void inform(String text) {
        Button ok = new Button("OK");
        HBox banner = banner(new Label(text), ok);
        ok.setOnAction(e -> getChildren().remove(banner));
        getChildren().add(banner);
    }

    private static HBox banner(Label msg, Node... actions) {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox box = new HBox(8);
        box.getChildren().add(msg);
        box.getChildren().add(spacer);
        box.getChildren().addAll(actions);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(6, 8, 6, 8));
        box.getStyleClass().add("editor-banner");
        return box;
    }
}
