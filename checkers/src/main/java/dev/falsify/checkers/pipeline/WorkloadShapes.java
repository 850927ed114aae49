package dev.falsify.checkers.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The checker a history of one of Jepsen's workloads calls for, from the shapes of its ops (their
 * functions and values), when neither a checker nor a model was named: what a Jepsen user's test
 * would have checked it with.
 *
 * <ul>
 *   <li>{@code :add} of integers and {@code :read} of an integer → {@code counter};</li>
 *   <li>{@code :add} and {@code :read} of a collection read from a Jepsen format → {@code set-full}
 *       (an add-only history: a counter when two adds add the same amount, else a set); a set in the
 *       canonical JSON schema keeps the linearizability checker's {@code set} model;</li>
 *   <li>{@code :transfer} and {@code :read} of a map → {@code bank};</li>
 *   <li>{@code :generate} → {@code unique-ids};</li>
 *   <li>{@code :enqueue} / {@code :dequeue} / {@code :drain} read from a Jepsen format →
 *       {@code total-queue} (Jepsen checks queues so, never as FIFO linearizable; a queue in the
 *       canonical JSON schema keeps the linearizability checker's FIFO queue model);</li>
 *   <li>single-write txns {@code [[:w k v]]} and reads of groups of keys, no key written twice →
 *       {@code long-fork}.</li>
 * </ul>
 */
final class WorkloadShapes {
    private WorkloadShapes() {
    }

    /** The checker the sample's shapes name, or null when they are no Jepsen workload's. */
    static String suggest(List<Op> sample, HistoryFormat format) {
        Set<String> fs = new HashSet<>();
        for (Op op : sample) fs.add(op.opType() == null ? null : op.opType().toLowerCase(Locale.ROOT));
        if (fs.isEmpty() || fs.contains(null)) return null;
        if (fs.contains("generate") && only(fs, "generate")) return CheckerName.UNIQUE_IDS.id();
        if (fs.contains("transfer") && only(fs, "transfer", "read") && readsAreMaps(sample)) return CheckerName.BANK.id();
        boolean jepsen = format == HistoryFormat.JEPSEN_EDN || format == HistoryFormat.JEPSEN_TXT;
        if ((fs.contains("enqueue") || fs.contains("dequeue") || fs.contains("drain")) && only(fs, "enqueue", "dequeue", "drain")
                && (fs.contains("drain") || jepsen)) {
            return CheckerName.TOTAL_QUEUE.id();
        }
        if (fs.contains("add") && only(fs, "add", "read")) {
            boolean integerAdds = true;
            Set<String> amounts = new HashSet<>();
            boolean repeated = false;
            for (Op op : sample) {
                if (!"add".equals(op.opType().toLowerCase(Locale.ROOT))) continue;
                JsonNode v = op.input();
                integerAdds &= v != null && v.isIntegralNumber();
                if (v != null) repeated |= !amounts.add(v.toString());
            }
            boolean anyRead = false;
            boolean integerReads = true;
            boolean collectionReads = true;
            for (Op op : sample) {
                if (!"read".equals(op.opType().toLowerCase(Locale.ROOT)) || op.outcome() != Outcome.OK) continue;
                JsonNode v = op.output();
                if (v == null || v.isNull()) continue;
                anyRead = true;
                integerReads &= v.isIntegralNumber();
                collectionReads &= v.isArray();
            }
            if (anyRead) return integerAdds && integerReads ? CheckerName.COUNTER.id() : collectionReads && jepsen ? CheckerName.SET_FULL.id() : null;
            return integerAdds && repeated ? CheckerName.COUNTER.id() : jepsen ? CheckerName.SET_FULL.id() : null;
        }
        if (dev.falsify.checkers.oracles.LongForkChecker.looksLike(sample)) return CheckerName.LONG_FORK.id();
        return null;
    }

    /**
     * The checker of a model only a Jepsen workload's checker takes ({@code bank}, …), or null (for a
     * null model too). The aliases ({@code id-generator}, …) are the vocabulary's.
     */
    static String checkerOfModel(HistoryModel model) {
        if (model == null) return null;
        return switch (model) {
            case BANK -> CheckerName.BANK.id();
            case LONG_FORK -> CheckerName.LONG_FORK.id();
            case UNIQUE_IDS -> CheckerName.UNIQUE_IDS.id();
            default -> null;
        };
    }

    private static boolean only(Set<String> fs, String... allowed) {
        return Set.of(allowed).containsAll(fs);
    }

    /** Whether every read that returned something returned a map (and one did). */
    private static boolean readsAreMaps(List<Op> sample) {
        boolean any = false;
        for (Op op : sample) {
            if (!"read".equalsIgnoreCase(op.opType()) || op.outcome() != Outcome.OK) continue;
            JsonNode v = op.output();
            if (v == null || v.isNull()) continue;
            if (!v.isObject()) return false;
            any = true;
        }
        return any;
    }
}
