package dev.falsify.app.ui.preview;

import javafx.scene.layout.StackPane;
import javafx.scene.web.WebView;

/** The rendered preview: a WebView with JavaScript disabled, fed sanitized HTML. */
public final class PreviewPane extends StackPane {
    private final WebView web = new WebView();

    public PreviewPane() {
        web.getEngine().setJavaScriptEnabled(false);
        web.setContextMenuEnabled(false);
        getChildren().add(web);
    }

    /** FX thread only; {@code html} comes from {@link PreviewRenderer} on a background thread. */
    public void show(String html) {
        web.getEngine().loadContent(html, "text/html");
    }

    public WebView webView() {
        return web;
    }
}
