package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a plan's Markdown into a {@link Plan}. Tolerant by design: sections are found by number
 * or keywords, tables by column name, and anything not understood is kept and listed in
 * {@link Plan#unrecognized()}. {@link #parse} never throws.
 */
public final class PlanParser {

    private static final Pattern EXPLICIT_EMPTY = Pattern.compile(
            "(?i)\\b(none|no missing|no gaps?|nothing|n/a|not applicable|explicitly empty|appear(s)? aligned|are aligned|"
                    + "no residual|no known|no open|no additional|no new|empty|"
                    + "(?:did not|didn't|do not|don't|could not|couldn't)\\s+(?:find|discover|identify|see|uncover))\\b");
    private static final Pattern PLACEHOLDER = Pattern.compile("(?is)^(?:\\W*+(?:tbd|todo|tba|fill ?me)\\W*+|(?=\\W*+$).*?(?:\\.\\.\\.|…).*)$");
    private static final Pattern LIST_ITEM = Pattern.compile("^(\\s{0,3})(?:[-*+]|\\d{1,3}[.)])\\s+(.*)$");

    private final String text;
    private final SourceLines lines;
    private final MarkdownOutline outline;
    private final RunBlocks runBlocks;
    private final Map<Integer, MarkdownOutline.HeadingBlock> headingAt = new HashMap<>();
    private final List<Unrecognized> unrecognized = new ArrayList<>();
    private final List<Table> tables = new ArrayList<>();
    private final List<Integer> tableLines = new ArrayList<>();

    /** A section with its line range (0-based, end exclusive). */
    private record Range(Section section, int start, int bodyStart, int end) {
    }

    private final List<Range> ranges = new ArrayList<>();

    /** Section ids by heading text (null: not a section): the section level and the sections ask of the same headings, and big plans repeat them. */
    private final Map<String, String> sectionIds = new HashMap<>();

    private String sectionId(String heading) {
        if (sectionIds.containsKey(heading)) return sectionIds.get(heading);
        String id = SectionIds.identify(heading);
        sectionIds.put(heading, id);
        return id;
    }

    /** The scenarios may be read on a second thread (false: tests compare with reading in line). */
    private final boolean scenarioThread;

    private PlanParser(String text, boolean scenarioThread, boolean mayHoldNoBreakSpace) {
        this.text = text;
        this.scenarioThread = scenarioThread;
        this.lines = structuralLines(text, mayHoldNoBreakSpace);
        this.outline = new MarkdownOutline(lines);
        outline.normaliseSectionLevel(this::sectionId, HeaderReader::isTitle);
        runBlocks = RunBlocks.of(outline);   // first: a big plan's run blocks are read ahead while the rest is parsed
        for (MarkdownOutline.HeadingBlock h : outline.headings) headingAt.put(h.line(), h);
        for (MarkdownOutline.TableBlockRef ref : outline.tables) {
            tables.add(TableReader.read(ref, lines));
            tableLines.add(ref.line());
        }
    }

    /**
     * The text the structure is read from. No-break spaces (pasted from rendered docs, emitted by
     * some agents) act as spaces: "##\u00a07. Scenarios" is a heading, "-\u00a0**Falsifies:**" a
     * field. Blockquote markers act as indentation, so a §7.M or a field list written as a callout
     * ({@code > - **Checker:** …}) reads like the plain one. Every replacement is one char for one
     * char, so every offset and span still fits the original text.
     */
    static String structural(String text) {
        return structuralLines(text).text();
    }

    /**
     * {@link #structural} with its line starts: the walk from line start to line start that finds
     * the replacements also finds the starts, so the plan's {@link SourceLines} need no walk of
     * their own (replacements are never newlines, so the starts are the text's).
     */
    static SourceLines structuralLines(String text) {
        return structuralLines(text, true);
    }

    /**
     * @param mayHoldNoBreakSpace false when the text is known to hold none (its file's bytes were
     *                            scanned for them, {@link Utf8Scan}): two passes over the text saved
     */
    static SourceLines structuralLines(String text, boolean mayHoldNoBreakSpace) {
        // Only line starts and the two no-break spaces matter, so the text is visited by indexOf (a
        // tight loop over its bytes) rather than char by char: a 10 MB plan spent a tenth of its lint
        // in a charAt loop here.
        char[] c = null;
        for (char nbsp : mayHoldNoBreakSpace ? new char[] {'\u00a0', '\u202f'} : new char[0]) {
            for (int i = text.indexOf(nbsp); i >= 0; i = text.indexOf(nbsp, i + 1)) {
                if (c == null) c = text.toCharArray();
                c[i] = ' ';
            }
        }
        int[] starts = new int[Math.max(16, text.length() / 40)];
        int count = 0;
        char fence = 0;   // inside a fenced block (its marker char): quotes there are code, left alone
        int n = text.length();
        for (int start = 0; ; ) {
            if (count == starts.length) starts = java.util.Arrays.copyOf(starts, starts.length * 2);
            starts[count++] = start;
            int indent = 0;
            for (int i = start; i < n; i++) {
                char x = text.charAt(i);
                if (x == '`' || x == '~') {
                    if (text.startsWith(x == '`' ? "```" : "~~~", i)) fence = fence == 0 ? x : fence == x ? 0 : fence;
                    break;
                }
                boolean replace = x == '\u00a0' || x == '\u202f' || (x == '>' && indent <= 3 && fence == 0);
                if (replace) {
                    if (c == null) c = text.toCharArray();
                    c[i] = ' ';
                }
                if (x == ' ' || x == '\t' || replace) indent++;
                else break;
            }
            int nl = text.indexOf('\n', start);
            if (nl < 0) break;
            start = nl + 1;
        }
        return new SourceLines(c == null ? text : new String(c), starts, count);
    }

    /** Parses plan text. Never throws: on an internal failure the result is an empty projection plus a note. */
    public static Plan parse(String text) {
        return parse(text, true, true);
    }

    /** @param scenarioThread a big plan's scenarios may be read on a second thread (the plan is the same either way) */
    static Plan parse(String text, boolean scenarioThread) {
        return parse(text, scenarioThread, true);
    }

    /** @param mayHoldNoBreakSpace false when the text is known to hold no U+00A0 or U+202F */
    static Plan parse(String text, boolean scenarioThread, boolean mayHoldNoBreakSpace) {
        String t = text == null ? "" : text;
        PlanParser parser = null;
        try {
            parser = new PlanParser(t, scenarioThread, mayHoldNoBreakSpace);
            return parser.run();
        } catch (RuntimeException | StackOverflowError e) {
            SourceLines l = new SourceLines(t);
            return new Plan(t, l, new PlanHeader("", "", Map.of(), Span.NONE), List.of(), List.of(), null, List.of(), false,
                    null, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), false, Confidence.ABSENT,
                    List.of(), List.of(), List.of(),
                    List.of(new Unrecognized(Unrecognized.Kind.PARSER, "", "the plan could not be read past an internal error ("
                            + e.getClass().getSimpleName() + "); it is shown as text only", l.span(0, 0))), List.of());
        } finally {
            if (parser != null) parser.runBlocks.close();
        }
    }

    private Plan run() {
        int titleLine = findSections();
        // The scenarios (with their run blocks the largest part of a big plan) depend only on the outline and the
        // sections: in a big plan they are read on a second thread while the other sections are read here. Their
        // notes are kept apart and added where reading them in line would have added them, so the plan is the same.
        List<Range> s7 = rangesOf("7");
        List<ScenarioReader.Region> regions = scenarioRegions(s7);
        SharedWork<Scenario> scenarioReads = SharedWork.start("falsify-scenarios", regions.size(),
                scenarioThread && lines.lineCount() >= PARALLEL_MIN_LINES,
                i -> ScenarioReader.read(outline, runBlocks, regions.get(i), headingAt));
        PlanHeader header = readHeader(titleLine);

        List<Claim> claims = new ArrayList<>();
        Table claimsTable = null;
        java.util.Set<String> earlierTables = new java.util.HashSet<>();
        for (Range r : rangesOf("1b")) {
            // every claims table of the section: plans split claims into documented / inferred or per-subsystem tables.
            // An id already defined by an earlier table is a reference (claims repeated in an appendix, a summary
            // table); a duplicate inside one table stays a duplicate (P002).
            for (Table t : tablesIn(r)) {
                List<Claim> found = ClaimReader.claims(t, unrecognized).stream()
                        .filter(c -> !earlierTables.contains(PlanId.key(c.id()))).toList();
                for (Claim c : found) earlierTables.add(PlanId.key(c.id()));
                if (!found.isEmpty()) {
                    claims.addAll(found);
                    if (claimsTable == null) claimsTable = t;
                }
            }
        }
        // the keys of the claims read so far, kept across the sections (rebuilt per section it was sections x claims:
        // a 10 MB plan of 250 §1b sections keyed 700,000 ids here)
        java.util.Set<String> claimKeys = new java.util.HashSet<>();
        for (Claim c : claims) claimKeys.add(PlanId.key(c.id()));
        for (Range r : rangesOf("1b")) {
            // claims written as list items: the whole §1b, or extra claims after its table
            List<Claim> found = ClaimReader.fromList(outline, r.bodyStart(), r.end(), unrecognized).stream()
                    .filter(c -> !claimKeys.contains(PlanId.key(c.id()))).toList();
            for (Claim c : found) claimKeys.add(PlanId.key(c.id()));
            if (!found.isEmpty()) {
                claims.addAll(found);
                unrecognized.add(new Unrecognized(Unrecognized.Kind.FIELD, "claims",
                        "claims are written as a list, not a table; read from the list items", found.get(0).span()));
            }
        }
        if (claims.isEmpty()) {
            for (int k = 0; k < tables.size(); k++) {
                Table t = tables.get(k);
                // a table of another known section (§5 coverage keyed by claim, §7b, §7c) is not a claims table
                if (inKnownSection(tableLines.get(k))) continue;
                if (HypothesisReader.idColumn(t, 'C') < 0) continue;
                List<Claim> found = ClaimReader.claims(t, unrecognized);
                if (!found.isEmpty()) {
                    claims.addAll(found);
                    claimsTable = t;
                    unrecognized.add(new Unrecognized(Unrecognized.Kind.DIVERGENT_FORM, "claims",
                            "claims were found in a table outside §1b (line " + t.span().startLine() + ")", t.span()));
                    break;
                }
            }
        }

        List<MissingClaim> missing = new ArrayList<>();
        boolean missingEmpty = false;
        for (Range r : rangesOf("1c")) {
            for (Table t : tablesIn(r)) missing.addAll(ClaimReader.missingClaims(t));
            if (missing.isEmpty()) missing.addAll(ListRows.missingClaims(bullets(r)));
            if (missing.isEmpty() && explicitlyEmpty(r)) missingEmpty = true;
        }

        Table inventory = null;
        for (Range r : rangesOf("3")) {
            List<Table> ts = tablesIn(r);
            if (!ts.isEmpty()) {
                inventory = ts.get(0);
                break;
            }
        }

        List<Hypothesis> hypotheses = new ArrayList<>();
        List<Range> h4 = rangesOf("4");
        if (!h4.isEmpty()) {
            // the ids read so far, kept across the sections (rebuilt per section it was sections x hypotheses)
            java.util.Set<String> known = new java.util.HashSet<>();
            for (Range r : h4) {
                List<Hypothesis> read = HypothesisReader.read(outline, r.bodyStart(), r.end(), headingAt);
                hypotheses.addAll(read);
                for (Hypothesis h : read) known.add(PlanId.key(h.id()));
                hypothesisTables(tablesIn(r), hypotheses, known, true);
            }
        } else {
            hypotheses.addAll(HypothesisReader.read(outline, 0, lines.lineCount(), headingAt));
            if (hypotheses.isEmpty()) hypothesisTables(tables, hypotheses, new java.util.HashSet<>(), false);
            if (!hypotheses.isEmpty()) {
                unrecognized.add(new Unrecognized(Unrecognized.Kind.DIVERGENT_FORM, "hypotheses",
                        "hypotheses were found outside a §4 section", hypotheses.get(0).headingSpan()));
            }
        }

        List<CoverageRow> coverage = new ArrayList<>();
        for (Range r : rangesOf("5")) for (Table t : tablesIn(r)) coverage.addAll(RowReader.coverage(t));

        List<RequirementRow> requirements = new ArrayList<>();
        for (Range r : rangesOf("6b")) {
            for (Table t : tablesIn(r)) requirements.addAll(RowReader.requirements(t));
            if (requirements.isEmpty()) requirements.addAll(ListRows.requirements(bullets(r)));
        }

        List<Scenario> scenarios = joinScenarios(regions, scenarioReads);
        if (scenarios.isEmpty()) {
            // scenarios only as table rows: §7's tables, or any table when there is no §7
            List<Table> candidates = new ArrayList<>();
            if (s7.isEmpty()) candidates.addAll(tables);
            for (Range r : s7) candidates.addAll(tablesIn(r));
            for (Table t : candidates) {
                List<Scenario> found = ScenarioReader.fromTable(t);
                if (found.isEmpty()) continue;
                scenarios.addAll(found);
                unrecognized.add(new Unrecognized(Unrecognized.Kind.DIVERGENT_FORM, "scenarios",
                        "scenarios are table rows, not '### Scenario S1:' blocks (line " + t.span().startLine() + "); read what the columns say",
                        t.span()));
                break;
            }
        }
        scenarios = withArms(scenarios);

        List<AdequacyRow> adequacy = new ArrayList<>();
        for (Range r : rangesOf("7b")) for (Table t : tablesIn(r)) adequacy.addAll(RowReader.adequacy(t));

        List<ResidualRow> residual = new ArrayList<>();
        boolean residualEmpty = false;
        for (Range r : rangesOf("7c")) {
            for (Table t : tablesIn(r)) residual.addAll(RowReader.residual(t));
            if (residual.isEmpty()) residual.addAll(ListRows.residual(bullets(r)));
            if (residual.isEmpty() && explicitlyEmpty(r)) residualEmpty = true;
            if (residual.isEmpty() && !residualEmpty) {
                // "The only residual uncertainty is whether …": a paragraph (or bullets) naming no id is still content
                for (BulletItem b : bullets(r)) {
                    String t = b.text().replace("*", "").replace("_", " ").strip();
                    if (PLACEHOLDER.matcher(t).matches() || words(t) < 4) continue;
                    residual.add(new ResidualRow(Ids.all(b.text(), "CHMS"), b.text(),
                            new TableRow(List.of("uncertainty"), List.of(new Cell(b.text(), b.span())), b.span(), false)));
                }
            }
        }

        Confidence confidence = Confidence.ABSENT;
        for (Range r : rangesOf("7d")) {
            List<Table> ts = tablesIn(r);
            confidence = new Confidence(prose(r), r.section().bodySpan(), ts.isEmpty() ? null : ts.get(0));
            break;
        }

        List<BulletItem> notCovered = new ArrayList<>();
        for (Range r : rangesOf("8")) notCovered.addAll(bullets(r));
        List<BulletItem> open = new ArrayList<>();
        for (Range r : rangesOf("9")) open.addAll(bullets(r));

        List<Section> sections = ranges.stream().map(Range::section).toList();
        return new Plan(text, lines, header, sections, claims, claimsTable, missing, missingEmpty, inventory, hypotheses,
                coverage, requirements, scenarios, adequacy, residual, residualEmpty, confidence, notCovered, open, tables,
                unrecognized, filesTouched());
    }

    /** From this many lines on, the scenarios are read on a second thread (a plan of a few thousand lines parses in milliseconds). */
    static final int PARALLEL_MIN_LINES = 20_000;

    /** Where the scenarios are written: in the §7 sections, or anywhere when there is none. */
    private List<ScenarioReader.Region> scenarioRegions(List<Range> s7) {
        if (s7.isEmpty()) return ScenarioReader.regions(outline, 0, lines.lineCount(), headingAt);
        List<ScenarioReader.Region> out = new ArrayList<>();
        for (Range r : s7) out.addAll(ScenarioReader.regions(outline, r.bodyStart(), r.end(), headingAt));
        return out;
    }

    /**
     * The scenarios of {@code regions} in document order, their notes added as reading them in line
     * adds them. This thread takes the regions the helper has not claimed yet, from the last one
     * back, so neither thread idles while the other reads the rest; a failure is rethrown for the
     * first region (in document order) that failed, as reading in line would.
     */
    private List<Scenario> joinScenarios(List<ScenarioReader.Region> regions, SharedWork<Scenario> reads) {
        int n = regions.size();
        Scenario[] read = new Scenario[n];
        Throwable[] failed = new Throwable[n];
        for (int i = n - 1; i >= 0; i--) {
            try {
                read[i] = reads.get(i);
            } catch (RuntimeException | StackOverflowError e) {
                failed[i] = e;
            }
        }
        List<Scenario> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (failed[i] instanceof RuntimeException e) throw e;
            if (failed[i] instanceof StackOverflowError e) throw e;
            Unrecognized note = ScenarioReader.noteOf(regions.get(i), read[i]);
            if (note != null) unrecognized.add(note);
            out.add(read[i]);
        }
        return out;
    }

    private List<FileTouched> filesTouched() {
        List<FileTouched> out = new ArrayList<>();
        for (Range r : rangesOf("1")) out.addAll(FilesTouchedReader.read(outline, r.bodyStart(), r.end(), tablesIn(r)));
        return out;
    }

    /**
     * @param inSection4 the tables are §4's: a table there with a "Could falsify" column is the
     *                   plan's own way of listing hypotheses (noted, not divergent); any other
     *                   hypothesis table ({@code (->C1)} references, outside §4) is a divergent form
     */
    /** Adds the hypotheses of {@code candidates} whose ids are not in {@code known} (the keys of {@code into}), then adds theirs. */
    private void hypothesisTables(List<Table> candidates, List<Hypothesis> into, java.util.Set<String> known, boolean inSection4) {
        List<Hypothesis> added = new ArrayList<>();
        for (Table t : candidates) {
            List<Hypothesis> found = HypothesisReader.fromTable(t, null).stream().filter(h -> !known.contains(PlanId.key(h.id()))).toList();
            added.addAll(found);
            if (!found.isEmpty()) {
                into.addAll(found);
                // a §4 pitfall walk whose hypothesis cells carry their claims ("H1 … (->C1)") is the plan's own layout too
                boolean tabulated = inSection4 && (t.hasColumn("could falsify", "falsifies", "could regress", "claims", "claim", "threatens")
                        || HypothesisReader.hypothesisColumn(t) >= 0);
                unrecognized.add(new Unrecognized(tabulated ? Unrecognized.Kind.FIELD : Unrecognized.Kind.DIVERGENT_FORM, "hypotheses",
                        "hypotheses were read from a table (line " + t.span().startLine() + ")", t.span()));
            }
        }
        for (Hypothesis h : added) known.add(PlanId.key(h.id()));
    }

    /** Finds the title line and the sections; returns the title heading's line or -1. */
    private int findSections() {
        int titleLine = -1;
        List<MarkdownOutline.HeadingBlock> boundaries = new ArrayList<>();
        for (MarkdownOutline.HeadingBlock h : outline.headings) {
            if (h.level() == 1 && titleLine < 0 && boundaries.isEmpty()) {
                titleLine = h.line();
                continue;
            }
            boolean scenarioHeading = h.level() == 2 && !boundaries.isEmpty()
                    && ScenarioReader.HEADING.matcher(HypothesisReader.clean(h.text())).matches();
            if (scenarioHeading) continue;   // "## Scenario S1: …" is read as a scenario of §7, not a section
            if (h.level() <= 2 || (h.level() == 3 && SectionIds.hasLetteredNumber(h.text()))) boundaries.add(h);
        }
        for (int n = 0; n < boundaries.size(); n++) {
            MarkdownOutline.HeadingBlock h = boundaries.get(n);
            int end = n + 1 < boundaries.size() ? boundaries.get(n + 1).line() : lines.lineCount();
            String id = sectionId(h.text());
            int bodyStart = Math.min(Math.max(h.endLine(), h.line() + 1), end);
            Span headingSpan = lines.span(lines.lineStart(h.line()), FieldReader.trimmedEnd(lines, h.endLine() - 1));
            int lastLine = Math.max(h.line(), end - 1);
            Span span = lines.span(lines.lineStart(h.line()), lines.lineEnd(lastLine));
            Span body = bodyStart < end ? lines.span(lines.lineStart(bodyStart), lines.lineEnd(lastLine))
                    : lines.span(headingSpan.endOffset(), headingSpan.endOffset());
            Section s = new Section(id, h.text(), h.level(), headingSpan, span, body);
            ranges.add(new Range(s, h.line(), bodyStart, end));
            if (id == null) {
                unrecognized.add(new Unrecognized(Unrecognized.Kind.SECTION, h.text(),
                        "section '" + h.text() + "' is not a plan section; kept as free text", headingSpan));
            }
        }
        return titleLine;
    }

    private PlanHeader readHeader(int titleLine) {
        MarkdownOutline.HeadingBlock title = titleLine >= 0 ? headingAt.get(titleLine) : null;
        int from = title == null ? outline.frontMatterEnd : title.endLine();
        int to = ranges.isEmpty() ? Math.min(lines.lineCount(), from + 60) : ranges.get(0).start();
        List<Table> headerTables = new ArrayList<>();
        for (int t = 0; t < tables.size(); t++) {
            int l = tableLines.get(t);
            if (l >= from && l < to) headerTables.add(tables.get(t));
        }
        return HeaderReader.read(outline, title, from, to, headerTables, unrecognized);
    }

    private List<Scenario> withArms(List<Scenario> scenarios) {
        Map<String, List<String>> armsByBase = new LinkedHashMap<>();
        for (Scenario s : scenarios) {
            if (s.arm() != null) armsByBase.computeIfAbsent(PlanId.key(s.baseId()), k -> new ArrayList<>()).add(s.id());
        }
        if (armsByBase.isEmpty()) return scenarios;
        List<Scenario> out = new ArrayList<>(scenarios.size());
        for (Scenario s : scenarios) {
            List<String> found = s.arm() == null ? armsByBase.get(PlanId.key(s.id())) : null;
            if (found == null) {
                out.add(s);
                continue;
            }
            List<String> arms = new ArrayList<>(s.arms());
            for (String a : found) if (arms.stream().noneMatch(x -> PlanId.key(x).equals(PlanId.key(a)))) arms.add(a);
            out.add(new Scenario(s.id(), s.baseId(), s.arm(), s.name(), s.falsifies(), s.closes(), s.fields(),
                    s.unknownFields(), s.sevenM(), s.sevenMS(), arms, s.runBlocks(), s.bulletForm(), s.headingSpan(), s.span()));
        }
        return out;
    }

    private boolean inKnownSection(int line) {
        for (Range r : ranges) if (line >= r.start() && line < r.end()) return r.section().id() != null;
        return false;
    }

    private List<Range> rangesOf(String id) {
        List<Range> out = new ArrayList<>(1);
        for (Range r : ranges) if (id.equals(r.section().id())) out.add(r);
        return out;
    }

    private List<Table> tablesIn(Range r) {
        // tables are in document order: a binary search for the first, not a scan of all tables per section
        int lo = 0;
        int hi = tables.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tableLines.get(mid) < r.bodyStart()) lo = mid + 1;
            else hi = mid;
        }
        List<Table> out = new ArrayList<>();
        for (int i = lo; i < tables.size() && tableLines.get(i) < r.end(); i++) out.add(tables.get(i));
        return out;
    }

    /** The section's prose: text lines outside tables, fences and headings. */
    private String prose(Range r) {
        StringBuilder sb = new StringBuilder();
        for (int i = r.bodyStart(); i < r.end(); i++) {
            if (!outline.isText(i)) continue;
            String t = FieldReader.text(lines, i).strip();
            if (t.isEmpty()) {
                if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') sb.append('\n');
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') sb.append(' ');
            sb.append(t);
        }
        return sb.toString().strip();
    }

    private boolean explicitlyEmpty(Range r) {
        String p = prose(r).replace("*", "").replace("_", " ");   // "_None._", "**None**"
        if (p.isBlank() || PLACEHOLDER.matcher(p).matches()) return false;
        return EXPLICIT_EMPTY.matcher(p).find();
    }

    private List<BulletItem> bullets(Range r) {
        List<BulletItem> out = new ArrayList<>();
        int i = r.bodyStart();
        while (i < r.end()) {
            if (!outline.isText(i)) {
                i++;
                continue;
            }
            String t = FieldReader.text(lines, i);
            Matcher m = LIST_ITEM.matcher(t);
            if (!m.matches()) {
                i++;
                continue;
            }
            StringBuilder sb = new StringBuilder(m.group(2).strip());
            int last = i;
            int j = i + 1;
            while (j < r.end() && outline.isText(j)) {
                String n = FieldReader.text(lines, j);
                if (n.isBlank()) break;
                Matcher nm = LIST_ITEM.matcher(n);
                if (nm.matches()) break;
                sb.append(' ').append(n.strip());
                last = j;
                j++;
            }
            out.add(new BulletItem(sb.toString(), lines.span(lines.lineStart(i) + m.group(1).length(), FieldReader.trimmedEnd(lines, last))));
            i = j;
        }
        if (out.isEmpty()) {
            String p = prose(r);
            if (!p.isBlank()) out.add(new BulletItem(p, r.section().bodySpan()));
        }
        return out;
    }

    private static int words(String s) {
        int n = 0;
        Matcher m = WORD.matcher(s);
        while (m.find()) n++;
        return n;
    }

    private static final Pattern WORD = Pattern.compile("\\p{L}{2,}+");

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
