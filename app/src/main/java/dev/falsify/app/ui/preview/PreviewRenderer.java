package dev.falsify.app.ui.preview;

import com.vladsch.flexmark.ext.gfm.strikethrough.StrikethroughExtension;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.html.HtmlRenderer;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.data.MutableDataSet;
import java.util.List;

/**
 * Markdown → HTML for the preview pane. Raw HTML in the plan is escaped (shown as text, never
 * interpreted), {@code javascript:} links are suppressed, and the page carries a Content Security
 * Policy that forbids scripts and remote loads; the WebView additionally runs with JavaScript off.
 */
public final class PreviewRenderer {
    private final Parser parser;
    private final HtmlRenderer renderer;

    public PreviewRenderer() {
        MutableDataSet options = new MutableDataSet();
        options.set(Parser.EXTENSIONS, List.of(TablesExtension.create(), StrikethroughExtension.create()));
        options.set(HtmlRenderer.ESCAPE_HTML, true);
        options.set(HtmlRenderer.SUPPRESSED_LINKS, "(?i)\\s*(javascript|vbscript|data):.*");
        parser = Parser.builder(options).build();
        renderer = HtmlRenderer.builder(options).build();
    }

    public String render(String markdown, boolean dark) {
        String body = renderer.render(parser.parse(markdown));
        String fg = dark ? "#c9d1d9" : "#24292f";
        String bg = dark ? "#0d1117" : "#ffffff";
        String border = dark ? "#30363d" : "#d0d7de";
        String code = dark ? "#161b22" : "#f6f8fa";
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
                + "<style>body{font-family:sans-serif;font-size:13px;line-height:1.45;margin:12px 16px;color:" + fg
                + ";background:" + bg + "}table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid " + border
                + ";padding:3px 8px;vertical-align:top}th{background:" + code + "}code,pre{background:" + code
                + ";font-family:monospace;font-size:12px}pre{padding:8px;overflow:auto}h1,h2{border-bottom:1px solid "
                + border + ";padding-bottom:4px}</style></head><body>" + body + "</body></html>";
    }
}
