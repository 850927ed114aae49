package dev.falsify.model.plan;

import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunSpecResult;
import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The {@code run} blocks of one plan. Reading a block (its YAML composed and validated) depends
 * only on the source lines and the fence, so a plan with many of them has them read ahead on a
 * second thread while the parser reads the rest: in a 10 MB plan the run blocks are half the text
 * and more than half the parse time. Each block is read by exactly one thread, whichever claims it
 * first; the parser waits only for a block the other thread is reading at that moment, and reads
 * every other block itself, so the result is the same whoever read what, and a read-ahead thread
 * that never gets a core costs nothing but its start.
 */
final class RunBlocks {
    /**
     * Fewer run blocks than this are read in line: a plan of a few blocks reads them in a few
     * milliseconds, less than a thread start is worth (the example plan has 7).
     */
    static final int READ_AHEAD_MIN = 16;

    /** What separates the words of a fence's info string; compiled once (String.split compiles per call). */
    private static final java.util.regex.Pattern INFO_SEPARATORS = java.util.regex.Pattern.compile("[\\s{},]+");

    private final SourceLines lines;
    private final MarkdownOutline.FenceBlock[] fences;   // the run fences, in document order
    private final int[] fenceLines;                     // their first lines, ascending
    private final SharedWork<RunBlock> reads;          // block i read by the read-ahead thread or the parser

    private RunBlocks(SourceLines lines, List<MarkdownOutline.FenceBlock> runFences) {
        this.lines = lines;
        this.fences = runFences.toArray(new MarkdownOutline.FenceBlock[0]);
        this.fenceLines = new int[fences.length];
        for (int i = 0; i < fences.length; i++) fenceLines[i] = fences[i].line();
        this.reads = SharedWork.start("falsify-run-blocks", fences.length,
                fences.length >= READ_AHEAD_MIN, i -> read(lines, fences[i]));
    }

    /** The run blocks of {@code outline}; with {@link #READ_AHEAD_MIN} or more, a thread starts reading them. */
    static RunBlocks of(MarkdownOutline outline) {
        List<MarkdownOutline.FenceBlock> runFences = new ArrayList<>();
        for (MarkdownOutline.FenceBlock f : outline.fences) if (isRunInfo(f.info())) runFences.add(f);
        return new RunBlocks(outline.lines, runFences);
    }

    /** The block of fence {@code f}: the read-ahead's when it has it (waiting if it is reading it now), else read here. */
    RunBlock get(MarkdownOutline.FenceBlock f) {
        int i = Arrays.binarySearch(fenceLines, f.line());
        return i >= 0 && fences[i].equals(f) ? reads.get(i) : read(lines, f);
    }

    /** Stops the read-ahead after the block it is reading (the parse is over, or failed). */
    void close() {
        reads.close();
    }

    /** {@code run}, and the info strings editors need for YAML highlighting: {@code yaml run}, {@code yaml {.run}}. */
    static boolean isRunInfo(String info) {
        for (String word : INFO_SEPARATORS.split(info.strip().toLowerCase(Locale.ROOT))) {
            String w = word.startsWith(".") ? word.substring(1) : word;
            if (w.equals("run") || w.equals("falsify-run") || w.equals("falsify:run")) return true;
        }
        return false;
    }

    /**
     * Reads one run block. Touches only immutable state of {@code lines} (its text and line starts)
     * and its self-checking line hint, so it may run on any thread.
     */
    static RunBlock read(SourceLines lines, MarkdownOutline.FenceBlock f) {
        return read(lines, f, yaml(lines, f));
    }

    /** The block's YAML: its content lines, the fence's indent stripped, straight from the text (no line strings). */
    static String yaml(SourceLines lines, MarkdownOutline.FenceBlock f) {
        String text = lines.text();
        int indent = f.indent();
        if (indent == 0 && f.contentEnd() > f.contentStart()) {
            // a fence at the margin (nearly all are): its content is one piece of the text when no line
            // ends in \r and the last has its line break, and one substring is cheaper than a line-by-line copy
            int last = f.contentEnd() - 1;
            boolean whole = lines.lineEnd(last) < text.length() && text.charAt(lines.lineEnd(last)) == '\n';
            for (int k = f.contentStart(); k <= last && whole; k++) {
                int e = lines.lineEnd(k);
                whole = e == lines.lineStart(k) || text.charAt(e - 1) != '\r';
            }
            if (whole) return text.substring(lines.lineStart(f.contentStart()), lines.lineEnd(last) + 1);
        }
        return yamlByLines(lines, f);
    }

    /** {@link #yaml}, line by line: each content line, the fence's indent and a final \r stripped, then \n. */
    private static String yamlByLines(SourceLines lines, MarkdownOutline.FenceBlock f) {
        String text = lines.text();
        int indent = f.indent();
        StringBuilder sb = new StringBuilder();
        for (int k = f.contentStart(); k < f.contentEnd(); k++) {
            int s = lines.lineStart(k);
            int e = lines.lineEnd(k);
            if (e > s && text.charAt(e - 1) == '\r') e--;
            int strip = 0;
            while (strip < indent && s + strip < e && text.charAt(s + strip) == ' ') strip++;
            sb.append(text, s + strip, e).append('\n');
        }
        return sb.toString();
    }

    static RunBlock read(SourceLines lines, MarkdownOutline.FenceBlock f, String yaml) {
        int indent = f.indent();
        int contentStart = f.contentStart();
        int contentEnd = f.contentEnd();
        RunSpecResult r = RunSpecParser.parse(yaml, (line, column) -> {
            int l = Math.min(contentStart + line, Math.max(contentStart, contentEnd - 1));
            if (l >= lines.lineCount()) l = lines.lineCount() - 1;
            int lineStart = lines.lineStart(l);
            int off = Math.min(lineStart + indent + column, lines.lineEnd(l));
            return lines.span(off, Math.max(off, FieldReader.trimmedEnd(lines, l)));
        });
        Span span = lines.span(lines.lineStart(f.line()), FieldReader.trimmedEnd(lines, Math.max(f.line(), f.endLine() - 1)));
        Span content = f.contentEnd() > f.contentStart()
                ? lines.span(lines.lineStart(f.contentStart()), lines.lineEndWithBreak(f.contentEnd() - 1))
                : lines.span(lines.lineStart(Math.min(f.contentStart(), lines.lineCount() - 1)), lines.lineStart(Math.min(f.contentStart(), lines.lineCount() - 1)));
        return new RunBlock(yaml, span, content, r.spec(), r.errors());
    }
}
