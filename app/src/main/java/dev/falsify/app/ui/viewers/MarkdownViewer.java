package dev.falsify.app.ui.viewers;

import dev.falsify.app.ui.preview.PreviewPane;
import dev.falsify.app.ui.preview.PreviewRenderer;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import javafx.scene.layout.StackPane;

/**
 * Rendered Markdown (the plan preview's renderer and WebView: JavaScript off, raw HTML escaped, CSP)
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
        return withBase(renderer.render(markdown, dark), file.toAbsolutePath().getParent());
    }

    public void showHtml(String rendered) {
        html = rendered;
        var engine = preview.webView().getEngine();
        if (!listening) {
            listening = true;
            engine.getLoadWorker().stateProperty().addListener((o, was, now) -> {
                if (now == Worker.State.SCHEDULED) {
                    target(engine.getLocation()).ifPresent(p -> {
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

    public String html() {
        return html;
    }

    /** The local file a link navigates to ({@code file:} URL, fragment dropped), if it is one. */
    public static Optional<Path> target(String location) {
        if (location == null || !location.startsWith("file:")) {
            return Optional.empty();
        }
        try {
            URI u = URI.create(location);
            String path = URLDecoder.decode(u.getRawPath() == null ? "" : u.getRawPath().replace("+", "%2B"),
                    StandardCharsets.UTF_8);
            return path.isEmpty() || path.endsWith("/") ? Optional.empty() : Optional.of(Path.of(path).normalize());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Puts {@code <base href="file:///dir/">} first in the head, so relative links resolve against the file's folder. */
    static String withBase(String html, Path dir) {
        if (dir == null) {
            return html;
        }
        String base = "<base href=\"" + dir.toUri().toString().replace("\"", "%22") + "\">";
        int head = html.indexOf("<head>");
        return head < 0 ? html : html.substring(0, head + 6) + base + html.substring(head + 6);
    }
}
