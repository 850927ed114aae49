package dev.falsify.checkers.oracles;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * {@code final-state-invariant}: a declared predicate ({@link Invariant}, option {@code invariant})
 * over the final-state JSON dump. A predicate that does not parse is bad input
 * ({@link InvariantSyntaxException}, naming the column); a dump that does not have the shape the
 * predicate assumes is a weak input, never a pass.
 */
public final class FinalStateInvariantChecker implements Checker {
    public static final String OPTION = "invariant";

    /** Judges side inputs only (see {@link Checker#judgesHistory()}). */
    @Override
    public boolean judgesHistory() {
        return false;
    }

    @Override
    public String name() {
        return CheckerName.FINAL_STATE_INVARIANT.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.COUNTER, HistoryModel.LEDGER, HistoryModel.BANK, HistoryModel.MUTEX, HistoryModel.LEASE, HistoryModel.MEMBERSHIP_TABLE, HistoryModel.KV, HistoryModel.SET);
    }

    @Override
    public List<String> needs() {
        return List.of("final-state dump", "option invariant, e.g. sum($.accounts[*].balance) == 0");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        String text = input.option(OPTION, null);
        if (text == null || text.isBlank()) {
            report.weak("missing-invariant", "final-state-invariant needs a declared predicate (option invariant)", List.of());
            return report.finish("", "");
        }
        Invariant inv;
        try {
            inv = Invariant.parse(text);
        } catch (InvariantSyntaxException e) {
            throw new InvariantSyntaxException(e.column(), "invariant `" + text + "`: " + e.getMessage().replaceFirst("^column \\d+: ", ""));
        }
        if (input.finalState() == null) {
            report.weak("missing-final-state", "final-state-invariant needs the final-state dump", List.of());
            return report.finish("", "");
        }
        report.consumed(input.history().size());
        try {
            Invariant.Outcome out = inv.evaluate(input.finalState());
            for (String term : out.failingTerms()) report.violation(term).put("invariant", text);
        } catch (Invariant.EvaluationException e) {
            report.weak("state-shape", "the final state does not fit the invariant: " + e.getMessage(), List.of());
        }
        return report.finish("invariant holds: " + text, "failing terms of `" + text + "`");
    }
}
