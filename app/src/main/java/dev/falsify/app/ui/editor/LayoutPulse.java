package dev.falsify.app.ui.editor;

import javafx.application.Platform;
import javafx.scene.Scene;

/** Work to do once a scene has been laid out: after its next layout pulse, on the FX thread. */
public final class LayoutPulse {
    private LayoutPulse() {
    }

    /**
     * Runs {@code work} (FX thread) after the next layout pulse of {@code scene}, as a separate
     * runnable so the pulse itself finishes first; at once when the scene is not showing.
     */
    public static void after(Scene scene, Runnable work) {
        if (scene == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
            work.run();
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(work);
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }
}
