package dev.falsify.app.ui.preview;

import com.vladsch.flexmark.ext.gfm.strikethrough.StrikethroughExtension;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.html.AttributeProvider;
import com.vladsch.flexmark.html.HtmlRenderer;
import com.vladsch.flexmark.html.IndependentAttributeProviderFactory;
import com.vladsch.flexmark.html.renderer.LinkResolverContext;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.data.MutableDataSet;
import com.vladsch.flexmark.util.html.MutableAttributes;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.data.NullableDataKey;
import java.nio.file.Path;
import java.util.List;

/**
 * Markdown → HTML for the preview pane. Raw HTML in the plan is escaped (shown as text, never
 * interpreted), so the only URLs in the page are the Markdown links, images and autolinks; each of
 * them goes through {@link LinkPolicy} on the URL a browser would see, and is emitted in that
 * cleaned form or not at all (a refused link keeps its text and says why in its tooltip). The page
 * carries a Content Security Policy that forbids scripts and every load; pictures beside the document
 * are read here and inlined as {@code data:} URLs ({@link LocalImages}), the only kind of image the
 * policy then allows; the
 * WebView additionally runs with JavaScript off and follows no link itself ({@link PreviewPane}).
 */
public final class PreviewRenderer {
    /** The page's pictures, set per render on its document (the renderer is shared). */
    private static final NullableDataKey<LocalImages> IMAGES = new NullableDataKey<>("falsify.localImages");
    private final Parser parser;
    private final HtmlRenderer renderer;

    public PreviewRenderer() {
        MutableDataSet options = new MutableDataSet();
        options.set(Parser.EXTENSIONS, List.of(TablesExtension.create(), StrikethroughExtension.create()));
        options.set(HtmlRenderer.ESCAPE_HTML, true);
        parser = Parser.builder(options).build();
        renderer = HtmlRenderer.builder(options).attributeProviderFactory(new IndependentAttributeProviderFactory() {
            @Override
            public AttributeProvider apply(LinkResolverContext context) {
                LocalImages images = IMAGES.get(context.getDocument());
                return (node, part, attributes) -> sanitize(attributes, images);
            }
        }).build();
    }

    /** Without a folder: no picture is shown (a plan not saved yet has nothing beside it). */
    public String render(String markdown, boolean dark) {
        return render(markdown, dark, null);
    }

    /**
     * @param folder the document's folder: pictures inside it are shown, read here and inlined as
     *               {@code data:} URLs ({@link LocalImages}); null shows none
     */
    public String render(String markdown, boolean dark, Path folder) {
        Document doc = parser.parse(markdown);
        if (folder != null) {
            doc.set(IMAGES, new LocalImages(folder));
        }
        String body = renderer.render(doc);
        String fg = dark ? "#c9d1d9" : "#24292f";
        String bg = dark ? "#0d1117" : "#ffffff";
        String border = dark ? "#30363d" : "#d0d7de";
        String code = dark ? "#161b22" : "#f6f8fa";
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'"
                + (folder == null ? "" : "; img-src data:") + "\">"
                + "<style>body{font-family:sans-serif;font-size:13px;line-height:1.45;margin:12px 16px;color:" + fg
                + ";background:" + bg + "}table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid " + border
                + ";padding:3px 8px;vertical-align:top}th{background:" + code + "}code,pre{background:" + code
                + ";font-family:monospace;font-size:12px}pre{padding:8px;overflow:auto}h1,h2{border-bottom:1px solid "
                + border + ";padding-bottom:4px}img{max-width:100%}</style></head><body>" + body + "</body></html>";
    }

    /** Every href and src flexmark is about to write, whatever node it belongs to. */
    private static void sanitize(MutableAttributes attributes, LocalImages images) {
        if (attributes.contains("href")) {
            LinkPolicy.Verdict v = LinkPolicy.ofLink(attributes.getValue("href"));
            if (v instanceof LinkPolicy.Fragment f) {
                attributes.replaceValue("href", f.url());
            } else if (v instanceof LinkPolicy.Relative r) {
                attributes.replaceValue("href", r.url());
            } else if (v instanceof LinkPolicy.Web w) {
                attributes.replaceValue("href", w.url());
                attributes.replaceValue("title", "Opens in your browser: " + w.url());
            } else if (v instanceof LinkPolicy.Blocked b) {
                attributes.remove("href");
                attributes.replaceValue("class", "blocked-link");
                attributes.replaceValue("title", "Link not followed: " + b.reason());
            }
        }
        if (attributes.contains("src")) {
            LinkPolicy.Verdict v = LinkPolicy.ofImage(attributes.getValue("src"));
            LocalImages.Result local = v instanceof LinkPolicy.Relative r && images != null ? images.resolve(r.url()) : null;
            if (local instanceof LocalImages.Inline in) {
                attributes.replaceValue("src", in.dataUrl());
            } else if (local instanceof LocalImages.Refused no) {
                attributes.remove("src");
                attributes.replaceValue("class", "blocked-image");
                attributes.replaceValue("title", "Image not loaded: " + no.reason());
            } else if (v instanceof LinkPolicy.Relative r) {
                attributes.replaceValue("src", r.url());
            } else {
                attributes.remove("src");
                attributes.replaceValue("class", "blocked-image");
                attributes.replaceValue("title", "Image not loaded: "
                        + (v instanceof LinkPolicy.Blocked b ? b.reason() : "not an image"));
            }
        }
        attributes.remove("srcset");
        attributes.remove("style");
    }
}
