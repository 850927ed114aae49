package dev.falsify.model.plan;

import com.vladsch.flexmark.ast.BlockQuote;
import com.vladsch.flexmark.ast.BulletList;
import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.ast.Heading;
import com.vladsch.flexmark.ast.HtmlBlock;
import com.vladsch.flexmark.ast.HtmlCommentBlock;
import com.vladsch.flexmark.ast.ListItem;
import com.vladsch.flexmark.ast.OrderedList;
import com.vladsch.flexmark.ast.ThematicBreak;
import com.vladsch.flexmark.ext.gfm.strikethrough.StrikethroughExtension;
import com.vladsch.flexmark.ext.tables.TableBlock;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import com.vladsch.flexmark.util.data.MutableDataSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The block structure flexmark finds in a plan: headings, fenced code, tables and thematic breaks,
 * with their line ranges, plus a per-line classification. Everything finer (fields, ids,
 * hypotheses) is read from the source lines, outside fences and tables, so that a line inside a
 * code block is never taken for plan structure.
 */
final class MarkdownOutline {

    private static final Parser PARSER;

    static {
        MutableDataSet options = new MutableDataSet();
        options.set(Parser.EXTENSIONS, List.of(TablesExtension.create(), StrikethroughExtension.create()));
        options.set(TablesExtension.COLUMN_SPANS, false);
        options.set(TablesExtension.APPEND_MISSING_COLUMNS, true);
        options.set(TablesExtension.DISCARD_EXTRA_COLUMNS, false);
        options.set(TablesExtension.HEADER_SEPARATOR_COLUMN_MATCH, false);
        options.set(TablesExtension.WITH_CAPTION, false);
        PARSER = Parser.builder(options).build();
    }

    enum LineKind { TEXT, HEADING, FENCE, TABLE, RULE, HTML }

    record HeadingBlock(int level, String text, int line, int endLine, int startOffset, int endOffset) {
    }

    /** @param endLine exclusive; {@code contentEnd} excludes the closing fence (or equals endLine when unclosed) */
    record FenceBlock(String info, int line, int endLine, int contentStart, int contentEnd, int indent) {
    }

    record TableBlockRef(TableBlock node, int line, int endLine) {
    }

    final SourceLines lines;
    final LineKind[] kinds;
    final List<HeadingBlock> headings = new ArrayList<>();
    final List<FenceBlock> fences = new ArrayList<>();
    final List<TableBlockRef> tables = new ArrayList<>();

    MarkdownOutline(SourceLines lines) {
        this.lines = lines;
        this.kinds = new LineKind[lines.lineCount()];
        java.util.Arrays.fill(kinds, LineKind.TEXT);
        Document doc = PARSER.parse(lines.text());
        walk(doc);
        this.fenceStarting = new FenceBlock[kinds.length];
        for (FenceBlock f : fences) if (f.line() < kinds.length) fenceStarting[f.line()] = f;
    }

    private final FenceBlock[] fenceStarting;

    private void walk(Node parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Heading h) {
                int l = lineOf(h.getStartOffset());
                int e = endLineOf(h.getEndOffset());
                headings.add(new HeadingBlock(h.getLevel(), h.getText().toString().strip(), l, e, h.getStartOffset(), h.getEndOffset()));
                mark(l, e, LineKind.HEADING);
            } else if (n instanceof FencedCodeBlock f) {
                int l = lineOf(f.getStartOffset());
                int e = endLineOf(f.getEndOffset());
                boolean closed = f.getClosingMarker().isNotNull() && !f.getClosingMarker().isEmpty();
                int contentEnd = closed ? Math.max(l + 1, e - 1) : e;
                int indent = f.getStartOffset() - lines.lineStart(l);
                fences.add(new FenceBlock(f.getInfo().toString().strip(), l, e, l + 1, contentEnd, Math.max(0, indent)));
                mark(l, e, LineKind.FENCE);
            } else if (n instanceof TableBlock t) {
                int l = lineOf(t.getStartOffset());
                int e = endLineOf(t.getEndOffset());
                tables.add(new TableBlockRef(t, l, e));
                mark(l, e, LineKind.TABLE);
            } else if (n instanceof ThematicBreak tb) {
                int l = lineOf(tb.getStartOffset());
                mark(l, l + 1, LineKind.RULE);
            } else if (n instanceof HtmlBlock || n instanceof HtmlCommentBlock) {
                mark(lineOf(n.getStartOffset()), endLineOf(n.getEndOffset()), LineKind.HTML);
            } else if (n instanceof BulletList || n instanceof OrderedList || n instanceof ListItem || n instanceof BlockQuote) {
                walk(n);
            }
        }
    }

    private int lineOf(int offset) {
        return lines.lineIndexOf(offset);
    }

    /** Exclusive end line of a node ending at {@code endOffset} (which may sit after a newline). */
    private int endLineOf(int endOffset) {
        if (endOffset <= 0) return 1;
        return lines.lineIndexOf(endOffset - 1) + 1;
    }

    private void mark(int from, int to, LineKind kind) {
        for (int i = Math.max(0, from); i < Math.min(to, kinds.length); i++) kinds[i] = kind;
    }

    boolean isText(int line) {
        return kinds[line] == LineKind.TEXT;
    }

    /** The fenced block opening on this line, or null. */
    FenceBlock fenceAt(int line) {
        return line >= 0 && line < fenceStarting.length ? fenceStarting[line] : null;
    }
}
