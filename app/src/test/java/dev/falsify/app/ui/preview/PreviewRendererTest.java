package dev.falsify.app.ui.preview;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PreviewRendererTest {
    private final PreviewRenderer r = new PreviewRenderer();

    @Test
    void rawHtmlIsEscapedNotRendered() {
        String html = r.render("# T\n\n<script>alert(1)</script>\n\ntext <img src=x onerror=alert(2)> more\n", false);
        assertThat(html).doesNotContain("<script>alert").doesNotContain("<img src=x");
        assertThat(html).contains("&lt;script&gt;");
    }

    @Test
    void scriptLinksAreSuppressedAndTheCspForbidsScripts() {
        String html = r.render("[x](javascript:alert(1)) [y](https://example.com)", true);
        assertThat(html).doesNotContain("javascript:");
        assertThat(html).contains("href=\"https://example.com\"");
        assertThat(html).contains("Content-Security-Policy").contains("default-src 'none'");
    }

    @Test
    void rendersTables() {
        String html = r.render("| ID | Claim |\n|---|---|\n| C1 | x |\n", false);
        assertThat(html).contains("<table>").contains("<td>C1</td>");
    }
}
