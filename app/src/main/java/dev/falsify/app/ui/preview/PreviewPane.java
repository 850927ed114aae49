package dev.falsify.app.ui.preview;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import javafx.scene.layout.StackPane;
import javafx.scene.web.WebEngine;
import javafx.scene.web.WebView;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.w3c.dom.events.EventTarget;

/**
 * The rendered preview: a WebView with JavaScript disabled, fed sanitized HTML. The WebView (and
 * with it WebKit, a large native library) is created the first time the preview is shown, so
 * opening the workbench does not pay for it.
 *
 * <p>The WebView never follows a link itself. A click on a link is taken from WebKit (a DOM click
 * listener that prevents the default action) and decided here: a relative link to a file inside the
 * workspace opens in the window, an http(s) link goes to the system browser, anything else is
 * refused with a reason. Should a navigation start anyway, the location listener cancels it and
 * puts the preview back, so the page on screen is always the plan's own.
 */
public final class PreviewPane extends StackPane {
    /** Where followed links go; every method runs on the FX thread. */
    public interface Links {
        /** A file of the workspace (it exists). */
        void openInWindow(Path file);

        /** An http or https URL, for the system browser. */
        void openExternal(URI uri);

        /** A link that is not followed, and why. */
        void refused(String href, String reason);
    }

    private static final Links NOWHERE = new Links() {
        @Override
        public void openInWindow(Path file) {
        }

        @Override
        public void openExternal(URI uri) {
        }

        @Override
        public void refused(String href, String reason) {
        }
    };

    private WebView web;
    private String html = "";
    private Links links = NOWHERE;
    private Path document;
    private Path workspace;

    /**
     * @param document  the file shown (relative links resolve against its folder)
     * @param workspace the folder links may not leave
     */
    public void setLinks(Path document, Path workspace, Links links) {
        this.document = document == null ? null : document.toAbsolutePath().normalize();
        this.workspace = workspace == null ? null : workspace.toAbsolutePath().normalize();
        this.links = links == null ? NOWHERE : links;
    }

    /** FX thread only; {@code html} comes from {@link PreviewRenderer} on a background thread. */
    public void show(String html) {
        this.html = html;
        webView().getEngine().loadContent(html, "text/html");
    }

    public WebView webView() {
        if (web == null) {
            web = new WebView();
            WebEngine engine = web.getEngine();
            engine.setJavaScriptEnabled(false);
            web.setContextMenuEnabled(false);
            engine.getLoadWorker().stateProperty().addListener((o, was, now) -> {
                if (now == Worker.State.SUCCEEDED) {
                    interceptLinks(engine);
                }
            });
            engine.locationProperty().addListener((o, was, now) -> {
                if (now == null || now.isEmpty() || now.equals("about:blank")) {
                    return;
                }
                // a navigation got past the click listener: stop it and show the plan again
                engine.getLoadWorker().cancel();
                Platform.runLater(() -> engine.loadContent(html, "text/html"));
                follow(now);
            });
            getChildren().add(web);
        }
        return web;
    }

    private void interceptLinks(WebEngine engine) {
        if (engine.getDocument() == null) {
            return;
        }
        NodeList anchors = engine.getDocument().getElementsByTagName("a");
        for (int i = 0; i < anchors.getLength(); i++) {
            Element a = (Element) anchors.item(i);
            ((EventTarget) a).addEventListener("click", ev -> {
                String href = a.getAttribute("href");
                if (href == null || href.isEmpty() || href.startsWith("#")) {
                    if (href == null || href.isEmpty()) {
                        ev.preventDefault();
                    }
                    return; // an in-page anchor: WebKit scrolls, nothing is loaded
                }
                ev.preventDefault();
                follow(href);
            }, false);
        }
    }

    /** Decides a link the user followed (its href as written, or a location WebKit resolved). */
    void follow(String href) {
        if (href.regionMatches(true, 0, "file:", 0, 5)) {
            // only reachable through a resolved location: a file: link is never written into the page
            try {
                openInside(Path.of(URI.create(href)), href);
            } catch (IllegalArgumentException e) {
                links.refused(href, "not a file path");
            }
            return;
        }
        LinkPolicy.Verdict v = LinkPolicy.ofLink(href);
        if (v instanceof LinkPolicy.Web w) {
            links.openExternal(w.uri());
        } else if (v instanceof LinkPolicy.Relative r) {
            if (document == null) {
                links.refused(href, "the preview has no file to resolve it against");
                return;
            }
            String path = r.url();
            int cut = indexOfAny(path, '#', '?');
            if (cut >= 0) {
                path = path.substring(0, cut);
            }
            try {
                String decoded = URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
                openInside(document.getParent().resolve(decoded), href);
            } catch (IllegalArgumentException e) {
                links.refused(href, "not a file path");
            }
        } else if (v instanceof LinkPolicy.Blocked b) {
            links.refused(href, b.reason());
        }
    }

    private void openInside(Path target, String href) {
        Path t = target.toAbsolutePath().normalize();
        Path root = workspace != null ? workspace : document == null ? null : document.getParent();
        if (root == null || !t.startsWith(root)) {
            links.refused(href, "outside the workspace");
        } else if (!Files.exists(t)) {
            links.refused(href, "no such file: " + root.relativize(t));
        } else if (!realPathInside(t, root)) {
            links.refused(href, "a link out of the workspace");
        } else {
            links.openInWindow(t);
        }
    }

    /** A symbolic link inside the workspace must not lead out of it either. */
    private static boolean realPathInside(Path t, Path root) {
        try {
            return t.toRealPath().startsWith(root.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    private static int indexOfAny(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }
}
