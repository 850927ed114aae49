package dev.falsify.model.session;

import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Severity;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

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
                    o.author(), o.time().toString(), o.reason()).stream().map(MarkdownTable::escape).toList()))
                    .append(" |\n");
        }
        return b.toString();
    }

    /** Parses the table; rows that cannot be read (no reason, bad time) are reported in {@code problems}. */
    public static List<VerdictOverride> parse(String text, List<String> problems) {
        MarkdownDoc doc = new MarkdownDoc(text);
        MarkdownTable t = MarkdownTable.first(doc.lines, 0, doc.lines.size(), 1);
        List<VerdictOverride> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        int arm = t.column("scenario / arm", "scenario", "arm");
        int verdict = t.column("override verdict", "verdict");
        int blame = t.column("blame");
        int taxdc = t.column("classification (taxdc)", "taxdc", "bug type");
        int severity = t.column("severity");
        int author = t.column("author", "reviewer");
        int time = t.column("time (utc)", "time");
        int reason = t.column("reason");
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> r = t.rows().get(i);
            try {
                Verdict v = Verdict.find(t.cell(r, verdict)).orElse(null);
                out.add(new VerdictOverride(SessionLogFormat.armCell(t.cell(r, arm)), v,
                        Blame.find(t.cell(r, blame)).orElse(null), BugType.find(t.cell(r, taxdc)).orElse(null),
                        Severity.find(t.cell(r, severity)).orElse(null), t.cell(r, author),
                        Instant.parse(t.cell(r, time)), t.cell(r, reason)));
            } catch (IllegalArgumentException | DateTimeParseException e) {
                problems.add("findings/" + FILE + ":" + t.lines().get(i) + ": override row skipped: " + e.getMessage());
            }
        }
        return out;
    }
}
