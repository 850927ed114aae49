package dev.falsify.model.picker;

import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The checker picker of histories-and-checkers.md: (model, claim category) → the checkers that
 * fit. Used by lint (P007/P008), by {@code falsify check} and by the catalog. Model and checker names
 * are the vocabulary's ({@link HistoryModel}, {@link CheckerName}).
 *
 * <p>The spec's paragraph is the source; two combinations it leaves implicit are filled in the
 * obvious way and marked as such: {@code cas-register}/{@code multi-register} behave as
 * {@code register}, and {@code kv} (the spec's map) + safety is per-key linearizability (the
 * linearizability checker's kv model). The models only Jepsen's workload checkers take (issue 30)
 * are paired as Jepsen's tests of those workloads check them: bank + safety or isolation, long-fork
 * + isolation, unique-ids + safety. Models the spec already names keep exactly its answer, though
 * the workload checkers take them too (counter + safety stays linearizability or
 * final-state-invariant; set, set-full and total-queue are named in a plan, not picked).
 */
public final class CheckerPicker {
    private CheckerPicker() {
    }

    /** A pick: the checkers that fit, and a note (e.g. what else the spec pairs with them). */
    public record Pick(List<String> checkers, String note) {
        public Pick {
            checkers = List.copyOf(checkers);
        }

        public boolean isEmpty() {
            return checkers.isEmpty();
        }
    }

    private static final Pick NONE = new Pick(List.of(), "");

    private static List<String> checkers(CheckerName... names) {
        List<String> out = new ArrayList<>(names.length);
        for (CheckerName n : names) out.add(n.id());
        return out;
    }

    /** The picker's answer for a model as written in a plan ({@link HistoryModel#find}) and a claim category. */
    public static Pick pick(String modelText, ClaimCategory category) {
        if (category == ClaimCategory.FAIRNESS) return new Pick(checkers(CheckerName.FAIRNESS), "any group + fairness");
        return pick(HistoryModel.find(modelText).orElse(null), category);
    }

    /** The picker's answer for a model and a claim category; empty for a null model or category. */
    public static Pick pick(HistoryModel model, ClaimCategory category) {
        if (category == ClaimCategory.FAIRNESS) return new Pick(checkers(CheckerName.FAIRNESS), "any group + fairness");
        if (model == null || category == null) return NONE;
        return switch (model) {
            case REGISTER, CAS_REGISTER, MULTI_REGISTER -> category == ClaimCategory.SAFETY
                    ? new Pick(checkers(CheckerName.LINEARIZABILITY), "register + safety") : NONE;
            case LOG -> category == ClaimCategory.DURABILITY
                    ? new Pick(checkers(CheckerName.NO_LOST_ACK), "log + durability: no-lost-ack + replay equivalence") : NONE;
            case KV -> switch (category) {
                case ISOLATION -> new Pick(checkers(CheckerName.LIST_APPEND, CheckerName.RW_REGISTER), "map + isolation (per-key and cross-key)");
                case SAFETY -> new Pick(checkers(CheckerName.LINEARIZABILITY), "map + safety: per-key linearizability (kv model)");
                default -> NONE;
            };
            case SESSION -> category == ClaimCategory.SAFETY
                    ? new Pick(checkers(CheckerName.SESSION, CheckerName.MONOTONIC_READ), "session + safety") : NONE;
            case LEDGER -> category == ClaimCategory.IDEMPOTENCY
                    ? new Pick(checkers(CheckerName.EXACTLY_ONCE), "ledger + idempotency") : NONE;
            case MEMBERSHIP_TABLE -> category == ClaimCategory.MEMBERSHIP
                    ? new Pick(checkers(CheckerName.REPLICA_RECONCILIATION), "membership-table + membership") : NONE;
            case QUEUE -> category == ClaimCategory.ORDERING
                    ? new Pick(checkers(CheckerName.PREFIX_ORDER), "queue + ordering") : NONE;
            case COUNTER -> category == ClaimCategory.SAFETY
                    ? new Pick(checkers(CheckerName.LINEARIZABILITY, CheckerName.FINAL_STATE_INVARIANT), "counter + safety") : NONE;
            case MUTEX, LEASE -> category == ClaimCategory.SAFETY
                    ? new Pick(checkers(CheckerName.LINEARIZABILITY, CheckerName.FINAL_STATE_INVARIANT),
                    "lock/lease + safety: linearizability (mutex) + final-state-invariant")
                    : NONE;
            case BANK -> switch (category) {
                // the conservation invariant, read during the run (Jepsen) or dumped at the end
                case SAFETY -> new Pick(checkers(CheckerName.BANK, CheckerName.FINAL_STATE_INVARIANT),
                        "bank + safety: bank (every read sums to the total) or final-state-invariant (a final-state dump)");
                // a read that sums wrong saw a transfer's half: read skew
                case ISOLATION -> new Pick(checkers(CheckerName.BANK), "bank + isolation: no read sees half a transfer");
                default -> NONE;
            };
            case LONG_FORK -> category == ClaimCategory.ISOLATION
                    ? new Pick(checkers(CheckerName.LONG_FORK), "long-fork + isolation") : NONE;
            case UNIQUE_IDS -> category == ClaimCategory.SAFETY
                    ? new Pick(checkers(CheckerName.UNIQUE_IDS), "unique-ids + safety") : NONE;
            // a set and a queue are checked by set, set-full and total-queue too, besides the checkers their
            // models name, with no pair of the spec's to add them to: a pick there would warn (P008) plans
            // whose checker fits (no-lost-ack, exactly-once over a queue)
            case SET, LIST_APPEND, RW_REGISTER -> NONE;
        };
    }

    /** Union of the picks for several categories (a scenario falsifying several claims). */
    public static Pick pick(String modelText, List<ClaimCategory> categories) {
        Set<String> out = new LinkedHashSet<>();
        List<String> notes = new ArrayList<>();
        for (ClaimCategory c : categories) {
            Pick p = pick(modelText, c);
            out.addAll(p.checkers());
            if (!p.note().isEmpty() && !notes.contains(p.note())) notes.add(p.note());
        }
        return new Pick(new ArrayList<>(out), String.join("; ", notes));
    }
}
