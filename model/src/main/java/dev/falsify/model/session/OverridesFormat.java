package dev.falsify.model.session;

import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code findings/overrides.md}: reviewer overrides as a Markdown table, so the folder (not the
 * database) is their record. One row per override, appended; the latest row for an arm wins.
 */
public final class OverridesFormat {
    public static final String FILE = "overrides.md";

    private OverridesFormat() {
    }

    public static String render(List<VerdictOverride> overrides) {
        StringBuilder b = new StringBuilder("# Reviewer overrides\n\n"
                + "The computed verdicts stay in the findings files; these rows are reviewers' decisions beside them.\n\n"
                + "| Scenario / arm | Override verdict | Blame | Classification (TaxDC) | Severity | Author | Time (UTC) | Reason |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        for (VerdictOverride o : overrides) {
            b.append("| ").append(String.join(" | ", List.of(o.armId(),
                    o.verdict() == null ? "" : o.verdict().label(),
                    o.blame() == null ? "" : o.blame().label(),
                    o.bugType() == null ? "" : o.bugType().display(),
                    o.severity() == null ? "" : o.severity().name(),
                    o.author(), o.time().toString(), o.reason()).stream().map(MarkdownText::cell).toList()))
                    .append(" |\n");
        }
        return b.toString();
    }

    /** Parses the table of {@code findings/overrides.md}. */
    public static List<VerdictOverride> parse(String text, List<String> problems) {
        return parse("findings/" + FILE, text, problems);
    }

    /**
     * Parses the table; a row that cannot be read (no reason, a time that is not a time) is skipped and
     * reported in {@code problems} as {@code file:line:column: why}.
     */
    public static List<VerdictOverride> parse(String file, String text, List<String> problems) {
        MarkdownDoc doc = new MarkdownDoc(text);
        MarkdownTable t = MarkdownTable.first(doc.lines, 0, doc.lines.size(), 1);
        List<VerdictOverride> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        int arm = t.column("scenario / arm", "scenario", "arm", "id");
        int verdict = t.column("override verdict", "verdict", "new verdict");
        int blame = t.column("blame");
        int taxdc = t.column("classification (taxdc)", "taxdc", "bug type", "classification");
        int severity = t.column("severity");
        int author = t.column("author", "reviewer", "by", "who");
        int time = t.column("time (utc)", "time", "when", "date", "at");
        int reason = t.column("reason", "why", "rationale", "notes");
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> r = t.rows().get(i);
            int lineNo = t.lines().get(i);
            String line = doc.lines.get(lineNo - 1);
            String armId = SessionLogFormat.armCell(t.cell(r, arm));
            if (armId.isBlank()) {
                problems.add(file + ":" + lineNo + ":1: override row skipped: no scenario / arm");
                continue;
            }
            if (t.cell(r, reason).isBlank()) {
                problems.add(file + ":" + lineNo + ":" + column(line, t.cell(r, reason), reason) + ": override row for "
                        + armId + " skipped: an override needs a reason");
                continue;
            }
            Optional<Instant> when = Times.parse(t.cell(r, time));
            if (when.isEmpty()) {
                problems.add(file + ":" + lineNo + ":" + column(line, t.cell(r, time), time) + ": override row for " + armId
                        + " skipped: time \"" + t.cell(r, time) + "\" is not an ISO-8601 time (e.g. 2026-12-03T10:00:00Z)");
                continue;
            }
            String verdictCell = t.cell(r, verdict).replace("*", "").replace("`", "");
            Verdict v = Verdict.parse(verdictCell).orElse(null);
            if (v == null && !verdictCell.isBlank()) {
                problems.add(file + ":" + lineNo + ":" + column(line, t.cell(r, verdict), verdict) + ": override verdict \""
                        + verdictCell + "\" is not one of the ten; the row only labels the finding");
            }
            out.add(new VerdictOverride(armId, v, Blame.find(t.cell(r, blame)).orElse(null),
                    BugType.find(t.cell(r, taxdc)).orElse(null), FindingSeverity.find(t.cell(r, severity)).orElse(null),
                    t.cell(r, author), when.get(), t.cell(r, reason)));
        }
        return out;
    }

    /** 1-based column of {@code cell} in its source line: where a reader should look. */
    private static int column(String line, String cell, int index) {
        if (!cell.isBlank() && line.indexOf(cell) >= 0) {
            return line.indexOf(cell) + 1;
        }
        // an empty cell: the column just after its opening pipe
        int pipes = 0;
        for (int k = 0; k < line.length(); k++) {
            if (line.charAt(k) == '|' && (k == 0 || line.charAt(k - 1) != '\\') && pipes++ == index) {
                return k + 2;
            }
        }
        return 1;
    }
}
