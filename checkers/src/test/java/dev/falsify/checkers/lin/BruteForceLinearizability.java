package dev.falsify.checkers.lin;

import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The definition, executed: try every order of the ops that respects real time (an op that
 * completed before another was invoked comes first; closed intervals), with every definite op
 * placed and each unknown op placed or not, and ask the model. Exponential; for tiny histories.
 */
final class BruteForceLinearizability {
    private BruteForceLinearizability() {
    }

    static boolean linearizable(List<Op> history, String modelName) {
        return check(Models.create(modelName, Map.of()), history);
    }

    private static <S, C> boolean check(Model<S, C> model, List<Op> history) {
        List<Op> ops = new ArrayList<>();
        for (Op op : history) {
            if (op.outcome() != Outcome.FAIL) ops.add(op);
        }
        // one object per key (models that partition by key keep one key's state)
        Map<List<String>, List<Op>> byKey = new java.util.LinkedHashMap<>();
        for (Op op : ops) byKey.computeIfAbsent(model.partitionKeys(model.command(op)), k -> new ArrayList<>()).add(op);
        for (List<Op> part : byKey.values()) {
            List<C> cmds = new ArrayList<>();
            for (Op op : part) cmds.add(model.command(op));
            if (!dfs(model, part, cmds, new boolean[part.size()], model.initialState())) return false;
        }
        return true;
    }

    private static <S, C> boolean dfs(Model<S, C> model, List<Op> ops, List<C> cmds, boolean[] placed, S state) {
        boolean allDefinitePlaced = true;
        for (int i = 0; i < ops.size(); i++) {
            if (!placed[i] && ops.get(i).outcome() == Outcome.OK) {
                allDefinitePlaced = false;
                break;
            }
        }
        if (allDefinitePlaced) return true;
        for (int i = 0; i < ops.size(); i++) {
            if (placed[i] || !mayGoNext(ops, placed, i)) continue;
            S next = model.step(state, cmds.get(i));
            if (next == null) continue;
            placed[i] = true;
            boolean ok = dfs(model, ops, cmds, placed, next);
            placed[i] = false;
            if (ok) return true;
        }
        return false;
    }

    /** No unplaced op completed strictly before op i was invoked. */
    private static boolean mayGoNext(List<Op> ops, boolean[] placed, int i) {
        long invoke = ops.get(i).invokeTs();
        for (int j = 0; j < ops.size(); j++) {
            if (j == i || placed[j]) continue;
            Op o = ops.get(j);
            if (o.outcome() == Outcome.OK && o.completeTs() < invoke) return false;
        }
        return true;
    }
}
