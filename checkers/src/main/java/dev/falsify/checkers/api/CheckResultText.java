package dev.falsify.checkers.api;

import dev.falsify.model.vocabulary.CheckerName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one renderer of check results for people ({@code falsify check}, the runner's findings, the
 * report): a verdict line, the counterexample in a few lines, the reader's notes and the weaknesses.
 * It reads only the result's data, so every checker family is rendered the same way.
 */
public final class CheckResultText {
    /** Anomalies listed before "… more". */
    private static final int DESCRIBE_ANOMALIES = 8;
    /** Ops listed as "could not be placed next" before "… more". */
    private static final int DESCRIBE_BLOCKED = 6;
    /** Oracle violations listed before "… more". */
    private static final int DESCRIBE_VIOLATIONS = 40;
    /**
     * How a checker calls its two answers when it has a word of its own (linearizability's is the
     * literature's); every other checker says VALID / INVALID.
     */
    private static final Map<String, String[]> VERDICT_WORDS = Map.of(
            CheckerName.LINEARIZABILITY.id(), new String[] {"LINEARIZABLE", "NOT LINEARIZABLE"});

    /** Kind of the weakness of a history with no operations at all (see {@code WeaknessDetector}). */
    public static final String EMPTY_HISTORY = "empty-history";

    private CheckResultText() {
    }

    /** {@code LINEARIZABLE}, {@code INVALID}, {@code VALID (history too weak to trust)}, {@code EMPTY HISTORY (…)}, … */
    public static String verdict(CheckResult r) {
        String[] words = VERDICT_WORDS.getOrDefault(r.checker(), new String[] {"VALID", "INVALID"});
        return switch (r.validity()) {
            case VALID -> r.hasWeakness(EMPTY_HISTORY) ? "EMPTY HISTORY (nothing to check)"
                    : words[0] + (r.weaknesses().isEmpty() ? "" : " (history too weak to trust)");
            case INVALID -> words[1];
            case UNKNOWN -> "UNKNOWN";
        };
    }

    /**
     * Every line for people: {@code SOURCE: VERDICT — checker C, model M (format), N ops, T ms: summary},
     * then the counterexample, the reader's informational notes and the weaknesses, indented.
     *
     * @param source the history's name, or null to start with the verdict
     * @param format the format id it was read as, or null
     */
    public static List<String> lines(String source, String format, CheckResult r) {
        List<String> out = new ArrayList<>();
        ExecutionEvidence e = r.evidence();
        // concatenated, not String.format: see FixedDecimal
        out.add((source == null ? "" : source + ": ") + verdict(r) + " — checker " + r.checker()
                + (r.model() == null ? "" : ", model " + r.model()) + (format == null ? "" : " (" + format + ")")
                + ", " + e.opsTotal() + " ops, " + FixedDecimal.of(e.elapsedMs(), 1) + " ms: " + r.summary());
        for (String line : details(r)) out.add("  " + line);
        for (ReadNote n : r.notes()) {
            if (!n.weakens()) out.add("  note: " + n.describe());
        }
        for (HistoryWeakness w : r.weaknesses()) {
            out.add("  weak history: " + w.kind() + ": " + w.detail()
                    + (w.opIds().isEmpty() ? "" : " e.g. ops " + String.join(", ", w.opIds())));
        }
        return out;
    }

    /**
     * The counterexample lines that say more than the result's summary: times in ms from the start
     * of the history, and without the line(s) the summary already carries (a checker's summary is
     * often its counterexample's first line), so each fact is said once wherever a result is shown.
     */
    public static List<String> details(CheckResult r) {
        if (r.counterexample() == null) return List.of();
        List<String> out = new ArrayList<>();
        String summary = r.summary() == null ? "" : r.summary();
        for (String line : describe(r.counterexample(), r.historyStartNs())) {
            if (!saidIn(summary, line, r.counterexample())) out.add(line);
        }
        return out;
    }

