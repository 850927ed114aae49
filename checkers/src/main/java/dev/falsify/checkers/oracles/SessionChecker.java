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
 * {@code session}: per session ({@code process_id}) and key, read-your-writes (a read returns a
 * version at least as new as the session's last write), monotonic writes (the session's writes get
 * increasing versions) and monotonic reads (reads never go back). Option {@code version-field}
 * (default {@code version}) names the field holding the version.
 */
public final class SessionChecker implements Checker {
    @Override
    public String name() {
        return CheckerName.SESSION.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.SESSION, HistoryModel.KV, HistoryModel.REGISTER);
    }

    @Override
    public List<String> needs() {
        return List.of("process_id as the session", "key", "writes return versions (output or output.version)",
                "reads return output.version");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        VersionedOps ops = new VersionedOps(input.history(), input.option("version-field", "version"));
        ops.reportWeak(report);
        report.consumed(ops.consumed);
        report.partitions(ops.bySession.size());
        for (Map.Entry<String, List<VersionedOps.Versioned>> s : ops.bySession.entrySet()) {
            Map<String, VersionedOps.Versioned> lastWrite = new HashMap<>();
            for (VersionedOps.Versioned v : s.getValue()) {
                VersionedOps.Versioned w = lastWrite.get(v.key());
                if (v.write()) {
                    if (w != null && v.version() <= w.version()) {
                        report.violation("monotonic writes: session " + s.getKey() + " wrote " + v.key() + " (op "
                                + OracleReport.id(v.op()) + ") at version " + v.version() + ", not after its earlier write (op "
                                + OracleReport.id(w.op()) + ") at version " + w.version())
                                .put("rule", "monotonic-writes").put("session", s.getKey());
                    }
                    lastWrite.put(v.key(), v);
                    continue;
                }
                if (w != null && v.version() < w.version()) {
                    report.violation("read-your-writes: session " + s.getKey() + " wrote " + v.key() + " at version "
                            + w.version() + " (op " + OracleReport.id(w.op()) + ") and later read version " + v.version()
                            + " (op " + OracleReport.id(v.op()) + "), which misses that write")
                            .put("rule", "read-your-writes").put("session", s.getKey());
                }
            }
            MonotonicReadChecker.checkSession(report, s.getKey(), s.getValue());
        }
        if (ops.consumed == 0 && !report.isWeak()) {
            report.weak("no-observations", "no committed read or write carries a version", List.of());
        }
        return report.finish("read-your-writes, monotonic writes and monotonic reads hold in "
                + ops.bySession.size() + " sessions (" + ops.consumed + " ops)", "session guarantee violations");
    }
}
