package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plan's title and header fields: bold-label lines (or bullets), a two-column field table,
 * and YAML front matter for what the body does not say.
 */
final class HeaderReader {
    private HeaderReader() {
    }

    /** {@code Test Plan: slug}, {@code 🧪 Test plan — slug}, {@code Test plan for slug}. */
    private static final Pattern TITLE = Pattern.compile(
            "(?i)^[^\\p{L}\\p{N}]*(?:test(?:ing)?\\s+plan|plan)\\s*(?:[:—–-]|\\bfor\\b)\\s*(.+)$");
    /** {@code slug — test plan}, {@code slug test plan}. */
    private static final Pattern FRONT_MATTER_FIELD = Pattern.compile("^([A-Za-z_][\\w-]*+)\\s*+:\\s*+((?:.*\\S)?)\\s*$");

    /** The heading is a plan title ({@code Test Plan: …}), not a section. */
    static boolean isTitle(String heading) {
        return TITLE.matcher(HypothesisReader.clean(heading)).matches();
    }

    /**
     * @param title  the title heading, or null
     * @param from   first line after the title (or the front matter)
     * @param to     the first section's line
     * @param tables the tables between them
     */
    static PlanHeader read(MarkdownOutline outline, MarkdownOutline.HeadingBlock title, int from, int to, List<Table> tables,
                           List<Unrecognized> unrecognized) {
        SourceLines lines = outline.lines;
        String slug = "";
        String titleText = "";
        Span titleSpan = Span.NONE;
        if (title != null) {
            titleText = title.text();
            slug = slugOf(titleText);
            titleSpan = lines.span(lines.lineStart(title.line()), FieldReader.trimmedEnd(lines, title.endLine() - 1));
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        for (Table t : tables) {
            for (KeyValueTable.Entry e : KeyValueTable.read(t, lines, Labels::header)) {
                if (e.canonical() != null) fields.putIfAbsent(e.canonical(), e.field());
            }
        }
        int i = from;
        while (i < to) {
            if (!outline.isText(i)) {
                i++;
                continue;
            }
            FieldReader.LabelMatch lm = FieldReader.label(FieldReader.text(lines, i), k -> Labels.header(k) != null);
            if (lm == null) {
                i++;
                continue;
            }
            FieldReader.RawField f = FieldReader.read(outline, i, to, lm, false, k -> Labels.header(k) != null);
            String name = Labels.header(lm.key());
            if (name != null) {
                fields.putIfAbsent(name, f.toField(name));
            } else if (lm.bold()) {
                unrecognized.add(new Unrecognized(Unrecognized.Kind.HEADER_FIELD, lm.label(),
                        "header field '" + lm.label() + "' is not a known header field; kept as free text", f.span()));
            }
            i = Math.max(i + 1, f.endLine());
        }
        String frontMatterSlug = frontMatter(outline, fields);
        if (slug.isEmpty() && frontMatterSlug != null) slug = frontMatterSlug;
        return new PlanHeader(slug, titleText, fields, titleSpan);
    }

    private static String slugOf(String title) {
        String clean = HypothesisReader.clean(title);
        Matcher m = TITLE.matcher(clean);
        if (m.matches()) return m.group(1).strip();
        String name = beforeTestPlan(clean);
        return name != null ? name : clean;
    }

    /**
     * {@code Replicated KV — Test Plan}: the name before a trailing "test plan" / "testing plan" (an optional
     * {@code :—–-} before it), without leading punctuation or emoji; null when the title does not end so.
     * Read backwards from the end in code: as a regex ({@code (.+?)\s*[:—–-]?\s+test(?:ing)?\s+plan$}) every
     * candidate end of the name re-scanned the whitespace after it, cubic on a title of spaces.
     */
    static String beforeTestPlan(String title) {
        int end = title.length();
        if (!title.regionMatches(true, end - 4, "plan", 0, 4)) return null;
        int i = skipSpaceBack(title, end - 4);
        if (i == end - 4) return null;
        if (title.regionMatches(true, i - 7, "testing", 0, 7)) i -= 7;
        else if (title.regionMatches(true, i - 4, "test", 0, 4)) i -= 4;
        else return null;
        int j = skipSpaceBack(title, i);
        if (j == i) return null;
        if (j > 0 && ":—–-".indexOf(title.charAt(j - 1)) >= 0) j = skipSpaceBack(title, j - 1);
        int start = 0;
        while (start < j && !Character.isLetterOrDigit(title.codePointAt(start))) start += Character.charCount(title.codePointAt(start));
        return start < j ? title.substring(start, j).strip() : null;
    }

    private static int skipSpaceBack(String s, int i) {
        while (i > 0 && Character.isWhitespace(s.charAt(i - 1))) i--;
        return i;
    }

    /**
     * Header fields from a YAML front matter block ({@code date:}, {@code mode:}, {@code status:} …),
     * where a field is not also written in the body; returns its {@code slug} (or {@code title}), or null.
     */
    private static String frontMatter(MarkdownOutline outline, Map<String, Field> fields) {
        SourceLines lines = outline.lines;
        String slug = null;
        String title = null;
        for (int i = 1; i < outline.frontMatterEnd - 1; i++) {
            String t = FieldReader.text(lines, i);
            Matcher m = FRONT_MATTER_FIELD.matcher(t);
            if (!m.matches()) continue;
            String key = FieldReader.key(m.group(1).replace('_', ' ').replace('-', ' '));
            String value = m.group(2);
            if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"") || value.startsWith("'") && value.endsWith("'"))) {
                value = value.substring(1, value.length() - 1);
            }
            int start = lines.lineStart(i);
            int valueStart = start + m.start(2);
            Span span = lines.span(start, FieldReader.trimmedEnd(lines, i));
            Span valueSpan = lines.span(valueStart, valueStart + m.group(2).length());
            if (key.equals("slug")) slug = value;
            else if (key.equals("title")) title = value;
            String name = Labels.header(key);
            if (name != null) fields.putIfAbsent(name, new Field(name, m.group(1), value, span, valueSpan));
        }
        if (slug != null && !slug.isBlank()) return slug;
        return title == null || title.isBlank() ? null : slugOf(title);
    }
}
