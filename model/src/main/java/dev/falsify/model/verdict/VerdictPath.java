package dev.falsify.model.verdict;

import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How {@link VerdictRules#decide} reached an arm's verdict, for a person or an agent asking "why": the
 * branches of the decision tree in order, each with the evidence it reads, which of them decided, and
 * what evidence would lead elsewhere. The verdict is always {@code decide}'s: the branch that decided is
 * found from it (the tree is first-match, so every branch before it did not apply), never re-judged here.
 *
 * @param decision    what {@link VerdictRules#decide} answered
 * @param steps       the tree's branches in order; those after the deciding one were not reached
 * @param wouldChange evidence that would change the verdict, most direct first
 */
public record VerdictPath(Decision decision, List<Step> steps, List<String> wouldChange) {

    public VerdictPath {
        steps = List.copyOf(steps);
        wouldChange = List.copyOf(wouldChange);
    }

    /** Where a branch stands on this evidence. */
    public enum Outcome {
        /** Checked, and the arm went on to the next branch. */
        PASSED_ON,
        /** This branch produced the verdict. */
        DECIDED,
        /** Not reached: an earlier branch decided. */
        NOT_REACHED
    }

    /**
     * One branch of the tree.
     *
     * @param question what the branch asks
     * @param evidence what the arm's evidence says about it (one line each)
     */
    public record Step(int number, String question, Outcome outcome, List<String> evidence) {
        public Step {
            evidence = List.copyOf(evidence);
        }
    }

    private static final String[] QUESTIONS = {
            "Were the required capabilities present?",
            "Did the session reach the arm?",
            "Did any checker (or a seed) report a violation?",
            "Was every planned fault injected and its landing proven?",
            "Did every checker the plan's §7.M declares run, and did any run at all?",
            "Was the history strong enough for its checkers (required fields, no weaknesses, completed ops)?",
            "Did each checker answer for the whole history, and did the weak-oracle and green-but-broken audits pass?",
            "Which PASS: a fault active, the weak-oracle audit evaluated and the hardening budget met?"
    };

    /** The tree's questions in order (the verdict taxonomy shows them). */
    public static List<String> questions() {
        return List.of(QUESTIONS);
    }

    /** The question of the branch that yields {@code v}. */
    public static String questionOf(Verdict v) {
        return QUESTIONS[branchOf(v)];
    }

    /** The path of {@code e}'s verdict. */
    public static VerdictPath of(ArmEvidence e) {
        Decision d = VerdictRules.decide(e);
        int decided = branchOf(d.verdict());
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < QUESTIONS.length; i++) {
            Outcome o = i < decided ? Outcome.PASSED_ON : i == decided ? Outcome.DECIDED : Outcome.NOT_REACHED;
            steps.add(new Step(i + 1, QUESTIONS[i], o, evidence(i, e)));
        }
        return new VerdictPath(d, steps, wouldChange(d, e));
    }

    /** The branch (0-based) that yields {@code v}: the tree gives each verdict from one branch, PASS from the last. */
    static int branchOf(Verdict v) {
        return switch (v) {
            case INCONCLUSIVE_ENV -> 0;
            case NOT_RUN -> 1;
            case FAIL_REPRODUCIBLE, FAIL_NONDETERMINISTIC -> 2;
            case INCONCLUSIVE_FAULT_NOT_PROVEN -> 3;
            case PARTIAL_SURFACE -> 4;
            case INCONCLUSIVE_ORACLE_TOO_WEAK -> 5;
            case PARTIAL_MODEL -> 6;
            case PASS_SMOKE, PASS_HARDENING -> 7;
        };
    }

    private static List<String> evidence(int branch, ArmEvidence e) {
        List<String> out = new ArrayList<>();
        switch (branch) {
            case 0 -> e.probes().forEach(p -> out.add(p.requirement() + ": " + (p.present() ? "present" : "missing")
                    + (p.required() ? " (required)" : " (optional)")));
            case 1 -> out.add(e.reached() ? "reached" : "never reached");
            case 2 -> {
                e.oracles().forEach(o -> out.add(o.checker() + ": " + o.validity().name().toLowerCase()));
                e.seeds().forEach(s -> out.add("seed " + s.seed() + (s.rerun() ? " (re-run)" : "") + ": "
                        + s.outcome().name().toLowerCase()));
            }
            case 3 -> e.faults().forEach(f -> out.add(f.name() + (f.kind().isBlank() ? "" : " (" + f.kind() + ")") + ": "
                    + (f.injected() ? "injected" : "not injected") + ", landing " + f.landing().name().toLowerCase().replace('_', ' ')
                    + ", " + f.readings().size() + " reading(s)"));
            case 4 -> {
                out.add("declared: " + (e.declaredCheckers().isEmpty() ? "none" : String.join(", ", e.declaredCheckers())));
                out.add("ran: " + (e.oracles().isEmpty() ? "none"
                        : e.oracles().stream().map(OracleResult::checker).distinct().collect(Collectors.joining(", "))));
            }
            case 5 -> {
                e.historyGaps().forEach(g -> out.add("history gap: " + g));
                e.oracles().forEach(o -> o.weaknesses().forEach(w -> out.add(o.checker() + " weakness: " + w)));
                out.addAll(VerdictRules.idle(e.oracles()));
            }
            case 6 -> {
                e.oracles().forEach(o -> out.add(o.checker() + ": " + o.validity().name().toLowerCase() + " on "
                        + o.opsConsumed() + " of " + o.opsTotal() + " " + o.unitName()));
                e.weakOracleAudit().forEach(a -> out.add("weak-oracle audit: " + a.check() + " " + a.status().name().toLowerCase()));
                e.greenButBroken().forEach(a -> out.add("green-but-broken: " + a.check() + " " + a.status().name().toLowerCase()));
            }
            default -> {
                out.add(e.faults().size() + " fault(s) planned, " + e.faults().stream().filter(FaultEvidence::active).count() + " active");
                out.add("budget met: " + e.budgetMet().label());
            }
        }
        if (out.isEmpty()) out.add("none recorded");
        return out;
    }

    private static List<String> wouldChange(Decision d, ArmEvidence e) {
        List<String> out = new ArrayList<>();
        switch (d.verdict()) {
            case INCONCLUSIVE_ENV -> out.add("the missing capability present in the environment (then the arm is judged on its run)");
            case NOT_RUN -> out.add("running the arm: until it runs nothing is known of it");
            case FAIL_NONDETERMINISTIC -> {
                out.add("a same-seed re-run that reproduces the violation → FAIL-reproducible");
                out.add("nothing else: a violation decides before landing, checkers or budgets are looked at; only a run without one (a fix) leaves FAIL");
            }
            case FAIL_REPRODUCIBLE -> out.add("only a run without a violation (a fix): a violation decides before every later branch");
            case INCONCLUSIVE_FAULT_NOT_PROVEN -> out.add("landing evidence for " + e.faults().stream().filter(f -> !f.active())
                    .map(FaultEvidence::name).collect(Collectors.joining(", ")) + ": the nemesis's landing signal observed on the victim");
            case PARTIAL_SURFACE -> out.add("a result from every declared checker (each §7.M checker run on the history)");
            case INCONCLUSIVE_ORACLE_TOO_WEAK -> out.add("a history that records what the checker needs: the missing fields, completed client ops");
            case PARTIAL_MODEL -> out.add("every checker answering valid or invalid over all ops (a larger time or memory budget, a smaller history), "
                    + "and the audit items passing");
            case PASS_SMOKE -> out.add(e.faults().isEmpty() ? "a fault injected with its landing proven, the weak-oracle audit evaluated and the "
                    + "hardening budget met → PASS-hardening" : "the weak-oracle audit evaluated and the hardening budget met → PASS-hardening");
            case PASS_HARDENING -> out.add(d.release() ? "nothing short of new evidence: the release budget is met"
                    : "the release budget met → PASS-hardening (release)");
        }
        if (d.verdict().isPass()) out.add("any checker violation, an unproven landing or a weak history would take the PASS away");
        boolean anyUnknown = e.oracles().stream().anyMatch(o -> o.validity() == Validity.UNKNOWN);
        if (anyUnknown && d.verdict() != Verdict.PARTIAL_MODEL) out.add("(a checker answered unknown: a decided answer from it may matter once the earlier branch is settled)");
        return out;
    }
}
