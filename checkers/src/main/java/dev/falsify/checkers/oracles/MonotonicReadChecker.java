package dev.falsify.checkers.oracles;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code monotonic-read}: per (session, key), successive reads never return an older version in
 * the system's version order. Option {@code version-field} (default {@code version}).
 */
public final class MonotonicReadChecker implements Checker {
    @Override
    public String name() {
        return CheckerName.MONOTONIC_READ.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.SESSION, HistoryModel.KV, HistoryModel.REGISTER);
    }

    @Override
    public List<String> needs() {
        return List.of("process_id as the session", "key", "reads return output.version");
    }

    static String describe(String session, VersionedOps.Versioned earlier, VersionedOps.Versioned later) {
        return "monotonic reads: session " + session + " read " + later.key() + " at version " + earlier.version()
                + " (op " + OracleReport.id(earlier.op()) + ") and then at older version " + later.version()
                + " (op " + OracleReport.id(later.op()) + ")";
    }

    /** Reports every read of the session that went back; returns how many reads it looked at. */
    static int checkSession(OracleReport report, String session, List<VersionedOps.Versioned> ops) {
        Map<String, VersionedOps.Versioned> last = new HashMap<>();
        int reads = 0;
        for (VersionedOps.Versioned v : ops) {
            if (v.write()) continue;
            reads++;
            VersionedOps.Versioned r = last.get(v.key());
            if (r != null && v.version() < r.version()) {
                report.violation(describe(session, r, v)).put("rule", "monotonic-reads").put("session", session)
                        .put("key", v.key()).put("earlier", OracleReport.id(r.op())).put("later", OracleReport.id(v.op()));
            }
            last.put(v.key(), v);
        }
        return reads;
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        VersionedOps ops = new VersionedOps(input.history(), input.option("version-field", "version"));
        ops.reportWeak(report);
        report.consumed(ops.consumed);
        report.partitions(ops.bySession.size());
        int reads = 0;
        for (Map.Entry<String, List<VersionedOps.Versioned>> s : ops.bySession.entrySet()) {
            reads += checkSession(report, s.getKey(), s.getValue());
        }
        if (reads == 0 && !report.isWeak()) report.weak("no-observations", "no committed read carries a version", List.of());
        return report.finish("reads never went back in " + reads + " reads over " + ops.bySession.size() + " sessions",
                "monotonic-read violations");
    }
}
