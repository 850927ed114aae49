package dev.falsify.app.ui.preview;

import dev.falsify.app.ui.OnFx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.testfx.util.WaitForAsyncUtils.waitFor;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.concurrent.Worker;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The preview in a real WebView, against a loopback HTTP server standing in for "the internet":
 * nothing a plan writes makes the WebView fetch from it, and a clicked link is handed to the window
 * (workspace file) or the system browser (http) instead of being loaded.
 */
@ExtendWith(ApplicationExtension.class)
class PreviewPaneFxTest {
    @TempDir
    Path workspace;

    private PreviewPane pane;
    private HttpServer server;
    private final AtomicInteger hits = new AtomicInteger();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private String base;

    @Start
    void start(Stage stage) {
        pane = new PreviewPane();
        stage.setScene(new Scene(pane, 800, 500));
        stage.show();
    }

    @BeforeEach
    void server() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            hits.incrementAndGet();
            byte[] body = "<html><body>REMOTE PAGE</body></html>".getBytes();
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
        Path doc = workspace.resolve("docs/testing-plans/plan.md");
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, "# Plan\n");
        Files.writeString(doc.resolveSibling("other.md"), "# Other\n");
        Files.writeString(workspace.getParent().resolve("outside-" + workspace.getFileName() + ".md"), "x");
        OnFx.run(() -> pane.setLinks(doc, workspace, new PreviewPane.Links() {
            @Override
            public void openInWindow(Path file) {
                events.add("window " + workspace.relativize(file));
            }

            @Override
            public void openExternal(URI uri) {
                events.add("browser " + uri);
            }

            @Override
            public void refused(String href, String reason) {
                events.add("refused " + reason);
            }
        }));
    }

    @AfterEach
    void stop() throws Exception {
        server.stop(0);
        Files.deleteIfExists(workspace.getParent().resolve("outside-" + workspace.getFileName() + ".md"));
    }

    private void show(String markdown) throws Exception {
        String html = new PreviewRenderer().render(markdown, false);
        OnFx.run(() -> pane.show(html));
        waitFor(20, TimeUnit.SECONDS, () -> OnFx.call(
                () -> pane.webView().getEngine().getLoadWorker().getState() == Worker.State.SUCCEEDED));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
    }

    /** Clicks the first line of the page, where the first paragraph's link is. */
    private void clickFirstLink(FxRobot robot) {
        Point2D p = OnFx.call(() -> pane.webView().localToScreen(60, 22));
        robot.moveTo(p).clickOn(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
    }

    private String pageText() {
        return OnFx.call(() -> pane.webView().getEngine().getDocument().getDocumentElement().getTextContent());
    }

    /** The red pixels of the page as drawn: a picture shows as itself, not as a grey box with its alt text. */
    private int redPixels() {
        return OnFx.call(() -> {
            javafx.scene.image.Image img = pane.webView().snapshot(null, null);
            int red = 0;
            for (int y = 0; y < (int) img.getHeight(); y++) {
                for (int x = 0; x < (int) img.getWidth(); x++) {
                    javafx.scene.paint.Color c = img.getPixelReader().getColor(x, y);
                    if (c.getRed() > 0.8 && c.getGreen() < 0.2 && c.getBlue() < 0.2) {
                        red++;
                    }
                }
            }
            return red;
        });
    }

    @Test
    void aPictureBesideTheDocumentIsDrawnWithNothingLoaded() throws Exception {
        Path folder = workspace.resolve("docs/testing-plans");
        Files.writeString(folder.resolve("S1-1.linearizability-counterexample.svg"),
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"80\">"
                        + "<rect width=\"120\" height=\"80\" fill=\"#ff0000\"/>"
                        + "<image href=\"" + base + "/from-svg.png\" width=\"10\" height=\"10\"/></svg>");
        String html = new PreviewRenderer().render("# Findings\n\n![S1-1 linearizability counterexample]"
                + "(S1-1.linearizability-counterexample.svg)\n", false, folder);
        OnFx.run(() -> pane.show(html));
        waitFor(20, TimeUnit.SECONDS, () -> OnFx.call(
                () -> pane.webView().getEngine().getLoadWorker().getState() == Worker.State.SUCCEEDED));
        waitFor(10, TimeUnit.SECONDS, () -> redPixels() > 120 * 80 / 2);
        assertThat(hits.get()).as("the picture's own references are not fetched").isZero();
    }

    @Test
    void noRemoteResourceIsFetched() throws Exception {
        show("![pixel](" + base + "/pixel.gif)\n\n![p2](&#104;ttp://127.0.0.1:" + server.getAddress().getPort() + "/p2)\n\n"
                + "<img src=\"" + base + "/raw.gif\"> <img srcset=\"" + base + "/set.gif 1x\">\n\n"
                + "<div style=\"background:url(" + base + "/bg.gif)\">x</div>\n\n"
                + "<link rel=stylesheet href=\"" + base + "/x.css\">\n\n<iframe src=\"" + base + "/frame\"></iframe>\n\n"
                + "<style>body{background:url(" + base + "/css.gif)}</style>\n\n"
                + "<meta http-equiv=\"refresh\" content=\"0;url=" + base + "/refresh\">\n");
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        assertThat(hits.get()).as("requests the preview made to the loopback server").isZero();
        assertThat(pageText()).doesNotContain("REMOTE PAGE");
    }

    @Test
    void aClickedWebLinkGoesToTheBrowserAndIsNotLoaded(FxRobot robot) throws Exception {
        show("[open the remote page open the remote page open the remote page](" + base + "/page)\n");
        clickFirstLink(robot);
        waitFor(10, TimeUnit.SECONDS, () -> !events.isEmpty());
        assertThat(events).containsExactly("browser " + base + "/page");
        assertThat(hits.get()).isZero();
        assertThat(pageText()).doesNotContain("REMOTE PAGE");
    }

    @Test
    void aRelativeLinkInsideTheWorkspaceOpensInTheWindow(FxRobot robot) throws Exception {
        show("[the other plan of this workspace, the other plan](other.md#s1)\n");
        clickFirstLink(robot);
        waitFor(10, TimeUnit.SECONDS, () -> !events.isEmpty());
        assertThat(events).containsExactly("window " + Path.of("docs/testing-plans/other.md"));
    }

    @Test
    void aRelativeLinkOutOfTheWorkspaceIsRefused(FxRobot robot) throws Exception {
        show("[a file beside the workspace, a file beside it](../../../outside-" + workspace.getFileName() + ".md)\n");
        clickFirstLink(robot);
        waitFor(10, TimeUnit.SECONDS, () -> !events.isEmpty());
        assertThat(events).containsExactly("refused outside the workspace");
    }

    @Test
    void aScriptLinkWrittenWithCharacterReferencesDoesNothing(FxRobot robot) throws Exception {
        show("[click me click me click me click me click me](jav&#x61;script:document.title='pwned')\n");
        String before = OnFx.call(() -> pane.webView().getEngine().getTitle());
        clickFirstLink(robot);
        assertThat(OnFx.call(() -> pane.webView().getEngine().getTitle())).isEqualTo(before);
        assertThat(OnFx.call(() -> pane.webView().getEngine().getLocation())).isNullOrEmpty();
        assertThat(events).allMatch(e -> e.startsWith("refused"));
    }
}
