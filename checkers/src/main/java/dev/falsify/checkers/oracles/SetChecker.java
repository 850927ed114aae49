package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code set}: Jepsen's simple set checker ({@code jepsen.checker/set}): {@code add}s, then a final
 * {@code read} of the whole set (the last read that succeeded). Every acknowledged add must be in
 * it (else <b>lost</b>), and it may hold only elements some add attempted (else <b>unexpected</b>);
 * elements whose add's outcome was unknown may be there (recovered). Unlike Jepsen, which counts an
 * element whose every add failed as recovered too, such an element is an <b>aborted read</b>: a
 * failed op definitely did not take effect (Elle's G1a, and what a Jepsen client's {@code :fail}
 * promises). For a
 * timeline of every element across every read, use {@code set-full}; for linearizability against a
 * set, {@code --model set}.
 */
public final class SetChecker implements Checker {
    public static final String NAME = CheckerName.SET.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.SET);
    }

    @Override
    public List<String> needs() {
        return List.of("add ops whose input is the element", "a final read whose output is every element (a list or set)");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        Map<String, JsonNode> attempted = new LinkedHashMap<>();
        Map<String, JsonNode> acknowledged = new LinkedHashMap<>();
        java.util.Set<String> possible = new java.util.HashSet<>();
        Op finalRead = null;
        for (Op op : input.history()) {
            switch (WorkloadOps.f(op)) {
                case "add" -> {
                    attempted.putIfAbsent(WorkloadOps.identity(op.input()), op.input());
                    if (op.outcome() == Outcome.OK) acknowledged.putIfAbsent(WorkloadOps.identity(op.input()), op.input());
                    if (op.outcome() != Outcome.FAIL) possible.add(WorkloadOps.identity(op.input()));
                }
                case "read" -> {
                    if (op.outcome() == Outcome.OK) {
                        SetReads.elements(op);
                        finalRead = op;
                    }
                }
                default -> throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a set (expected add, read)");
            }
        }
        report.consumed(input.history().size());
        if (finalRead == null) {
            report.weak("no-observations", "the set was never read", List.of());
            return report.finish("", "");
        }
        Map<String, JsonNode> read = new LinkedHashMap<>();
        for (JsonNode e : SetReads.elements(finalRead)) read.putIfAbsent(WorkloadOps.identity(e), e);
        List<String> lost = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : acknowledged.entrySet()) {
            if (!read.containsKey(e.getKey())) lost.add(WorkloadOps.show(e.getValue()));
        }
        List<String> unexpected = new ArrayList<>();
        List<String> aborted = new ArrayList<>();
        int ok = 0;
        int recovered = 0;
        for (Map.Entry<String, JsonNode> e : read.entrySet()) {
            if (!attempted.containsKey(e.getKey())) {
                unexpected.add(WorkloadOps.show(e.getValue()));
            } else if (!possible.contains(e.getKey())) {
                aborted.add(WorkloadOps.show(e.getValue()));
            } else {
                ok++;
                if (!acknowledged.containsKey(e.getKey())) recovered++;
            }
        }
        if (!lost.isEmpty()) {
            report.violation("lost: " + lost.size() + " acknowledged adds are missing from the final read ("
                    + WorkloadOps.cite(finalRead) + "): " + SetReads.list(lost)).put("kind", "lost").put("count", lost.size())
                    .setAll(WorkloadOps.ref(finalRead));
        }
        if (!unexpected.isEmpty()) {
            report.violation("unexpected: the final read (" + WorkloadOps.cite(finalRead) + ") holds " + unexpected.size()
                    + " elements no add attempted: " + SetReads.list(unexpected)).put("kind", "unexpected")
                    .put("count", unexpected.size()).setAll(WorkloadOps.ref(finalRead));
        }
        if (!aborted.isEmpty()) {
            report.violation("aborted read: the final read (" + WorkloadOps.cite(finalRead) + ") holds " + aborted.size()
                    + " elements whose every add failed (a failed op did not take effect): " + SetReads.list(aborted))
                    .put("kind", "aborted-read").put("count", aborted.size()).setAll(WorkloadOps.ref(finalRead));
        }
        return report.finish("the final read (" + WorkloadOps.cite(finalRead) + ") holds all " + acknowledged.size()
                + " acknowledged adds (of " + attempted.size() + " attempted) and nothing else: " + ok + " elements, "
                + recovered + " recovered (their add's outcome is unknown)", "set violations");
    }
}
