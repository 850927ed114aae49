package dev.falsify.catalog.walk;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.Pitfall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plan's pitfall walk: for every catalog pitfall, whether it applies (y / n / maybe) and the
 * hypothesis it produced, written into §4 as the optional pitfall-walk table.
 *
 * <p>{@link #forPlan} starts from what the plan already says: an existing pitfall-walk table (found by
 * its "Pitfall" and "Applies" columns, anywhere in §4) and the {@code Pitfall row} fields of §4's
 * hypotheses — a pitfall a hypothesis names applies, and that hypothesis is what it produced. Rows the
 * author wrote for pitfalls the catalog does not have are kept, after the catalog's.
 */
public final class PitfallWalk {
    static final String INTRO = "**Pitfall walk** — each catalog pitfall, whether it applies to this system, "
            + "and the hypothesis it produced:";
    private static final Pattern INTRO_LINE = Pattern.compile("^\\s*\\**\\s*pitfall[- ]walk\\b.*",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PITFALL_ID = Pattern.compile("\\bPF\\d+\\b", Pattern.CASE_INSENSITIVE);

    private final List<PitfallWalkRow> rows;

    public PitfallWalk(List<PitfallWalkRow> rows) {
        this.rows = List.copyOf(rows);
    }

    public List<PitfallWalkRow> rows() {
        return rows;
    }

    /** The walk for this plan text: one row per catalog pitfall, pre-filled from the plan. */
    public static PitfallWalk forPlan(Catalog catalog, String planText) {
        PlanTextScan scan = new PlanTextScan(planText);
        Optional<PlanTextScan.Span> s4 = scan.section4();
        Map<String, PitfallWalkRow> written = new LinkedHashMap<>();
        List<PitfallWalkRow> extra = new ArrayList<>();
        findTable(scan).ifPresent(t -> {
            for (PitfallWalkRow r : t.rows) {
                PitfallWalkRow resolved = resolve(catalog, r);
                if (resolved.pitfallId() == null) {
                    extra.add(resolved);
                } else {
                    written.putIfAbsent(resolved.pitfallId(), resolved);
                }
            }
        });
        Map<String, List<String>> cited = new LinkedHashMap<>();
        s4.ifPresent(span -> scan.pitfallRows(span).forEach((ref, hs) -> {
            String id = catalog.entry(ref, Pitfall.class).map(Pitfall::id)
                    .or(() -> byName(catalog, ref)).orElse(null);
            if (id != null) {
                cited.computeIfAbsent(id, k -> new ArrayList<>()).addAll(hs);
            }
        }));
        List<PitfallWalkRow> rows = new ArrayList<>();
        for (Pitfall p : catalog.pitfalls()) {
            PitfallWalkRow r = written.getOrDefault(p.id(),
                    new PitfallWalkRow(p.id(), p.name(), Applies.UNANSWERED, "", ""));
            List<String> hs = cited.getOrDefault(p.id(), List.of());
            if (!hs.isEmpty()) {
                if (r.hypothesis().isEmpty()) {
                    r = r.withHypothesis(String.join(", ", hs));
                }
                if (r.applies() == Applies.UNANSWERED) {
                    r = r.withApplies(Applies.YES);
                }
            }
            rows.add(new PitfallWalkRow(p.id(), p.name(), r.applies(), r.hypothesis(), r.notes()));
        }
        rows.addAll(extra);
        return new PitfallWalk(rows);
    }

    /** The Markdown for §4: an intro line and the table (one row per pitfall, pipes escaped). */
    public String toMarkdown() {
        StringBuilder b = new StringBuilder();
        b.append(INTRO).append("\n\n");
        b.append("| Pitfall | Applies? | Hypothesis | Notes |\n");
        b.append("|---|---|---|---|\n");
        for (PitfallWalkRow r : rows) {
            String pitfall = r.pitfallId() == null ? r.label() : r.pitfallId() + " " + r.label();
            b.append("| ").append(cell(pitfall))
                    .append(" | ").append(r.applies().cell())
                    .append(" | ").append(r.hypothesis().isEmpty() ? (r.applies() == Applies.NO ? "—" : "")
                            : cell(r.hypothesis()))
                    .append(" | ").append(cell(r.notes()))
                    .append(" |\n");
        }
        return b.toString();
    }

    /**
     * The edit that writes this walk into the plan: it replaces an existing pitfall-walk table (and its
     * intro line), or else inserts at the end of §4, or — when the plan has no §4 — appends a §4.
     */
    public PitfallWalkEdit editFor(String planText) {
        PlanTextScan scan = new PlanTextScan(planText);
        String table = toMarkdown();
        Optional<Table> existing = findTable(scan);
        if (existing.isPresent()) {
            Table t = existing.get();
            return new PitfallWalkEdit(t.replaceStart, t.end, table);
        }
        Optional<PlanTextScan.Span> s4 = scan.section4();
        if (s4.isPresent()) {
            int at = s4.get().end();
            // insert after §4's last non-blank line, keeping one blank line on each side
            int contentEnd = at;
            while (contentEnd > s4.get().start() && Character.isWhitespace(planText.charAt(contentEnd - 1))) {
                contentEnd--;
            }
            String before = planText.substring(0, contentEnd);
            String lead = before.isEmpty() ? "" : "\n\n";
            String trail = at < planText.length() ? "\n" : "";
            return new PitfallWalkEdit(contentEnd, at, lead + table + trail);
        }
        String lead = planText.isEmpty() || planText.endsWith("\n\n") ? "" : planText.endsWith("\n") ? "\n" : "\n\n";
        return new PitfallWalkEdit(planText.length(), planText.length(),
                lead + "## 4. Failure-mode hypotheses\n\n" + table);
    }

    private record Table(int replaceStart, int end, List<PitfallWalkRow> rows) {
    }

    private static Optional<Table> findTable(PlanTextScan scan) {
        List<PlanTextScan.Line> lines = scan.lines();
        for (int i = 0; i + 1 < lines.size(); i++) {
            PlanTextScan.Line header = lines.get(i);
            if (header.inFence() || !isTableLine(header.text()) || !isDelimiter(lines.get(i + 1).text())) {
                continue;
            }
            List<String> cols = cells(header.text()).stream().map(PitfallWalk::norm).toList();
            int pitfall = indexOf(cols, "pitfall");
            int applies = indexOf(cols, "appl");
            if (pitfall < 0 || applies < 0) {
                continue;
            }
            int hypothesis = indexOf(cols, "hypothes");
            int notes = indexOf(cols, "note");
            List<PitfallWalkRow> rows = new ArrayList<>();
            int j = i + 2;
            for (; j < lines.size() && !lines.get(j).inFence() && isTableLine(lines.get(j).text()); j++) {
                List<String> c = cells(lines.get(j).text());
                rows.add(new PitfallWalkRow(null, at(c, pitfall), Applies.fromCell(at(c, applies)),
                        dashless(at(c, hypothesis)), at(c, notes)));
            }
            int end = lines.get(j - 1).next(scan.text());
            int start = header.start();
            // take the intro line (and the blank line after it) with the table
            int k = i - 1;
            while (k >= 0 && lines.get(k).text().isBlank()) {
                k--;
            }
            if (k >= 0 && !lines.get(k).inFence() && INTRO_LINE.matcher(lines.get(k).text()).matches()) {
                start = lines.get(k).start();
            }
            return Optional.of(new Table(start, end, rows));
        }
        return Optional.empty();
    }

    private static PitfallWalkRow resolve(Catalog catalog, PitfallWalkRow r) {
        Matcher m = PITFALL_ID.matcher(r.label());
        Optional<String> id = m.find() ? catalog.entry(m.group(), Pitfall.class).map(Pitfall::id) : Optional.empty();
        if (id.isEmpty()) {
            id = byName(catalog, r.label());
        }
        return id.map(x -> new PitfallWalkRow(x, r.label(), r.applies(), r.hypothesis(), r.notes())).orElse(r);
    }

    private static Optional<String> byName(Catalog catalog, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return catalog.pitfalls().stream().filter(p -> t.contains(p.name().toLowerCase(Locale.ROOT)))
                .map(Pitfall::id).findFirst();
    }

    private static boolean isTableLine(String line) {
        return line.stripLeading().startsWith("|");
    }

    private static boolean isDelimiter(String line) {
        return isTableLine(line) && line.replaceAll("[|:\\-\\s]", "").isEmpty() && line.contains("-");
    }

    /** Cells of a table row, splitting on unescaped pipes. */
    static List<String> cells(String line) {
        String s = line.strip();
        if (s.startsWith("|")) {
            s = s.substring(1);
        }
        if (s.endsWith("|") && !s.endsWith("\\|")) {
            s = s.substring(0, s.length() - 1);
        }
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
                cur.append('|');
                i++;
            } else if (ch == '|') {
                out.add(cur.toString().strip());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        out.add(cur.toString().strip());
        return out;
    }

    private static String norm(String header) {
        return header.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
    }

    private static int indexOf(List<String> cols, String prefix) {
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    private static String at(List<String> cells, int i) {
        return i >= 0 && i < cells.size() ? cells.get(i) : "";
    }

    private static String dashless(String s) {
        String t = s.strip();
        return t.equals("—") || t.equals("-") || t.equals("–") || t.equalsIgnoreCase("none") ? "" : t;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
