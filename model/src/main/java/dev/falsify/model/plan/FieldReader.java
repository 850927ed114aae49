package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads labelled fields from plan lines: {@code - **Label:** value}, {@code **Label**: value},
 * and (when the caller knows the label) plain {@code - Label: value} lines of the compact form.
 * A value continues on more-indented lines, nested bullets and lazy continuation lines, until a
 * sibling bullet, a heading, a rule or an outdented paragraph after a blank line.
 */
final class FieldReader {
    private FieldReader() {
    }

    private static final Pattern BOLD = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?(\\*\\*|__)([^*_]{1,100}?)(\\*\\*|__)(.*)$");
    private static final Pattern PLAIN = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([A-Za-z§][^:*`|\\[\\]]{0,60}?)\\s*:(?:\\s+(.*)|\\s*)$");
    private static final Pattern ITALIC = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([*_])([^*_\\s][^*_]{0,99}?)([*_])(.*)$");
    private static final Pattern PLAIN_DASH = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([A-Za-z§][^:*`|\\[\\]—–]{0,60}?)\\s+[—–]\\s+(\\S.*)$");
    /** The dash between an emphasised label and its value ({@code **Model** — queue}). */
    private static final Pattern DASH_AFTER_LABEL = Pattern.compile("(?:—|–|--|-)(?=\\s)");
    private static final Pattern SEVEN_M_LINE = Pattern.compile("^\\s*+(?:[-*+]\\s++)?(?:\\*\\*|__)?\\s*+§?\\s*+7\\.M(?![\\w])", Pattern.CASE_INSENSITIVE);
    private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*+]|\\d{1,3}[.)])\\s+\\S.*");
    /** A line led by an element id ({@code H5. …}, {@code **S2** …}) starts a new element, never continues a value. */
    private static final Pattern ID_LED = Pattern.compile("^\\s*(?:\\*\\*|__)?[A-Z]\\d{1,5}(?![\\w/])");

    /**
     * A field found at a line.
     *
     * @param endLine     exclusive
     * @param fence       a fenced block attached to the field (skeletons), or null
     */
    record RawField(String label, String key, boolean bold, int line, int endLine, int indent, String value,
                    Span span, Span valueSpan, MarkdownOutline.FenceBlock fence) {

        Field toField(String name) {
            return new Field(name, label, value, span, valueSpan);
        }
    }

    /** The label part of a line, when the line looks like a field; null otherwise. */
    record LabelMatch(String label, String key, boolean bold, int indent, int valueStart) {
    }

    static LabelMatch label(String line, Predicate<String> plainAccepted) {
        boolean hasBold = line.indexOf("**") >= 0 || line.indexOf("__") >= 0;
        boolean hasDash = line.indexOf('—') >= 0 || line.indexOf('–') >= 0;
        if (!hasBold && !hasDash && line.indexOf(':') < 0 && line.indexOf(" -") < 0) return null;
        // Cheap necessary conditions before the regexes (this runs for every line of every
        // scenario and hypothesis): the label starts right after the indent, or after a list marker.
        int atIndent = skipRegexSpace(line, 0);
        int atMarker = afterListMarker(line, atIndent);
        hasBold = hasBold && (startsBold(line, atIndent) || (atMarker >= 0 && startsBold(line, atMarker)));
        Matcher b = hasBold ? BOLD.matcher(line) : null;
        if (hasBold && b.matches()) {
            LabelMatch m = emphasised(line, b.group(4), b.start(6), b.group(6), true, plainAccepted);
            if (m != null) return m;
        }
        int labelAt = atMarker >= 0 && startsItalic(line, atMarker) ? atMarker : startsItalic(line, atIndent) ? atIndent : -1;
        if (labelAt >= 0) {
            // *Checker*: value, _Model_: value — italic labels, accepted when the label is known
            Matcher it = ITALIC.matcher(line);
            if (it.matches()) {
                LabelMatch m = emphasised(line, it.group(4), it.start(6), it.group(6), false, plainAccepted);
                if (m != null && plainAccepted.test(m.key())) return m;
            }
        }
        if (!startsPlainLabel(line, atIndent) && !(atMarker >= 0 && startsPlainLabel(line, atMarker))) return null;
        if (line.indexOf(':') >= 0) {
            Matcher p = PLAIN.matcher(line);
            if (p.matches()) {
                String label = p.group(3).strip();
                String k = key(label);
                if (plainAccepted.test(k)) {
                    int valueStart = p.group(4) == null ? line.length() : p.start(4);
                    return new LabelMatch(label, k, false, indentOf(line), valueStart);
                }
            }
        }
        if (hasDash) {
            // "- Model under test — queue": a known label, then an em or en dash
            Matcher p = PLAIN_DASH.matcher(line);
            if (p.matches()) {
                String label = p.group(3).strip();
                String k = key(label);
                if (plainAccepted.test(k)) return new LabelMatch(label, k, false, indentOf(line), p.start(4));
            }
        }
        return null;
    }

    /**
     * A label in bold or italics, followed by a colon (inside or after the emphasis) or, for a known
     * label, by a dash ({@code **Model** — queue}); null when the line is not a field.
     */
    private static LabelMatch emphasised(String line, String rawLabel, int afterStart, String after, boolean bold,
                                         Predicate<String> plainAccepted) {
        String label = rawLabel.strip();
        boolean colonInside = label.endsWith(":");
        String afterTrim = after.stripLeading();
        boolean colonAfter = afterTrim.startsWith(":");
        int skip;
        if (colonInside || colonAfter) {
            if (colonInside) label = label.substring(0, label.length() - 1).strip();
            skip = colonAfter ? 1 : 0;
        } else {
            Matcher d = DASH_AFTER_LABEL.matcher(afterTrim);
            String l = label.replace("`", "");
            if (!d.lookingAt() || !plainAccepted.test(key(l))) return null;
            skip = d.end();
        }
        int valueStart = afterStart + (after.length() - afterTrim.length()) + skip;
        while (valueStart < line.length() && Character.isWhitespace(line.charAt(valueStart))) valueStart++;
        String l = label.replace("`", "");
        return new LabelMatch(l, key(l), bold, indentOf(line), valueStart);
    }

    private static boolean startsItalic(String line, int i) {
        if (i + 1 >= line.length()) return false;
        char c = line.charAt(i);
        return (c == '*' || c == '_') && line.charAt(i + 1) != c && !Character.isWhitespace(line.charAt(i + 1));
    }

    /** Index after the characters regex {@code \\s} matches, from {@code i}. */
    private static int skipRegexSpace(String line, int i) {
        while (i < line.length() && isRegexSpace(line.charAt(i))) i++;
        return i;
    }

    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** After a list marker ({@code -}, {@code *}, {@code +}, {@code 1.}, {@code 12)}) and its spaces at {@code i}; −1 when there is none. */
    private static int afterListMarker(String line, int i) {
        int n = line.length();
        int j = i;
        if (j < n && (line.charAt(j) == '-' || line.charAt(j) == '*' || line.charAt(j) == '+')) {
            j++;
        } else {
            while (j < n && j - i < 3 && line.charAt(j) >= '0' && line.charAt(j) <= '9') j++;
            if (j == i || j >= n || (line.charAt(j) != '.' && line.charAt(j) != ')')) return -1;
            j++;
        }
        if (j >= n || !isRegexSpace(line.charAt(j))) return -1;
        return skipRegexSpace(line, j);
    }

    private static boolean startsBold(String line, int i) {
        return line.startsWith("**", i) || line.startsWith("__", i);
    }

    private static boolean startsPlainLabel(String line, int i) {
        if (i >= line.length()) return false;
        char c = line.charAt(i);
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '§';
    }

    /** Normalised label: lower case, letters/digits/§/. and single spaces. */
    static String key(String label) {
        StringBuilder sb = new StringBuilder(label.length());
        boolean space = false;
        for (int i = 0; i < label.length(); i++) {
            char c = Character.toLowerCase(label.charAt(i));
            if (Character.isLetterOrDigit(c) || c == '§' || c == '.') {
                if (space && sb.length() > 0) sb.append(' ');
                space = false;
                sb.append(c);
            } else {
                space = true;
            }
        }
        return sb.toString();
    }

    /**
     * Reads the field starting at {@code line} (which {@link #label} accepted), its value running
     * no further than {@code limit} (exclusive).
     */
    static RawField read(MarkdownOutline o, int line, int limit, LabelMatch m, boolean attachFence,
                         Predicate<String> plainAccepted) {
        SourceLines lines = o.lines;
        String first = text(lines, line);
        int indent = m.indent();
        StringBuilder value = new StringBuilder(first.substring(Math.min(m.valueStart(), first.length())).strip());
        int last = line;
        MarkdownOutline.FenceBlock attached = null;
        int i = line + 1;
        boolean prevBlank = false;
        while (i < limit) {
            MarkdownOutline.LineKind kind = o.kinds[i];
            String t = text(lines, i);
            if (kind == MarkdownOutline.LineKind.HEADING || kind == MarkdownOutline.LineKind.RULE
                    || kind == MarkdownOutline.LineKind.HTML) break;
            if (kind == MarkdownOutline.LineKind.FENCE) {
                MarkdownOutline.FenceBlock f = o.fenceAt(i);
                if (f == null) break;
                boolean nested = f.indent() > indent;
                if (!nested && !(attachFence && attached == null)) break;
                if (!nested) attached = f;
                for (int k = f.line(); k < f.endLine() && k < limit; k++) appendLine(value, text(lines, k), true);
                last = Math.min(f.endLine(), limit) - 1;
                i = f.endLine();
                prevBlank = false;
                if (!nested) break;
                continue;
            }
            if (kind == MarkdownOutline.LineKind.TABLE) {
                if (indentOf(t) <= indent) break;
                appendLine(value, t, false);
                last = i;
                i++;
                continue;
            }
            if (t.isBlank()) {
                int j = i + 1;
                while (j < limit && o.kinds[j] == MarkdownOutline.LineKind.TEXT && text(lines, j).isBlank()) j++;
                if (j >= limit) break;
                String next = text(lines, j);
                boolean continues = indentOf(next) > indent && o.kinds[j] != MarkdownOutline.LineKind.HEADING
                        && o.kinds[j] != MarkdownOutline.LineKind.RULE;
                if (!continues && attachFence && attached == null && o.kinds[j] == MarkdownOutline.LineKind.FENCE) continues = true;
                if (!continues) break;
                prevBlank = true;
                i = j;
                continue;
            }
            if ((t.indexOf("7.M") >= 0 || t.indexOf("7.m") >= 0) && SEVEN_M_LINE.matcher(t).find()) break;   // a §7.M opens, whatever its indent
            int ind = indentOf(t);
            if (ind <= indent) {
                if (prevBlank || BULLET.matcher(t).matches() || ID_LED.matcher(t).find() || label(t, plainAccepted) != null) break;
            }
            appendLine(value, t, prevBlank);
            prevBlank = false;
            last = i;
            i++;
        }
        int lineStart = lines.lineStart(line);
        int fieldStart = lineStart + (first.length() - first.stripLeading().length());
        int valueStart = lineStart + Math.min(m.valueStart(), first.length());
        int end = trimmedEnd(lines, last);
        if (last == line) valueStart = Math.min(valueStart, end);
        Span valueSpan = lines.span(valueStart, Math.max(valueStart, end));
        return new RawField(m.label(), m.key(), m.bold(), line, last + 1, indent, value.toString().strip(),
                lines.span(Math.min(fieldStart, end), end), valueSpan, attached);
    }

    private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}:[ \\t]+(\\S.*)$");

    /**
     * A definition-list field (PHP Markdown Extra / Pandoc), as some plans write §7.M:
     * <pre>
     * Model under test
     * : register
     * </pre>
     * The term line holds only the (possibly emphasised) label; the value starts on the next line
     * (or the one after a blank) with {@code ": "} and continues on indented lines. Null otherwise.
     */
    static RawField definition(MarkdownOutline o, int line, int limit, Predicate<String> accepted) {
        SourceLines lines = o.lines;
        String term = text(lines, line);
        if (indentOf(term) > 3 || term.indexOf(':') >= 0 && !term.strip().endsWith(":")) return null;
        int d = line + 1;
        if (d < limit && o.kinds[d] == MarkdownOutline.LineKind.TEXT && text(lines, d).isBlank()) d++;
        if (d >= limit || o.kinds[d] != MarkdownOutline.LineKind.TEXT) return null;
        Matcher m = DEFINITION.matcher(text(lines, d));
        if (!m.matches()) return null;
        String label = term.strip().replace("**", "").replace("__", "").replace("`", "");
        if (label.length() > 2 && (label.charAt(0) == '*' || label.charAt(0) == '_') && label.charAt(label.length() - 1) == label.charAt(0)) {
            label = label.substring(1, label.length() - 1);
        }
        if (label.endsWith(":")) label = label.substring(0, label.length() - 1);
        label = label.strip();
        String k = key(label);
        if (k.isEmpty() || !accepted.test(k)) return null;
        StringBuilder value = new StringBuilder(m.group(1).strip());
        int last = d;
        for (int i = d + 1; i < limit && o.kinds[i] == MarkdownOutline.LineKind.TEXT; i++) {
            String t = text(lines, i);
            if (t.isBlank() || indentOf(t) < 2) break;
            appendLine(value, t, false);
            last = i;
        }
        int valueStart = lines.lineStart(d) + m.start(1);
        int end = trimmedEnd(lines, last);
        int fieldStart = lines.lineStart(line) + (term.length() - term.stripLeading().length());
        return new RawField(label, k, false, line, last + 1, 0, value.toString().strip(), lines.span(fieldStart, end),
                lines.span(valueStart, Math.max(valueStart, end)), null);
    }

    private static void appendLine(StringBuilder value, String line, boolean keepIndent) {
        if (value.length() > 0) value.append('\n');
        value.append(keepIndent ? line.stripTrailing() : line.strip());
    }

    /** End offset of a line without trailing whitespace. */
    static int trimmedEnd(SourceLines lines, int line) {
        int s = lines.lineStart(line);
        int e = lines.lineEnd(line);
        String t = lines.text();
        while (e > s && Character.isWhitespace(t.charAt(e - 1))) e--;
        return e;
    }

    static String text(SourceLines lines, int line) {
        String t = lines.line(line);
        return t.endsWith("\r") ? t.substring(0, t.length() - 1) : t;
    }

    static int indentOf(String line) {
        int n = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') n++;
            else if (c == '\t') n += 4 - (n % 4);
            else break;
        }
        return n;
    }

    static boolean isBullet(String line) {
        return BULLET.matcher(line).matches();
    }
}
