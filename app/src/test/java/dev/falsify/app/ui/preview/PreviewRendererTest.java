package dev.falsify.app.ui.preview;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PreviewRendererTest {
    private final PreviewRenderer r = new PreviewRenderer();

    private static final Pattern URL_ATTR = Pattern.compile("\\s(href|src|srcset|style|action|formaction|background)=\"([^\"]*)\"");

    /** Every URL-bearing attribute of the page, as a browser decodes it (numeric refs and the few named ones). */
    private static List<String> urlAttributes(String html) {
        List<String> out = new ArrayList<>();
        String body = html.substring(html.indexOf("<body>"));
        Matcher m = URL_ATTR.matcher(body);
        while (m.find()) {
            out.add(m.group(1) + "=" + browserDecode(m.group(2)));
        }
        return out;
    }

    /** An independent, deliberately simple decoder: numeric references with or without ';', &colon; &Tab; &NewLine; &amp;. */
    private static String browserDecode(String v) {
        String s = v;
        for (int round = 0; round < 3; round++) {
            Matcher m = Pattern.compile("&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?").matcher(s);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                int cp = m.group(1) != null ? Integer.parseInt(m.group(1), 16) : Integer.parseInt(m.group(2));
                m.appendReplacement(sb, Matcher.quoteReplacement(new String(Character.toChars(cp == 0 ? 0xFFFD : cp))));
            }
            m.appendTail(sb);
            s = sb.toString().replace("&colon;", ":").replace("&Tab;", "\t").replace("&NewLine;", "\n").replace("&amp;", "&");
        }
        // the URL parser: trim C0 controls and spaces, drop tabs and newlines
        return s.replaceAll("^[\\x00-\\x20]+|[\\x00-\\x20]+$", "").replaceAll("[\\t\\n\\r]", "").toLowerCase(Locale.ROOT);
    }

    @Test
    void rawHtmlIsEscapedNotRendered() {
        String html = r.render("# T\n\n<script>alert(1)</script>\n\ntext <img src=x onerror=alert(2)> more\n", false);
        assertThat(html).doesNotContain("<script>alert").doesNotContain("<img src=x");
        assertThat(html).contains("&lt;script&gt;");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "[a](javascript:alert(1))",
            "[a](jav&#x61;script:alert(1))",
            "[a](jav&#X61;script:alert(1))",
            "[a](jav&#97;script:alert(1))",
            "[a](jav&#x61script:alert(1))",
            "[a](jav&#97script:alert(1))",
            "[a](&#32;javascript:alert(1))",
            "[a](&#1;javascript:alert(1))",
            "[a](&#0;javascript:alert(1))",
            "[a](&#x09;javascript:alert(1))",
            "[a](javascript&colon;alert(1))",
            "[a](javascript&#58;alert(1))",
            "[a](javascript&#x3a;alert(1))",
            "[a](javascript&#x3A alert(1))",
            "[a](JaVaScRiPt:alert(1))",
            "[a](java\tscript:alert(1))",
            "[a](<java\nscript:alert(1)>)",
            "[a](java&Tab;script:alert(1))",
            "[a](java&NewLine;script:alert(1))",
            "[a](&amp;#106;avascript:alert(1))",
            "[a](%20javascript:alert(1))",
            "[a](vbscript:msgbox(1))",
            "[a](VBScript:msgbox(1))",
            "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "[a](DATA:text/html,<script>alert(1)</script>)",
            "[a](file:///etc/passwd)",
            "[a](FILE:///C:/Windows/win.ini)",
            "[a](fi&#108;e:///etc/passwd)",
            "[a](//evil.example/x)",
            "[a](\\\\evil.example\\share)",
            "[a](/etc/passwd)",
            "[a](ftp://evil.example/x)",
            "[a](jar:file:///x.jar!/a)",
            "[a]: javascript:alert(1)\n\nsee [a]",
            "[a][r]\n\n[r]: jav&#x61;script:alert(1)",
            "<javascript:alert(1)>",
            "<vbscript:alert(1)>",
            "<file:///etc/passwd>",
            "![pixel](https://tracker.example/p.gif)",
            "![pixel](http://127.0.0.1:9/p.gif)",
            "![pixel](//tracker.example/p.gif)",
            "![pixel](HTTPS://tracker.example/p.gif)",
            "![pixel](&#104;ttps://tracker.example/p.gif)",
            "![x](data:image/svg+xml,<svg onload=alert(1)>)",
            "![x](javascript:alert(1))",
            "![x](file:///etc/hosts)",
            "[![x](https://tracker.example/p.gif)](https://example.com)",
            "<img src=\"https://tracker.example/p.gif\">",
            "<img srcset=\"https://tracker.example/p.gif 1x\">",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<a href=\"jav&#x61;script:alert(1)\">x</a>",
            "<div style=\"background:url(https://tracker.example/p.gif)\">x</div>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<link rel=stylesheet href=\"https://evil.example/x.css\">",
            "<style>body{background:url(https://tracker.example/p.gif)}</style>",
            "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
            "<object data=\"https://evil.example/x.swf\"></object>",
            "<svg><image href=\"https://tracker.example/p.gif\"/></svg>",
            "<form action=\"https://evil.example\"><button formaction=\"javascript:alert(1)\">x</button></form>",
    })
    void noPayloadReachesThePageAsAUrlOutsideTheAllowList(String markdown) {
        String html = r.render("# Plan\n\n" + markdown + "\n", false);
        for (String attr : urlAttributes(html)) {
            String name = attr.substring(0, attr.indexOf('='));
            String value = attr.substring(attr.indexOf('=') + 1);
            assertThat(name).as(markdown + " -> " + attr).isIn("href", "src");
            if (name.equals("src")) {
                assertThat(value).as(markdown + " -> " + attr).doesNotContain(":").doesNotStartWith("/");
            } else {
                assertThat(value).as(markdown + " -> " + attr)
                        .matches("(https?://[^/\\\\].*|#.*|[^:/\\\\]+([/?#].*)?)");
            }
        }
        // raw HTML never becomes an element
        String body = html.substring(html.indexOf("<body>")).toLowerCase(Locale.ROOT);
        assertThat(body).doesNotContain("<iframe").doesNotContain("<link").doesNotContain("<style")
                .doesNotContain("<meta").doesNotContain("<object").doesNotContain("<svg").doesNotContain("<form")
                .doesNotContain("<script").doesNotContain("<div style");
    }

    @Test
    void theExactPayloadsOfIssue12AreNotLinks() {
        for (String md : List.of("[a](jav&#x61;script:alert(1))", "[a](&#32;javascript:alert(1))",
                "[a](&#1;javascript:alert(1))", "[a](file:///etc/passwd)")) {
            String html = r.render(md, false);
            assertThat(html).as(md).doesNotContain("href=").contains("class=\"blocked-link\"").contains(">a</a>");
        }
        String img = r.render("![pixel](https://tracker.example/p.gif)", false);
        assertThat(img).doesNotContain("src=").contains("Image not loaded: remote image not loaded");
    }

    @Test
    void webLinksRelativeLinksAndFragmentsSurvive() {
        String html = r.render("[y](https://example.com/a?b=1&c=2) [z](HTTP://example.com) [rel](other-plan.md#s3) "
                + "[sec](#claims) [up](../sessions/x/report.md) ![diagram](img/arch.png)", true);
        assertThat(html).contains("href=\"https://example.com/a?b=1&amp;c=2\"").contains("href=\"HTTP://example.com\"")
                .contains("href=\"other-plan.md#s3\"").contains("href=\"#claims\"")
                .contains("href=\"../sessions/x/report.md\"").contains("src=\"img/arch.png\"");
        assertThat(html).contains("Content-Security-Policy").contains("default-src 'none'").doesNotContain("img-src");
    }

    @Test
    void picturesBesideTheDocumentAreInlinedAndNothingElseIs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path folder = java.nio.file.Files.createDirectories(dir.resolve("s/findings"));
        java.nio.file.Files.writeString(folder.resolve("S1-1.lin counterexample.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        java.nio.file.Files.write(folder.resolve("p.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10});
        java.nio.file.Files.writeString(folder.resolve("fake.png"), "not a png");
        java.nio.file.Files.writeString(folder.resolve("notes.txt"), "text");
        java.nio.file.Files.writeString(dir.resolve("s/secret.svg"), "<svg/>");
        String html = r.render("![a](S1-1.lin%20counterexample.svg) ![b](p.png?x#y) ![c](fake.png) ![d](notes.txt) "
                + "![e](../secret.svg) ![f](missing.svg) ![g](https://example.com/x.svg)", false, folder);
        assertThat(html).contains("img-src data:").contains("default-src 'none'");
        assertThat(html).contains("src=\"data:image/svg+xml;base64,"
                + java.util.Base64.getEncoder().encodeToString("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".getBytes()) + "\"");
        assertThat(html).contains("src=\"data:image/png;base64,");
        assertThat(html).contains("Image not loaded: the file is not a png picture")
                .contains("Image not loaded: only .png, .jpg, .gif and .svg pictures are shown")
                .contains("Image not loaded: outside the document's folder")
                .contains("Image not loaded: no such file").contains("Image not loaded: remote image not loaded");
        assertThat(urlAttributes(html)).filteredOn(a -> a.startsWith("src=")).hasSize(2)
                .allSatisfy(a -> assertThat(a).startsWith("src=data:image/"));
        // the same page without a folder shows no picture and allows none
        assertThat(r.render("![a](p.png)", false)).doesNotContain("data:").doesNotContain("img-src");
    }

    @Test
    void rendersTables() {
        String html = r.render("| ID | Claim |\n|---|---|\n| C1 | x |\n", false);
        assertThat(html).contains("<table>").contains("<td>C1</td>");
    }
}
