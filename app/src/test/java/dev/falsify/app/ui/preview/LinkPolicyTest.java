package dev.falsify.app.ui.preview;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkPolicyTest {
    @Test
    void decodesCharacterReferencesTheWayABrowserDoesInAnAttribute() {
        assertThat(LinkPolicy.decodeCharacterReferences("jav&#x61;script")).isEqualTo("javascript");
        assertThat(LinkPolicy.decodeCharacterReferences("jav&#97script")).isEqualTo("javascript");
        assertThat(LinkPolicy.decodeCharacterReferences("a&colon;b&Tab;c&NewLine;d")).isEqualTo("a:b\tc\nd");
        assertThat(LinkPolicy.decodeCharacterReferences("&#0;&#xD800;&#1114112;")).isEqualTo("\uFFFD\uFFFD\uFFFD");
        assertThat(LinkPolicy.decodeCharacterReferences("?a=1&amp;b=2&ampc&amp=")).isEqualTo("?a=1&b=2&ampc&amp=");
        assertThat(LinkPolicy.decodeCharacterReferences("&unknown; &# &#x;")).isEqualTo("&unknown; &# &#x;");
    }

    @Test
    void decidesOnTheSchemeAfterTheUrlParsersCleanUp() {
        assertThat(LinkPolicy.ofLink("&#1; java\tscr\nipt:alert(1)")).isInstanceOf(LinkPolicy.Blocked.class);
        assertThat(LinkPolicy.ofLink(" https://example.com/x ")).isEqualTo(
                new LinkPolicy.Web("https://example.com/x", java.net.URI.create("https://example.com/x")));
        assertThat(LinkPolicy.ofLink("docs/plan.md")).isEqualTo(new LinkPolicy.Relative("docs/plan.md"));
        assertThat(LinkPolicy.ofLink("a:b")).isInstanceOf(LinkPolicy.Blocked.class);
        assertThat(LinkPolicy.ofLink("java&x;script:alert(1)")).as("not a scheme, but refused all the same")
                .isInstanceOf(LinkPolicy.Blocked.class);
        assertThat(LinkPolicy.ofLink("notes/a:b.md")).isEqualTo(new LinkPolicy.Relative("notes/a:b.md"));
        assertThat(LinkPolicy.ofLink("https:///nohost")).isInstanceOf(LinkPolicy.Blocked.class);
        assertThat(LinkPolicy.ofImage("https://t.example/p.gif")).isInstanceOf(LinkPolicy.Blocked.class);
        assertThat(LinkPolicy.ofImage("img/a.png")).isEqualTo(new LinkPolicy.Relative("img/a.png"));
        assertThat(LinkPolicy.ofImage("#x")).isInstanceOf(LinkPolicy.Blocked.class);
    }
}
