package dev.falsify.app.ui.viewers;

import dev.falsify.app.ui.preview.PreviewPane;
import dev.falsify.app.ui.preview.PreviewRenderer;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import javafx.scene.layout.StackPane;
import javafx.scene.web.WebView;

/**
 * Rendered Markdown (the plan preview's renderer and WebView: JavaScript off, raw HTML escaped, CSP;
 * pictures beside the file inlined, so report.md shows its counterexamples)
 * whose relative links open the linked file inside the workbench instead of navigating the WebView:
 * the page carries a {@code <base>} of the file's folder, and any navigation away from the rendered
 * content is stopped and handed to {@code opener}.
 */
public final class MarkdownViewer extends StackPane {
    private final PreviewPane preview = new PreviewPane();
    private final PreviewRenderer renderer = new PreviewRenderer();
    private final Consumer<Path> opener;
    private String html = "";
    private boolean listening;

    public MarkdownViewer(Consumer<Path> opener) {
        this.opener = opener;
        getStyleClass().add("markdown-viewer");
        getChildren().add(preview);
    }

    /** Renders off the FX thread; {@link #showHtml} on it. */
    public String render(String markdown, Path file, boolean dark) {
        Path folder = file.toAbsolutePath().getParent();
        return EvidenceLinks.withBase(renderer.render(markdown, dark, folder), folder);
    }

    public void showHtml(String rendered) {
        html = rendered;
        var engine = preview.webView().getEngine();
        if (!listening) {
            listening = true;
            engine.getLoadWorker().stateProperty().addListener((o, was, now) -> {
                if (now == Worker.State.SCHEDULED) {
                    EvidenceLinks.target(engine.getLocation()).ifPresent(p -> {
                        engine.getLoadWorker().cancel();
                        Platform.runLater(() -> {
                            engine.loadContent(html, "text/html");
                            opener.accept(p);
                        });
                    });
                }
            });
        }
        engine.loadContent(html, "text/html");
    }

    /** The WebView showing the page (JavaScript off). */
    public WebView webView() {
        return preview.webView();
    }

    public String html() {
        return html;
    }

}
