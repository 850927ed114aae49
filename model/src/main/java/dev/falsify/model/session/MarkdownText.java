package dev.falsify.model.session;

/**
 * The one rule for putting text that is data — history values, log lines, checker summaries, proxy
 * readings, SUT output, names from a plan or a folder — into a Markdown file Falsify writes
 * (findings files, session-log.md, overrides.md, report.md), and for reading it back.
 *
 * <p>{@link #inline} makes a value that can never start, end or change Markdown structure: it stays on
 * the line it was put on and is shown as text, never as HTML or a link. {@link #plain} is its inverse for
 * what the readers take from a label or a table cell, so a value written and read back is the value.
 */
public final class MarkdownText {
    private MarkdownText() {
    }

    /**
     * One line of inert text:
     * <ul>
     *   <li>every line break — CR, LF, CRLF, NEL (U+0085), LINE / PARAGRAPH SEPARATOR (U+2028/9), VT, FF —
     *       and a tab becomes one space, so nothing in the value starts a line (a heading, a fence, a
     *       {@code **Verdict:**} label, a table row);</li>
     *   <li>other control characters, format characters (bidi overrides, zero-width and invisible
     *       characters, tag characters; the joiners U+200C/D excepted) and unpaired surrogates are shown
     *       as {@code \u001B}: visible, and unable to reorder or hide what is around them;</li>
     *   <li>fence runs ({@code ```}, {@code ~~~}) are backslash-escaped, {@code <} is {@code &lt;} (no HTML,
     *       no autolink), a {@code ]} before {@code (} or {@code [} is {@code \]} (no link or image), an {@code &} that
     *       would start an
     *       entity is {@code &amp;}, and a backslash before punctuation is doubled (so {@link #plain}
     *       gives back the value exactly).</li>
     * </ul>
     */
    public static String inline(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(value.length() + 16);
        int n = value.length();
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\r' -> {
                    b.append(' ');
                    if (i + 1 < n && value.charAt(i + 1) == '\n') i++;
                }
                case '\n', '\t', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029' -> b.append(' ');
                case '<' -> b.append("&lt;");
                // a link or image needs "](" or "][" (an autolink needs '<', a definition a line start): breaking
                // those keeps "[6.000, 7.000] ms" as written and makes "[x](javascript:…)" text
                case ']' -> b.append(i + 1 < n && (value.charAt(i + 1) == '(' || value.charAt(i + 1) == '[') ? "\\]" : "]");
                case '&' -> b.append(startsEntity(value, i) ? "&amp;" : "&");
                case '\\' -> b.append(i + 1 < n && isAsciiPunctuation(value.charAt(i + 1)) ? "\\\\" : "\\");
                case '`', '~' -> {
                    int run = 1;
                    while (i + run < n && value.charAt(i + run) == c) run++;
                    for (int k = 0; k < run; k++) {
                        if (run >= 3) b.append('\\');
                        b.append(c);
                    }
                    i += run - 1;
                }
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(value.charAt(i + 1))) {
                        int cp = value.codePointAt(i);
                        if (hidden(cp)) {
                            visible(b, cp);
                        } else {
                            b.appendCodePoint(cp);
                        }
                        i++;
                    } else if (Character.isSurrogate(c) || hidden(c)) {
                        visible(b, c);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString().strip();
    }

    /**
     * {@link #inline} for a value that begins a line after only a list marker ({@code - value}): a
     * leading {@code #}, {@code >}, {@code *}, {@code -}, {@code +}, {@code =}, {@code |}, {@code :} or
     * {@code 1.} is escaped too, so the value cannot make the list item a heading, a quote, a nested list
     * or a bold label ({@code - **Verdict:** …}).
     */
    public static String lineStart(String value) {
        String s = inline(value);
        if (s.isEmpty()) {
            return s;
        }
        char c = s.charAt(0);
        if ("#>*-+=|:_".indexOf(c) >= 0) {
            return "\\" + s;
        }
        int d = 0;
        while (d < s.length() && d < 10 && Character.isDigit(s.charAt(d))) d++;
        if (d > 0 && d < s.length() && (s.charAt(d) == '.' || s.charAt(d) == ')')) {
            return s.substring(0, d) + "\\" + s.substring(d);
        }
        return s;
    }

    /** A table cell: {@link #inline}, with {@code |} escaped so it stays in its cell. */
    public static String cell(String value) {
        return inline(value).replace("|", "\\|");
    }

    /**
     * The text a reader takes from a label value or a table cell: backslash escapes of ASCII
     * punctuation and the entities {@code &lt; &gt; &amp; &quot; &#39;} resolved, as Markdown shows
     * them. The inverse of {@link #inline} on one line; on an author's text, what the author meant.
     */
    public static String plain(String markdown) {
        if (markdown == null || markdown.isEmpty()) {
            return "";
        }
        if (markdown.indexOf('\\') < 0 && markdown.indexOf('&') < 0) {
            return markdown;
        }
        StringBuilder b = new StringBuilder(markdown.length());
        int n = markdown.length();
        for (int i = 0; i < n; i++) {
            char c = markdown.charAt(i);
            if (c == '\\' && i + 1 < n && isAsciiPunctuation(markdown.charAt(i + 1))) {
                b.append(markdown.charAt(++i));
            } else if (c == '&') {
                String entity = entityAt(markdown, i);
                if (entity == null) {
                    b.append(c);
                } else {
                    b.append(switch (entity) {
                        case "&lt;" -> '<';
                        case "&gt;" -> '>';
                        case "&amp;" -> '&';
                        case "&quot;" -> '"';
                        default -> '\'';
                    });
                    i += entity.length() - 1;
                }
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static final String[] ENTITIES = {"&lt;", "&gt;", "&amp;", "&quot;", "&#39;"};

    private static String entityAt(String s, int i) {
        for (String e : ENTITIES) {
            if (s.startsWith(e, i)) {
                return e;
            }
        }
        return null;
    }

    /** {@code &name;}, {@code &#123;}, {@code &#x1F;}: what a Markdown renderer would turn into another character. */
    private static boolean startsEntity(String s, int i) {
        int j = i + 1;
        int n = s.length();
        if (j < n && s.charAt(j) == '#') {
            j++;
            if (j < n && (s.charAt(j) == 'x' || s.charAt(j) == 'X')) j++;
        }
        int start = j;
        while (j < n && j - start <= 32 && Character.isLetterOrDigit(s.charAt(j)) && s.charAt(j) < 128) j++;
        return j > start && j < n && s.charAt(j) == ';';
    }

    static boolean isAsciiPunctuation(char c) {
        return dev.falsify.model.text.TableCells.isAsciiPunctuation(c);
    }

    /** Controls (C0, DEL, C1) and format characters, but the joiners that scripts and emoji need. */
    static boolean hidden(int cp) {
        if (cp == 0x200C || cp == 0x200D) {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.UNASSIGNED && cp >= 0xE0000 && cp <= 0xE007F;
    }

    private static void visible(StringBuilder b, int cp) {
        if (cp > 0xFFFF) {
            for (char ch : Character.toChars(cp)) b.append(String.format("\\u%04X", (int) ch));
        } else {
            b.append(String.format("\\u%04X", cp));
        }
    }
}
