package dev.falsify.app.ui.preview;

import javafx.scene.layout.StackPane;
import javafx.scene.web.WebView;

/**
 * The rendered preview: a WebView with JavaScript disabled, fed sanitized HTML. The WebView (and
 * with it WebKit, a large native library) is created the first time the preview is shown, so
 * opening the workbench does not pay for it.
 */
public final class PreviewPane extends StackPane {
    private WebView web;

    /** FX thread only; {@code html} comes from {@link PreviewRenderer} on a background thread. */
    public void show(String html) {
        webView().getEngine().loadContent(html, "text/html");
    }

    public WebView webView() {
        if (web == null) {
            web = new WebView();
            web.getEngine().setJavaScriptEnabled(false);
            web.setContextMenuEnabled(false);
            getChildren().add(web);
        }
        return web;
    }
}
