package dev.falsify.app.ui.history;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.Linearization;
import java.util.ArrayList;
import java.util.List;

/**
 * One sequence the stepper walks: a longest linearizable prefix of a failing partition (with the
 * ops that could not be placed after it), or the linearization of a partition of a valid history.
 *
 * @param title        what the picker shows, e.g. {@code key k0 — prefix 1 of 2 (803 steps)}
 * @param partition    the checker's partition label ({@code all}, {@code key k0})
 * @param failing      true for a counterexample prefix (its end is the first error)
 * @param mustPrecede  the op that had to take effect before any of the blocked ones, or null
 */
public record StepTrack(String title, String partition, String initialState,
                        List<LinearizabilityCounterexample.Step> steps,
                        List<LinearizabilityCounterexample.Blocked> blocked,
                        LinearizabilityCounterexample.Step mustPrecede, boolean failing) {
    public StepTrack {
        steps = List.copyOf(steps);
        blocked = List.copyOf(blocked);
    }

    /** Every track a result offers: each failing partition's prefixes, or each partition's linearization. */
    public static List<StepTrack> of(CheckResult r) {
        List<StepTrack> out = new ArrayList<>();
        if (r.counterexample() instanceof LinearizabilityCounterexample cx) {
            for (LinearizabilityCounterexample.PartitionFailure p : cx.partitions()) {
                int n = p.prefixes().size();
                for (int i = 0; i < n; i++) {
                    LinearizabilityCounterexample.Prefix x = p.prefixes().get(i);
                    String title = p.partition() + (n > 1 ? " — prefix " + (i + 1) + " of " + n : " — longest prefix")
                            + " (" + x.steps().size() + " of " + p.ops() + " ops)" + (cx.exhausted() ? ", search unfinished" : "");
                    out.add(new StepTrack(title, p.partition(), x.initialState(), x.steps(), x.couldNotPlace(),
                            x.mustPrecede(), !cx.exhausted()));
                }
            }
        }
        Linearization lin = r.linearization();
        if (lin != null) {
            for (Linearization.Partition p : lin.partitions()) {
                out.add(new StepTrack(p.partition() + " — linearization (" + p.steps().size() + " steps)", p.partition(),
                        p.initialState(), p.steps(), List.of(), null, false));
            }
        }
        return out;
    }

    /** Model state before step {@code k} (1-based); {@code k = 0} or 1 gives the initial state. */
    public String before(int k) {
        return k <= 1 ? initialState : steps.get(k - 2).stateAfter();
    }

    /** Model state after step {@code k} (1-based); 0 gives the initial state. */
    public String after(int k) {
        return k == 0 ? initialState : steps.get(k - 1).stateAfter();
    }

    /**
     * The part of {@code after} that differs from {@code before}: {@code [start, end)} in {@code after}
     * between their common prefix and common suffix (empty when nothing changed).
     */
    public static int[] changed(String before, String after) {
        String a = before == null ? "" : before;
        String b = after == null ? "" : after;
        int p = 0;
        while (p < a.length() && p < b.length() && a.charAt(p) == b.charAt(p)) p++;
        int s = 0;
        while (s < a.length() - p && s < b.length() - p && a.charAt(a.length() - 1 - s) == b.charAt(b.length() - 1 - s)) s++;
        return new int[] {p, b.length() - s};
    }
}
