package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code prefix-order}: every consumer observes a prefix of the producers' canonical order, except
 * that an element may sit up to {@code reorder-window} positions away from its canonical place.
 *
 * <p>Canonical order: produced values ({@code enqueue}/{@code append}/{@code send}/{@code produce},
 * value = input) by the offset their output returns (a number or {@code output.offset}), else by
 * invoke time. Unknown-outcome produces count only if some consumer saw their value. Consumers:
 * per process, the concatenation of {@code dequeue}/{@code consume}/{@code poll} outputs (a value
 * or a list); and each {@code read} whose output is a list, on its own.
 */
public final class PrefixOrderChecker implements Checker {
    static final Set<String> PRODUCE = Set.of("enqueue", "append", "send", "produce", "publish");
    static final Set<String> CONSUME = Set.of("dequeue", "consume", "poll", "receive");

    @Override
    public String name() {
        return CheckerName.PREFIX_ORDER.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.QUEUE, HistoryModel.LOG);
    }

    @Override
    public List<String> needs() {
        return List.of("op_type in enqueue/append (producers) and dequeue/read (consumers)",
                "producer output offset, or strict invoke order", "option reorder-window (default 0)");
    }

    private record Produced(Op op, String value, long order) {
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        int window;
        try {
            window = Integer.parseInt(input.option("reorder-window", "0").trim());
            if (window < 0) throw new NumberFormatException();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option reorder-window must be a whole number ≥ 0, got '"
                    + input.option("reorder-window", "") + "'");
        }
        List<Produced> produced = new ArrayList<>();
        Map<String, List<String>> consumers = new LinkedHashMap<>();
        Map<String, Op> consumerOp = new HashMap<>();
        Set<String> seen = new HashSet<>();
        long consumed = 0;
        for (Op op : input.history()) {
            String type = op.opType() == null ? "" : op.opType();
            if (PRODUCE.contains(type) && op.outcome() != Outcome.FAIL) {
                Long offset = op.outcome() == Outcome.OK ? VersionedOps.version(op.output(), "offset") : null;
                produced.add(new Produced(op, canonical(op.input()), offset != null ? offset : Long.MIN_VALUE));
                consumed++;
            } else if (CONSUME.contains(type) && op.outcome() == Outcome.OK) {
                String who = op.processLabel();
                List<String> seq = consumers.computeIfAbsent(who, k -> new ArrayList<>());
                consumerOp.putIfAbsent(who, op);
                JsonNode out = op.output();
                if (out != null && out.isArray()) for (JsonNode v : out) seq.add(canonical(v));
                else if (out != null && !out.isNull()) seq.add(canonical(out));
                consumed++;
            } else if ("read".equals(type) && op.outcome() == Outcome.OK && op.output() != null && op.output().isArray()) {
                List<String> seq = new ArrayList<>();
                for (JsonNode v : op.output()) seq.add(canonical(v));
                consumers.put("read op " + OracleReport.id(op), seq);
                consumerOp.put("read op " + OracleReport.id(op), op);
                consumed++;
            }
        }
        consumers.values().forEach(seen::addAll);
        boolean offsets = produced.stream().anyMatch(p -> p.order() != Long.MIN_VALUE);
        List<Produced> canonical = new ArrayList<>();
        for (Produced p : produced) {
            if (p.op().outcome() == Outcome.UNKNOWN && !seen.contains(p.value())) continue;
            canonical.add(offsets && p.order() == Long.MIN_VALUE ? new Produced(p.op(), p.value(), Long.MAX_VALUE) : p);
        }
        canonical.sort(offsets ? Comparator.comparingLong(Produced::order)
                : Comparator.comparingLong((Produced p) -> p.op().invokeTs()));
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < canonical.size(); i++) index.putIfAbsent(canonical.get(i).value(), i);
        report.consumed(consumed);
        report.partitions(consumers.size());
        if (canonical.isEmpty()) report.weak("no-producers", "no enqueue/append op to define the canonical order", List.of());
        if (consumers.isEmpty()) report.weak("no-consumers", "no dequeue op or read returning a list", List.of());
        for (Map.Entry<String, List<String>> c : consumers.entrySet()) {
            String divergence = firstDivergence(c.getValue(), canonical, index, window);
            if (divergence != null) {
                report.violation(c.getKey() + ": " + divergence).put("consumer", c.getKey());
            }
        }
        return report.finish(consumers.size() + " consumers observed prefixes of the " + canonical.size()
                + "-element canonical order (reorder window " + window + ")", "consumers diverged");
    }

    private static String firstDivergence(List<String> seq, List<Produced> canonical, Map<String, Integer> index,
                                          int window) {
        Set<String> got = new HashSet<>();
        for (int i = 0; i < seq.size(); i++) {
            String v = seq.get(i);
            Integer j = index.get(v);
            if (j == null) return "position " + i + " holds " + v + ", which no producer sent";
            if (!got.add(v)) return "position " + i + " holds " + v + " a second time";
            if (Math.abs(j - i) > window) {
                return "position " + i + " holds " + v + " (canonical position " + j + "), expected "
                        + canonical.get(i < canonical.size() ? i : canonical.size() - 1).value()
                        + (window > 0 ? " within " + window + " positions" : "");
            }
        }
        // everything more than `window` places before the end of what was seen must have been seen
        for (int k = 0; k < seq.size() - window && k < canonical.size(); k++) {
            if (!got.contains(canonical.get(k).value())) {
                return "skipped " + canonical.get(k).value() + " (canonical position " + k + ", op "
                        + OracleReport.id(canonical.get(k).op()) + ") but saw " + seq.size() + " elements";
            }
        }
        return null;
    }

    static String canonical(JsonNode v) {
        if (v == null) return "null";
        return v.isTextual() ? v.asText() : v.toString();
    }
}
