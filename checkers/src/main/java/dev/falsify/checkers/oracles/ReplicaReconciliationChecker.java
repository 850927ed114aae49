package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code replica-reconciliation}: replicas converge at quiescence. Every pair of replica dumps is
 * compared structurally; each difference is one line naming the path and both sides. Arrays are
 * compared element by element, or as multisets with option {@code unordered-arrays=true}.
 */
public final class ReplicaReconciliationChecker implements Checker {
    private static final int MAX_DIFFS_PER_PAIR = 20;

    /** Judges side inputs only (see {@link Checker#judgesHistory()}). */
    @Override
    public boolean judgesHistory() {
        return false;
    }

    @Override
    public String name() {
        return CheckerName.REPLICA_RECONCILIATION.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.MEMBERSHIP_TABLE, HistoryModel.KV, HistoryModel.SET, HistoryModel.LOG, HistoryModel.REGISTER);
    }

    @Override
    public List<String> needs() {
        return List.of("per-replica final-state dumps (two or more)");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        boolean unordered = Boolean.parseBoolean(input.option("unordered-arrays", "false"));
        Map<String, JsonNode> replicas = new TreeMap<>(input.replicaStates());
        report.partitions(replicas.size());
        if (replicas.size() < 2) {
            report.weak("missing-replicas", "replica-reconciliation needs dumps of at least two replicas, got "
                    + replicas.size(), List.of());
            return report.finish("", "");
        }
        List<String> names = new ArrayList<>(replicas.keySet());
        int pairs = 0;
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                pairs++;
                String a = names.get(i);
                String b = names.get(j);
                List<String> diffs = new ArrayList<>();
                diff("$", replicas.get(a), replicas.get(b), a, b, unordered, diffs);
                if (diffs.isEmpty()) continue;
                int shown = Math.min(diffs.size(), MAX_DIFFS_PER_PAIR);
                StringBuilder line = new StringBuilder(a + " vs " + b + ": " + diffs.size() + " difference"
                        + (diffs.size() == 1 ? "" : "s"));
                var arr = OracleReport.JSON.arrayNode();
                for (int k = 0; k < shown; k++) {
                    line.append("\n  ").append(diffs.get(k));
                    arr.add(diffs.get(k));
                }
                if (diffs.size() > shown) line.append("\n  … ").append(diffs.size() - shown).append(" more");
                report.violation(line.toString()).put("a", a).put("b", b).set("differences", arr);
            }
        }
        return report.finish(replicas.size() + " replicas agree (" + pairs + " pairs compared)", "replica pairs differ");
    }

    static void diff(String path, JsonNode a, JsonNode b, String na, String nb, boolean unordered, List<String> out) {
        if (a.equals(b)) return;
        if (a.isObject() && b.isObject()) {
            TreeSet<String> fields = new TreeSet<>();
            a.fieldNames().forEachRemaining(fields::add);
            b.fieldNames().forEachRemaining(fields::add);
            for (String f : fields) {
                String p = path + "." + f;
                if (!a.has(f)) out.add(p + ": only " + nb + " has it (" + nb + " = " + b.get(f) + ")");
                else if (!b.has(f)) out.add(p + ": only " + na + " has it (" + na + " = " + a.get(f) + ")");
                else diff(p, a.get(f), b.get(f), na, nb, unordered, out);
            }
            return;
        }
        if (a.isArray() && b.isArray()) {
            if (unordered) {
                Map<String, Integer> count = new LinkedHashMap<>();
                for (JsonNode x : a) count.merge(x.toString(), 1, Integer::sum);
                for (JsonNode x : b) count.merge(x.toString(), -1, Integer::sum);
                List<String> onlyA = new ArrayList<>();
                List<String> onlyB = new ArrayList<>();
                count.forEach((v, c) -> {
                    for (int i = 0; i < Math.abs(c); i++) (c > 0 ? onlyA : onlyB).add(v);
                });
                if (!onlyA.isEmpty()) out.add(path + ": " + na + " has " + onlyA + " that " + nb + " lacks");
                if (!onlyB.isEmpty()) out.add(path + ": " + nb + " has " + onlyB + " that " + na + " lacks");
                return;
            }
            int n = Math.max(a.size(), b.size());
            for (int i = 0; i < n; i++) {
                String p = path + "[" + i + "]";
                if (i >= a.size()) out.add(p + ": only " + nb + " has it (" + nb + " = " + b.get(i) + ")");
                else if (i >= b.size()) out.add(p + ": only " + na + " has it (" + na + " = " + a.get(i) + ")");
                else diff(p, a.get(i), b.get(i), na, nb, false, out);
            }
            return;
        }
        out.add(path + ": " + na + " = " + a + ", " + nb + " = " + b);
    }
}
