package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.checkers.txn.MicroOp;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code long-fork}: Jepsen's long-fork workload as {@code jepsen.tests.long-fork/checker} checks it
 * (an anomaly parallel snapshot isolation allows and snapshot isolation forbids). Write txns write
 * one key once ({@code [[:w k 1]]}); read txns read a group of keys ({@code [[:r 0 1] [:r 1 nil]]}).
 * Since every key is written once, a key's value only goes from nil to its one value: of two reads
 * of the same group, one must have seen every write the other saw. Two reads where each saw a write
 * the other missed — T3 saw x but not y, T4 saw y but not x — observed the writes in incompatible
 * orders: a long fork, and the pair of reads is the counterexample.
 *
 * <p>As in Jepsen, a key written twice makes the history too weak (nothing then says a value goes
 * one way only), and so does a key read with two different non-nil values (the workload writes each
 * key once). Option {@code group-size}: every read must read that many keys (Jepsen's {@code n});
 * without it reads are compared with the reads of the same keys, whatever their number.
 */
public final class LongForkChecker implements Checker {
    public static final String NAME = CheckerName.LONG_FORK.id();
    public static final String OPT_GROUP_SIZE = "group-size";
    /** Forks reported; more are counted. */
    private static final int MAX_FORKS = 200;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.LONG_FORK);
    }

    @Override
    public List<String> needs() {
        return List.of("write txns of one write [w k v], each key written once", "read txns of reads [r k v] of groups of keys");
    }

    /**
     * Whether a history's first ops look like Jepsen's long-fork workload: every txn is a single
     * write or only reads, some read reads two keys or more, and no key is written twice (a history of
     * such reads alone too: Jepsen's own test of the checker has no write, and a transactional checker
     * learns nothing from reads it cannot attribute).
     */
    public static boolean looksLike(List<Op> sample) {
        Set<String> written = new HashSet<>();
        boolean groupRead = false;
        int txns = 0;
        for (Op op : sample) {
            List<MicroOp> mops = mops(op.outcome() == Outcome.OK ? op.output() : op.input());
            if (mops == null) mops = mops(op.input());
            if (mops == null) return false;
            txns++;
            if (isWrite(mops)) {
                if (!written.add(mops.get(0).key())) return false;
            } else if (isRead(mops)) {
                groupRead |= keys(mops).size() >= 2;
            } else {
                return false;
            }
        }
        return txns > 0 && groupRead;
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        Integer groupSize = null;
        String g = input.option(OPT_GROUP_SIZE, null);
        if (g != null) {
            try {
                groupSize = Integer.parseInt(g.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option group-size must be an integer, found " + g);
            }
        }
        Map<String, Op> writers = new HashMap<>();
        List<String> twice = new ArrayList<>();
        Map<Set<String>, List<Op>> groups = new LinkedHashMap<>();
        List<String> wrongSize = new ArrayList<>();
        int reads = 0;
        int early = 0;
        int late = 0;
        for (Op op : input.history()) {
            List<MicroOp> mops = mops(op.input());
            if (op.outcome() == Outcome.OK && mops(op.output()) != null) mops = mops(op.output());
            if (mops == null || !(isWrite(mops) || isRead(mops))) {
                throw new ModelException(op, "a long-fork op is a txn of one write [w k v] or of reads [r k v], found "
                        + WorkloadOps.show(op.outcome() == Outcome.OK ? op.output() : op.input()));
            }
            if (isWrite(mops)) {
                Op before = writers.putIfAbsent(mops.get(0).key(), op);
                if (before != null) twice.add(OracleReport.id(op));
                continue;
            }
            if (op.outcome() != Outcome.OK) continue;
            reads++;
            Set<String> keys = keys(mops);
            if (groupSize != null && keys.size() != groupSize) wrongSize.add(OracleReport.id(op));
            boolean anyValue = false;
            boolean allValues = true;
            for (MicroOp m : mops) {
                anyValue |= !m.value().isNull();
                allValues &= !m.value().isNull();
            }
            if (!anyValue) early++;
            if (allValues) late++;
            groups.computeIfAbsent(keys, k -> new ArrayList<>()).add(op);
        }
        report.consumed(input.history().size());
        report.partitions(groups.size());
        if (!twice.isEmpty()) {
            report.weak("multiple-writes", "keys written more than once: long-fork needs every key written once", twice);
            return report.finish("", "");
        }
        if (!wrongSize.isEmpty()) {
            report.weak("group-size", "reads of other than group-size=" + groupSize + " keys", wrongSize);
            return report.finish("", "");
        }
        int forks = 0;
        List<String> conflicting = new ArrayList<>();
        for (Map.Entry<Set<String>, List<Op>> e : groups.entrySet()) {
            List<Op> rs = e.getValue();
            List<Map<String, JsonNode>> values = new ArrayList<>(rs.size());
            for (Op r : rs) values.add(valueMap(mops(r.output())));
            for (int i = 0; i < rs.size(); i++) {
                if (budget.exhausted()) {
                    report.weak("time-budget-exhausted", "the time budget ran out comparing reads", List.of());
                    return report.finish("", "");
                }
                for (int j = i + 1; j < rs.size(); j++) {
                    Compared c = compare(values.get(i), values.get(j));
                    if (c.conflict != null) {
                        if (conflicting.size() < 20) conflicting.add(OracleReport.id(rs.get(i)));
                        continue;
                    }
                    if (c.aOnly == null || c.bOnly == null) continue;
                    if (++forks > MAX_FORKS) continue;
                    fork(report, rs.get(i), rs.get(j), values.get(i), values.get(j), c);
                }
            }
        }
        if (!conflicting.isEmpty()) {
            report.weak("conflicting-values", "reads that saw different non-nil values of one key: long-fork needs every key"
                    + " written once", conflicting);
        }
        String counts = reads + " reads in " + groups.size() + " groups of keys (" + early + " saw no write, " + late
                + " saw every write), " + writers.size() + " keys written";
        if (forks > MAX_FORKS) counts += "; " + forks + " forks in all, the first " + MAX_FORKS + " listed";
        return report.finish("no long fork: " + counts, "long forks", counts);
    }

    private static void fork(OracleReport report, Op a, Op b, Map<String, JsonNode> va, Map<String, JsonNode> vb, Compared c) {
        ObjectNode f = report.violation("long fork: the read " + WorkloadOps.cite(a) + " saw key " + c.aOnly + " = "
                        + WorkloadOps.show(va.get(c.aOnly)) + " but not key " + c.bOnly + "'s write, the read " + WorkloadOps.cite(b)
                        + " saw key " + c.bOnly + " = " + WorkloadOps.show(vb.get(c.bOnly)) + " but not key " + c.aOnly
                        + "'s write: they observed the writes of keys " + c.aOnly + " and " + c.bOnly + " in opposite orders")
                .put("kind", "long-fork");
        f.putArray("reads").add(read(a, va)).add(read(b, vb));
        f.putArray("keys").add(c.aOnly).add(c.bOnly);
    }

    private static ObjectNode read(Op op, Map<String, JsonNode> values) {
        ObjectNode n = WorkloadOps.ref(op);
        ObjectNode v = n.putObject("values");
        values.forEach(v::set);
        return n;
    }

    /** How two reads of one group compare: a key only the first saw, one only the second saw, or a key they saw with different values. */
    private record Compared(String aOnly, String bOnly, String conflict) {
    }

    private static Compared compare(Map<String, JsonNode> a, Map<String, JsonNode> b) {
        String aOnly = null;
        String bOnly = null;
        for (Map.Entry<String, JsonNode> e : a.entrySet()) {
            JsonNode x = e.getValue();
            JsonNode y = b.get(e.getKey());
            if (y == null) continue;
            if (x.isNull() && y.isNull()) continue;
            if (y.isNull()) {
                if (aOnly == null) aOnly = e.getKey();
            } else if (x.isNull()) {
                if (bOnly == null) bOnly = e.getKey();
            } else if (!WorkloadOps.identity(x).equals(WorkloadOps.identity(y))) {
                return new Compared(null, null, e.getKey());
            }
        }
        return new Compared(aOnly, bOnly, null);
    }

    private static Map<String, JsonNode> valueMap(List<MicroOp> mops) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (MicroOp op : mops) m.put(op.key(), op.value());
        return m;
    }

    private static List<MicroOp> mops(JsonNode value) {
        if (value == null || !value.isArray() || value.isEmpty()) return null;
        List<MicroOp> out = new ArrayList<>(value.size());
        for (JsonNode n : value) {
            MicroOp m = MicroOp.parse(n);
            if (m == null) return null;
            out.add(m);
        }
        return out;
    }

    private static boolean isWrite(List<MicroOp> mops) {
        return mops.size() == 1 && mops.get(0).f().equals("w");
    }

    private static boolean isRead(List<MicroOp> mops) {
        for (MicroOp m : mops) if (!m.isRead()) return false;
        return true;
    }

    private static Set<String> keys(List<MicroOp> mops) {
        Set<String> keys = new TreeSet<>();
        for (MicroOp m : mops) keys.add(m.key());
        return keys;
    }
}