    /** Whether {@code summary} contains {@code line}, also when the summary names the line's partition its own way. */
    private static boolean saidIn(String summary, String line, Counterexample cx) {
        String bare = line.strip();
        if (bare.isEmpty() || summary.contains(bare)) return !bare.isEmpty();
        if (cx instanceof LinearizabilityCounterexample l) {
            for (LinearizabilityCounterexample.PartitionFailure p : l.partitions()) {
                String where = p.partition() + ": ";
                if (bare.startsWith(where) && summary.contains(p.partition()) && summary.contains(bare.substring(where.length()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A counterexample in a few lines: which op could not be placed, which cycle, which violation (times in ns). */
    public static List<String> describe(Counterexample cx) {
        return describe(cx, null);
    }

    /**
     * A counterexample in a few lines, with op intervals in ms from {@code historyStartNs} (in the
     * history's own nanoseconds when that is null).
     */
    public static List<String> describe(Counterexample cx, Long historyStartNs) {
        if (cx instanceof LinearizabilityCounterexample l) return linearizability(l, historyStartNs);
        if (cx instanceof TxnCounterexample t) return txn(t);
        return violations((OracleViolations) cx);
    }

    private static String interval(OpRef op, Long originNs) {
        return originNs == null ? op.interval() : op.interval(originNs);
    }

    private static List<String> linearizability(LinearizabilityCounterexample cx, Long origin) {
        List<String> lines = new ArrayList<>();
        for (LinearizabilityCounterexample.PartitionFailure p : cx.partitions()) {
            if (p.prefixes().isEmpty()) continue;
            LinearizabilityCounterexample.Prefix x = p.prefixes().get(0);
            String where = p.partition().equals("all") ? "" : p.partition() + ": ";
            if (x.steps().isEmpty()) {
                lines.add(where + "no op can be linearized first (initial state " + x.initialState() + ")");
            } else {
                LinearizabilityCounterexample.Step last = x.steps().get(x.steps().size() - 1);
                lines.add(where + (cx.exhausted() ? "longest prefix found so far: " : "longest linearizable prefix: ")
                        + x.steps().size() + " of " + p.ops() + " ops, ending with op " + last.op().opId()
                        + " (" + last.description() + ", process " + last.op().processName() + ") → state " + last.stateAfter());
            }
            if (cx.exhausted()) continue;
            if (x.mustPrecede() != null) {
                LinearizabilityCounterexample.Step m = x.mustPrecede();
                lines.add("  " + LinearizabilityCounterexample.blockedHeading(m, interval(m.op(), origin)));
            }
            int shown = 0;
            for (LinearizabilityCounterexample.Blocked b : x.couldNotPlace()) {
                if (shown++ == DESCRIBE_BLOCKED) {
                    lines.add("    … " + (x.couldNotPlace().size() - DESCRIBE_BLOCKED) + " more");
                    break;
                }
                lines.add("    op " + b.op().opId() + " " + b.description() + " " + interval(b.op(), origin) + ": " + b.reason());
            }
        }
        return lines;
    }

    private static List<String> txn(TxnCounterexample cx) {
        List<String> lines = new ArrayList<>();
        int shown = 0;
        for (TxnCounterexample.Anomaly a : cx.anomalies()) {
            if (shown++ == DESCRIBE_ANOMALIES) {
                lines.add("… " + (cx.anomalies().size() - DESCRIBE_ANOMALIES) + " more anomalies (see --json)");
                break;
            }
            lines.add(a.type() + ": " + a.explanation());
            for (TxnCounterexample.Edge e : a.edges()) {
                lines.add("  " + e.from() + " -" + e.kind() + "-> " + e.to()
                        + (e.key() != null ? " on " + e.key() : "") + ": " + e.explanation());
            }
            lines.add("  rules out: " + String.join(", ", a.modelsRuledOut()));
        }
        if (cx.note() != null) lines.add(cx.note());
        return lines;
    }

    private static List<String> violations(OracleViolations v) {
        List<String> lines = new ArrayList<>();
        for (OracleViolations.Violation x : v.items()) {
            if (lines.size() == DESCRIBE_VIOLATIONS) {
                lines.add("… " + (v.items().size() - DESCRIBE_VIOLATIONS) + " more violations (see --json)");
                break;
            }
            lines.add(x.explanation());
        }
        return lines;
    }
}
