package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads §7 scenario blocks: the heading, bold-label (or compact plain-label) fields, the §7.M and
 * §7.M.S blocks (level-4 headings, label lines or the not-applicable line), and {@code run} blocks.
 * Divergent bullet scenarios ({@code - **S1 `name`** (C1, C5; H1) -- …}) are read too.
 */
final class ScenarioReader {
    private ScenarioReader() {
    }

    // patterns compiled once: String.replaceFirst / matches / split compile theirs on every call
    private static final Pattern ONLY_DASHES = Pattern.compile("[-—–·.]+");
    private static final Pattern LEADING_COLON_DASH = Pattern.compile("^[:—–-]+\\s*");
    private static final Pattern LEADING_STOP_DASH = Pattern.compile("^[.:—–-]\\s*");
    private static final Pattern TRAILING_DOT = Pattern.compile("\\.$");
    private static final Pattern ARM_SEPARATORS = Pattern.compile("[,;\\n]");
    private static final Pattern LEADING_BULLET = Pattern.compile("^\\s*[-*+]\\s*");
    private static final Pattern ARM_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,40}");

    /**
     * {@code Scenario S1: name}, {@code S01 — name}, {@code S5/api: name}, and the forms agents add:
     * a leading emoji ({@code 🔥 S1 — name}), {@code Scenario 1 (S1): name}, {@code [S1] name}, {@code S1 · name},
     * a sub-section number ({@code 7.1 S1: name}).
     */
    static final Pattern HEADING = Pattern.compile(
            "^[^\\p{L}\\p{N}\\[]*(?:\\d{1,2}(?:\\.\\d{1,3})+\\.?\\s+)?\\[?(?:scenario\\s+(?:\\d{1,4}\\s*\\(\\s*(?=S\\d))?)?(S\\d{1,4}(?:/[A-Za-z0-9_.-]+)?)(?![\\w])"
                    + "\\s*[\\])]?\\s*(?:[:—–.)·|-]+\\s*)?(.*)$", Pattern.CASE_INSENSITIVE);
    private static final Pattern BULLET = Pattern.compile(
            "^\\s{0,3}[-*+]\\s+(?:\\*\\*|__)\\s*(S\\d{1,4}(?:/[A-Za-z0-9_.-]+)?)(?![\\w])\\s*+[:—–-]?\\s*+(.*?)(?:\\*\\*|__)\\s*+(.*)$");
    private static final Pattern NOT_APPLICABLE = Pattern.compile(
            "^\\s*+(?:[-*+]\\s++)?(?:\\*\\*|__)?\\s*+§?\\s*+7\\.M\\s*+(?:\\*\\*|__)?\\s*+[:—–-]?\\s*+(?:\\*\\*|__)?\\s*+"
                    + "(?:not\\s++applicable|n/a|not\\s++required|not\\s++needed)(?![\\w/])(.*)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern MARKER_7M = Pattern.compile("^\\s*+(?:[-*+]\\s++)?(?:#++\\s*+)?(?:\\*\\*|__)?\\s*+§?\\s*+7\\.M(?!\\.S)(?![\\w])", Pattern.CASE_INSENSITIVE);
    private static final Pattern MARKER_7MS = Pattern.compile("^\\s*+(?:[-*+]\\s++)?(?:#++\\s*+)?(?:\\*\\*|__)?\\s*+§?\\s*+7\\.M\\.S(?![\\w])", Pattern.CASE_INSENSITIVE);
    private static final Pattern PAREN = Pattern.compile("^\\(([^)]*)\\)");
    /** A paragraph that is only bold text, used as a heading: {@code **S1: reads_are_fresh**}. */
    private static final Pattern BOLD_HEADING = Pattern.compile("^\\s{0,3}(\\*\\*|__)(.+?)\\1\\s*:?\\s*$");
    /** Under a §7.M heading, a first line saying the block does not apply ({@code Not applicable — …}, {@code N/A (…)}). */
    private static final Pattern NA_BODY = Pattern.compile(
            "^\\s*+(?:[-*+]\\s++)?(?:\\*\\*|__|\\*|_)?\\s*+(not\\s++applicable|n/a)(?![\\w/])(.*)$", Pattern.CASE_INSENSITIVE);

    private enum Context { SCENARIO, SEVEN_M, SEVEN_MS }

    private static final Predicate<String> ANY_LABEL =
            k -> Labels.scenario(k) != null || Labels.sevenM(k) != null || Labels.sevenMS(k) != null;

    static List<Scenario> read(MarkdownOutline o, RunBlocks runBlocks, int from, int to,
                               Map<Integer, MarkdownOutline.HeadingBlock> headingAt, List<Unrecognized> unrecognized) {
        List<Scenario> out = new ArrayList<>();
        for (Region r : regions(o, from, to, headingAt)) {
            Scenario s = read(o, runBlocks, r, headingAt);
            Unrecognized note = noteOf(r, s);
            if (note != null) unrecognized.add(note);
            out.add(s);
        }
        return out;
    }

    /**
     * Where one scenario is written: lines {@code [line, end)}, as a heading, a bullet or a bold
     * line. Regions are found by one scan and read independently of each other, so a big plan's
     * can be read on two threads ({@link PlanParser}).
     */
    record Region(int line, int end, Form form) {
    }

    enum Form { HEADING, BULLET, BOLD_LINE }

    /** The scenario regions of lines {@code [from, to)}, in document order. */
    static List<Region> regions(MarkdownOutline o, int from, int to, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        List<int[]> starts = new ArrayList<>();   // {line, form ordinal}
        for (int i = from; i < to; i++) {
            if (o.kinds[i] == MarkdownOutline.LineKind.HEADING) {
                MarkdownOutline.HeadingBlock h = headingAt.get(i);
                Matcher hm = h != null && h.level() >= 2 ? HEADING.matcher(HypothesisReader.clean(h.text())) : null;
                // "### S1 — §7.M": the §7.M of S1 written as a sibling heading, not another scenario
                if (hm != null && hm.matches() && !opensSevenM(hm.group(2))) starts.add(new int[] {i, Form.HEADING.ordinal()});
            } else if (o.kinds[i] == MarkdownOutline.LineKind.TEXT) {
                String t = FieldReader.text(o.lines, i);
                if (isBulletScenario(t)) starts.add(new int[] {i, Form.BULLET.ordinal()});
                else if (boldHeading(t) != null) starts.add(new int[] {i, Form.BOLD_LINE.ordinal()});
            }
        }
        List<Region> out = new ArrayList<>(starts.size());
        Form[] forms = Form.values();
        for (int n = 0; n < starts.size(); n++) {
            int line = starts.get(n)[0];
            Form form = forms[starts.get(n)[1]];
            int end = n + 1 < starts.size() ? starts.get(n + 1)[0] : to;
            out.add(new Region(line, regionEnd(o, line, end, headingAt, form == Form.BULLET), form));
        }
        return out;
    }

    /** The scenario of one region. Reads only immutable state (outline, run blocks, headings), so any thread may. */
    static Scenario read(MarkdownOutline o, RunBlocks runBlocks, Region r, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        return switch (r.form()) {
            case BULLET -> readBullet(o, runBlocks, r.line(), r.end(), headingAt);
            case BOLD_LINE -> readBoldHeading(o, runBlocks, r.line(), r.end(), headingAt);
            case HEADING -> readHeading(o, runBlocks, r.line(), r.end(), headingAt);
        };
    }

    /** The note reading {@code r} adds to the plan: a bullet scenario is a divergent form; else null. */
    static Unrecognized noteOf(Region r, Scenario s) {
        if (r.form() != Form.BULLET) return null;
        return new Unrecognized(Unrecognized.Kind.DIVERGENT_FORM, s.id(),
                "scenario " + s.id() + " is written as a bullet, not a '### Scenario " + s.id() + ":' block; read what it says",
                s.headingSpan());
    }

    /**
     * Scenarios listed as table rows (divergent plans): a column of S-ids, the name from a
     * Name/Scenario/Title column, and every other column whose header is a scenario or §7.M label
     * read as that field ({@code | ID | Name | Falsifies | Closes | Checker |}).
     */
    static List<Scenario> fromTable(Table t) {
        List<Scenario> out = new ArrayList<>();
        if (t.hasColumn("verdict", "gap kind")) return out;   // a §5 coverage table keyed by scenario
        int idCol = HypothesisReader.idColumn(t, 'S');
        if (idCol < 0) return out;
        int nameCol = Table.columnIndex(t.headers(), "name", "scenario", "scenario name", "title");
        for (TableRow row : t.rows()) {
            if (row.cells().size() <= idCol) continue;
            List<String> ids = Ids.all(row.cells().get(idCol).text(), "S");
            if (ids.isEmpty()) continue;
            String id = ids.get(0);
            String name = nameCol >= 0 && nameCol != idCol && nameCol < row.cells().size() ? cleanName(row.cells().get(nameCol).text()) : "";
            Map<String, Field> fields = new LinkedHashMap<>();
            Map<String, Field> mFields = new LinkedHashMap<>();
            for (int c = 0; c < row.cells().size() && c < t.rawHeaders().size(); c++) {
                if (c == idCol || c == nameCol) continue;
                String label = t.rawHeaders().get(c).replace("*", "").strip();
                String key = FieldReader.key(label);
                Cell cell = row.cells().get(c);
                if (cell.text().isBlank() || ONLY_DASHES.matcher(cell.text().strip()).matches()) continue;   // "—": nothing said
                String sc = Labels.scenario(key);
                String m = sc == null ? Labels.sevenM(key) : null;
                if (sc != null) fields.putIfAbsent(sc, new Field(sc, label, cell.text(), cell.span(), cell.span()));
                else if (m != null) mFields.putIfAbsent(m, new Field(m, label, cell.text(), cell.span(), cell.span()));
            }
            Field f = fields.get("falsifies");
            Field c = fields.get("closes");
            List<String> falsifies = f == null ? List.of() : Ids.targets(f.value(), "CM");
            List<String> closes = c == null ? List.of() : Ids.targets(c.value(), "H");
            SevenM sevenM = mFields.isEmpty() ? SevenM.ABSENT : new SevenM(true, false, "", mFields, List.of(), row.span());
            String baseId = id.contains("/") ? id.substring(0, id.indexOf('/')) : id;
            String arm = id.contains("/") ? id.substring(id.indexOf('/') + 1) : null;
            out.add(new Scenario(id, baseId, arm, name, falsifies, closes, fields, List.of(), sevenM, SevenMS.ABSENT, List.of(),
                    List.of(), true, row.span(), row.span()));
        }
        return out;
    }

    private static boolean isBulletScenario(String t) {
        int s = t.indexOf("**S");
        if (s < 0) s = t.indexOf("__S");
        return s >= 0 && s < 12 && BULLET.matcher(t).matches();
    }

    /** A heading scenario ends at a level ≤ 3 heading or a rule; a bullet scenario at an outdented line too. */
    private static int regionEnd(MarkdownOutline o, int start, int limit, Map<Integer, MarkdownOutline.HeadingBlock> headingAt, boolean bullet) {
        for (int i = start + 1; i < limit; i++) {
            MarkdownOutline.LineKind k = o.kinds[i];
            if (k == MarkdownOutline.LineKind.RULE) return i;
            if (k == MarkdownOutline.LineKind.HEADING) {
                MarkdownOutline.HeadingBlock h = headingAt.get(i);
                if (h != null && (h.level() <= 3 || bullet)) {
                    if (!bullet && opensSevenM(h.text())) continue;   // "### §7.M for S1" belongs to the scenario above
                    return i;
                }
            }
            if (bullet && k == MarkdownOutline.LineKind.TEXT) {
                String t = FieldReader.text(o.lines, i);
                if (!t.isBlank() && FieldReader.indentOf(t) == 0 && !FieldReader.isBullet(t)) return i;
            }
        }
        return limit;
    }

    /** A heading that opens a §7.M or §7.M.S block (or says it does not apply). */
    private static boolean opensSevenM(String heading) {
        return MARKER_7M.matcher(heading).find() || MARKER_7MS.matcher(heading).find() || Builder.isSevenMTitle(heading)
                || Labels.isSevenMSMarker(FieldReader.key(heading)) || NOT_APPLICABLE.matcher(heading).find();
    }

    private static Scenario readHeading(MarkdownOutline o, RunBlocks runBlocks, int line, int end, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        MarkdownOutline.HeadingBlock h = headingAt.get(line);
        Matcher m = HEADING.matcher(HypothesisReader.clean(h.text()));
        m.matches();
        String id = m.group(1).toUpperCase(Locale.ROOT).charAt(0) + m.group(1).substring(1);
        String name = cleanName(m.group(2));
        Builder b = new Builder(o, runBlocks, id, name, line, Math.max(line + 1, h.endLine()) - 1);
        b.scan(Math.max(line + 1, h.endLine()), end, headingAt);
        return b.build(false, null);
    }

    /** The heading matcher of a bold-only line ({@code **Scenario S2 — name**}), or null. */
    private static Matcher boldHeading(String t) {
        int b = t.indexOf("**");
        if (b < 0) b = t.indexOf("__");
        if (b < 0 || b > 3 || t.indexOf('S', b) < 0) return null;
        Matcher m = BOLD_HEADING.matcher(t);
        if (!m.matches()) return null;
        Matcher h = HEADING.matcher(HypothesisReader.clean(m.group(2)));
        return h.matches() ? h : null;
    }

    private static Scenario readBoldHeading(MarkdownOutline o, RunBlocks runBlocks, int line, int end, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        Matcher m = boldHeading(FieldReader.text(o.lines, line));
        String id = m.group(1).toUpperCase(Locale.ROOT).charAt(0) + m.group(1).substring(1);
        Builder b = new Builder(o, runBlocks, id, cleanName(m.group(2)), line, line);
        b.scan(line + 1, end, headingAt);
        return b.build(false, null);
    }

    private static Scenario readBullet(MarkdownOutline o, RunBlocks runBlocks, int line, int end, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
        String t = FieldReader.text(o.lines, line);
        Matcher m = BULLET.matcher(t);
        m.matches();
        Builder b = new Builder(o, runBlocks, m.group(1), cleanName(m.group(2)), line, line);
        String rest = m.group(3).strip();
        b.scan(line + 1, end, headingAt);
        return b.build(true, rest);
    }

    private static final Pattern HEADING_CLAIMS = Pattern.compile(
            "(?i)[(\\[]\\s*+(?:falsifies\\s*+:?\\s*+)?((?:[CM]\\d{1,5}+\\s*+(?:[,;/&–-]|\\band\\b)?\\s*+)++)[)\\]]\\s*+$");
    private static final Pattern ATTRIBUTES = Pattern.compile("(?<!\\s)\\s*+\\{[#.][^{}]*+}\\s*+$");

    static String cleanName(String raw) {
        // "name {#s1}": a Pandoc / kramdown heading attribute is not part of the name
        String n = ATTRIBUTES.matcher(raw).replaceFirst("").replace("`", "").replace("**", "").replace("__", "").strip();
        return LEADING_COLON_DASH.matcher(n).replaceFirst("").strip();
    }

    private static final class Builder {
        final MarkdownOutline o;
        final RunBlocks runBlocks;
        final String id;
        final String name;
        final int first;
        int last;
        final int headingLast;
        final Map<String, Field> fields = new LinkedHashMap<>();
        final List<Field> unknown = new ArrayList<>();
        final Map<String, Field> mFields = new LinkedHashMap<>();
        final List<Field> mUnknown = new ArrayList<>();
        final Map<String, Field> sFields = new LinkedHashMap<>();
        final List<Field> sUnknown = new ArrayList<>();
        final List<RunBlock> runs = new ArrayList<>();
        boolean mPresent;
        boolean mNotApplicable;
        String mReason = "";
        int mFirst = -1;
        int mLast = -1;
        boolean sPresent;
        int sFirst = -1;
        int sLast = -1;

        Builder(MarkdownOutline o, RunBlocks runBlocks, String id, String name, int first, int headingLast) {
            this.o = o;
            this.runBlocks = runBlocks;
            this.id = id;
            this.name = name;
            this.first = first;
            this.last = headingLast;
            this.headingLast = headingLast;
        }

        void scan(int from, int to, Map<Integer, MarkdownOutline.HeadingBlock> headingAt) {
            Context ctx = Context.SCENARIO;
            int i = from;
            while (i < to) {
                MarkdownOutline.LineKind kind = o.kinds[i];
                if (kind == MarkdownOutline.LineKind.HEADING) {
                    MarkdownOutline.HeadingBlock h = headingAt.get(i);
                    String ht = h == null ? FieldReader.text(o.lines, i) : h.text();
                    if (NOT_APPLICABLE.matcher(ht).find()) {
                        notApplicable(ht, i);
                        ctx = Context.SCENARIO;
                    } else if (MARKER_7MS.matcher(ht).find() || Labels.isSevenMSMarker(FieldReader.key(ht))) {
                        ctx = Context.SEVEN_MS;
                        sPresent = true;
                        sFirst = sFirst < 0 ? i : sFirst;
                        sLast = Math.max(sLast, i);
                    } else if (MARKER_7M.matcher(ht).find() || isSevenMTitle(ht)) {
                        ctx = Context.SEVEN_M;
                        mPresent = true;
                        mFirst = mFirst < 0 ? i : mFirst;
                        mLast = Math.max(mLast, i);
                    } else {
                        ctx = Context.SCENARIO;
                    }
                    last = i;
                    i = h == null ? i + 1 : Math.max(i + 1, h.endLine());
                    continue;
                }
                if (kind == MarkdownOutline.LineKind.FENCE) {
                    MarkdownOutline.FenceBlock f = o.fenceAt(i);
                    if (f != null) {
                        if (RunBlocks.isRunInfo(f.info())) runs.add(runBlocks.get(f));
                        last = f.endLine() - 1;
                        i = f.endLine();
                    } else {
                        i++;
                    }
                    continue;
                }
                if (kind != MarkdownOutline.LineKind.TEXT) {
                    if (kind == MarkdownOutline.LineKind.TABLE) {
                        last = i;
                        MarkdownOutline.TableBlockRef ref = o.tableAt(i);
                        if (ref != null) ctx = fieldTable(ref, ctx);
                    }
                    i++;
                    continue;
                }
                String t = FieldReader.text(o.lines, i);   // a text line: fence and table lines need no line string
                if (t.isBlank()) {
                    i++;
                    continue;
                }
                last = i;
                boolean mentions7m = t.indexOf("7.M") >= 0 || t.indexOf("7.m") >= 0;
                if (mentions7m && NOT_APPLICABLE.matcher(t).find()) {
                    // a parenthesised reason may continue on the next lines: "(no gated claim …\n… constraint)."
                    StringBuilder line = new StringBuilder(t);
                    int j = i;
                    while (line.indexOf("(") >= 0 && line.indexOf(")") < 0 && j + 1 < to
                            && o.kinds[j + 1] == MarkdownOutline.LineKind.TEXT && !FieldReader.text(o.lines, j + 1).isBlank()) {
                        j++;
                        line.append(' ').append(FieldReader.text(o.lines, j).strip());
                    }
                    notApplicable(line.toString(), i);
                    mLast = Math.max(mLast, j);
                    last = j;
                    ctx = Context.SCENARIO;
                    i = j + 1;
                    continue;
                }
                FieldReader.LabelMatch lm = FieldReader.label(t, ANY_LABEL);
                boolean marker7ms = (mentions7m && MARKER_7MS.matcher(t).find()) || (lm != null && Labels.isSevenMSMarker(lm.key()));
                boolean marker7m = !marker7ms && ((mentions7m && MARKER_7M.matcher(t).find()) || (lm != null && Labels.isSevenMMarker(lm.key())));
                if (marker7ms) {
                    ctx = Context.SEVEN_MS;
                    sPresent = true;
                    sFirst = sFirst < 0 ? i : sFirst;
                    sLast = Math.max(sLast, i);
                    i++;
                    continue;
                }
                if (marker7m) {
                    ctx = Context.SEVEN_M;
                    mPresent = true;
                    mFirst = mFirst < 0 ? i : mFirst;
                    mLast = Math.max(mLast, i);
                    i++;
                    continue;
                }
                if (lm == null && ctx == Context.SEVEN_M && mFields.isEmpty() && !mNotApplicable) {
                    Matcher na = NA_BODY.matcher(t);
                    if (na.matches()) {
                        notApplicable("§7.M: not applicable" + na.group(2), i);
                        ctx = Context.SCENARIO;
                        i++;
                        continue;
                    }
                }
                FieldReader.RawField definition = lm == null ? FieldReader.definition(o, i, to, ANY_LABEL) : null;
                if (lm == null && definition == null) {
                    i++;
                    continue;
                }
                String labelKey = lm != null ? lm.key() : definition.key();
                Context target = resolve(ctx, labelKey);
                String canonical = target == null ? null : canonical(target, labelKey);
                boolean skeleton = "skeleton".equals(canonical);
                FieldReader.RawField f = lm != null ? FieldReader.read(o, i, to, lm, skeleton, ANY_LABEL) : definition;
                if (target == null) {
                    if (lm != null && lm.bold() && lm.indent() <= 3) {
                        Field uf = f.toField(lm.key());
                        switch (ctx) {
                            case SEVEN_M -> mUnknown.add(uf);
                            case SEVEN_MS -> sUnknown.add(uf);
                            default -> unknown.add(uf);
                        }
                    }
                } else {
                    put(target, f.toField(canonical), i, f.endLine() - 1);
                    if (f.fence() != null && RunBlocks.isRunInfo(f.fence().info())) runs.add(runBlocks.get(f.fence()));
                }
                last = Math.max(last, f.endLine() - 1);
                i = Math.max(i + 1, f.endLine());
            }
        }

        /** Keeps a known field (the first of its name wins) in the scenario, its §7.M or its §7.M.S. */
        private void put(Context target, Field field, int firstLine, int lastLine) {
            switch (target) {
                case SEVEN_M -> {
                    mFields.putIfAbsent(field.name(), field);
                    mPresent = true;
                    mFirst = mFirst < 0 ? firstLine : mFirst;
                    mLast = Math.max(mLast, lastLine);
                }
                case SEVEN_MS -> {
                    sFields.putIfAbsent(field.name(), field);
                    sPresent = true;
                    sFirst = sFirst < 0 ? firstLine : sFirst;
                    sLast = Math.max(sLast, lastLine);
                }
                default -> fields.putIfAbsent(field.name(), field);
            }
        }

        /**
         * A table of fields ({@code | Checker | session |}) inside the scenario or its §7.M: each row
         * whose first cell is a known label is read as that field. Returns the context after it.
         */
        private Context fieldTable(MarkdownOutline.TableBlockRef ref, Context ctx) {
            Table table = TableReader.read(ref, o.lines);
            for (KeyValueTable.Entry e : KeyValueTable.read(table, o.lines, k -> ANY_LABEL.test(k) ? k : null)) {
                if (e.canonical() == null) continue;
                String key = e.canonical();
                Context target = resolve(ctx, key);
                String canonical = target == null ? null : canonical(target, key);
                if (canonical == null) continue;
                int line = e.field().span().startLine() - 1;
                put(target, new Field(canonical, e.label(), e.field().value(), e.field().span(), e.field().valueSpan()), line, line);
                last = Math.max(last, line);
            }
            return ctx;
        }

        private static boolean isSevenMTitle(String heading) {
            String k = FieldReader.key(heading);
            // "Checker discipline (§7.M)": the marker need not lead
            return k.contains("model history and checker") || k.contains("model history checker")
                    || (k.contains("7.m") && !k.contains("7.m.s"));
        }

        private void notApplicable(String t, int line) {
            Matcher m = NOT_APPLICABLE.matcher(t);
            String reason = m.find() ? m.group(1) : "";
            reason = reason.replace("**", "").strip();
            reason = LEADING_STOP_DASH.matcher(reason).replaceFirst("").strip();
            if (reason.startsWith("(") && reason.endsWith(")")) reason = reason.substring(1, reason.length() - 1);
            else if (reason.startsWith("(") && reason.endsWith(").")) reason = reason.substring(1, reason.length() - 2);
            reason = TRAILING_DOT.matcher(reason).replaceFirst("").strip();
            mPresent = true;
            mNotApplicable = true;
            mReason = reason;
            mFirst = mFirst < 0 ? line : mFirst;
            mLast = Math.max(mLast, line);
        }

        private static Context resolve(Context ctx, String key) {
            boolean sc = Labels.scenario(key) != null;
            boolean m = Labels.sevenM(key) != null;
            boolean s = Labels.sevenMS(key) != null;
            return switch (ctx) {
                case SEVEN_M -> m ? Context.SEVEN_M : sc ? Context.SCENARIO : s ? Context.SEVEN_MS : null;
                case SEVEN_MS -> s ? Context.SEVEN_MS : sc ? Context.SCENARIO : m ? Context.SEVEN_M : null;
                default -> sc ? Context.SCENARIO : m ? Context.SEVEN_M : s ? Context.SEVEN_MS : null;
            };
        }

        private static String canonical(Context c, String key) {
            return switch (c) {
                case SEVEN_M -> Labels.sevenM(key);
                case SEVEN_MS -> Labels.sevenMS(key);
                default -> Labels.scenario(key);
            };
        }

        Scenario build(boolean bullet, String bulletRest) {
            SourceLines lines = o.lines;
            List<String> falsifies;
            List<String> closes;
            Field f = fields.get("falsifies");
            Field c = fields.get("closes");
            falsifies = f == null ? List.of() : Ids.targets(f.value(), "CM");
            closes = c == null ? List.of() : Ids.targets(c.value(), "H");
            if (f == null && falsifies.isEmpty()) {
                // "### S2 — writes_survive_crash (C2)" / "(falsifies C2, C4)": claims named in the heading
                Matcher h = HEADING_CLAIMS.matcher(name);
                if (h.find()) falsifies = Ids.all(h.group(1), "CM");
            }
            if (bullet && bulletRest != null) {
                Matcher p = PAREN.matcher(bulletRest);
                if (p.find()) {
                    if (falsifies.isEmpty()) falsifies = Ids.all(p.group(1), "CM");
                    if (closes.isEmpty()) closes = Ids.all(p.group(1), "H");
                }
            }
            SevenM sevenM = mPresent
                    ? new SevenM(true, mNotApplicable, mReason, mFields, mUnknown,
                    lines.span(lines.lineStart(mFirst), FieldReader.trimmedEnd(lines, Math.max(mFirst, mLast))))
                    : SevenM.ABSENT;
            String baseId = id.contains("/") ? id.substring(0, id.indexOf('/')) : id;
            String arm = id.contains("/") ? id.substring(id.indexOf('/') + 1) : null;
            SevenMS sevenMS = SevenMS.ABSENT;
            if (sPresent) {
                Field armsField = sFields.get("arms");
                List<String> arms = new ArrayList<>();
                if (armsField != null) {
                    arms.addAll(Ids.all(armsField.value(), "S").stream().filter(a -> a.contains("/")).toList());
                    if (arms.isEmpty()) {
                        for (String part : ARM_SEPARATORS.split(armsField.value())) {
                            String p = LEADING_BULLET.matcher(part.replace("`", "")).replaceFirst("").strip();
                            if (ARM_NAME.matcher(p).matches() && !p.equalsIgnoreCase("none")) arms.add(baseId + "/" + p);
                        }
                    }
                }
                sevenMS = new SevenMS(true, sFields, sUnknown, arms,
                        lines.span(lines.lineStart(sFirst), FieldReader.trimmedEnd(lines, Math.max(sFirst, sLast))));
            }
            Span heading = lines.span(lines.lineStart(first), FieldReader.trimmedEnd(lines, headingLast));
            Span span = lines.span(lines.lineStart(first), FieldReader.trimmedEnd(lines, Math.max(first, last)));
            return new Scenario(id, baseId, arm, name, falsifies, closes, fields, unknown, sevenM, sevenMS,
                    sevenMS.arms(), runs, bullet, heading, span);
        }
    }
}
