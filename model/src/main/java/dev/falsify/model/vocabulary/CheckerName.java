package dev.falsify.model.vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The checkers Falsify ships, by the name plans, the checker picker, {@code falsify check --checker}
 * and results use. The checkers module registers one checker per constant ({@code CheckerRegistryTest}
 * fails when the two lists differ); a harness may add checkers of its own (the runner's message
 * {@code monitor}), which are not in this list.
 *
 * <p>Adding a checker: a constant here, its class in {@code CheckerRegistry.BUILT_IN}, and its models
 * in the class's {@code models()}.
 */
public enum CheckerName {
    LINEARIZABILITY("linearizability", "knossos", "porcupine", "linearizable", "wgl"),
    LIST_APPEND("list-append"),
    RW_REGISTER("rw-register"),
    SESSION("session"),
    MONOTONIC_READ("monotonic-read"),
    PREFIX_ORDER("prefix-order"),
    NO_LOST_ACK("no-lost-ack"),
    EXACTLY_ONCE("exactly-once"),
    FINAL_STATE_INVARIANT("final-state-invariant"),
    REPLICA_RECONCILIATION("replica-reconciliation"),
    FAIRNESS("fairness"),
    /** Jepsen's counter: every read between the adds that must and those that may have applied. */
    COUNTER("counter", Word.EVERYDAY),
    /** Jepsen's bank: every read of all accounts sums to the total, no balance nil or negative. */
    BANK("bank", Word.EVERYDAY),
    /** Jepsen's long-fork: no two reads see two writes in incompatible orders. */
    LONG_FORK("long-fork"),
    /** Jepsen's set: the final read holds every acknowledged add and nothing no add attempted. */
    SET("set", Word.EVERYDAY),
    /** Jepsen's set-full: each element's timeline across every read (lost, stale, never read). */
    SET_FULL("set-full"),
    /** Jepsen's unique-ids: no id returned twice. */
    UNIQUE_IDS("unique-ids"),
    /** Jepsen's total-queue: every acknowledged enqueue dequeued, nothing dequeued that none attempted. */
    TOTAL_QUEUE("total-queue");

    /** How a checker's name reads in a sentence. */
    private enum Word {
        /** A name no sentence uses otherwise ({@code list-append}): named wherever it occurs as a word. */
        NAME,
        /**
         * A name that is also an everyday word ("a set of keys", "a bank's ledger", "the counter model"):
         * named only as code ({@code `set`}) or as the whole field.
         */
        EVERYDAY
    }

    private final String id;
    private final Word word;
    private final List<String> toolNames;

    /**
     * @param id        the checker's name
     * @param toolNames names of other tools that check the same property, which a §7.M Checker field may
     *                  give instead ({@code Checker: Porcupine} declares linearizability)
     */
    CheckerName(String id, String... toolNames) {
        this(id, Word.NAME, toolNames);
    }

    CheckerName(String id, Word word, String... toolNames) {
        this.id = id;
        this.word = word;
        this.toolNames = List.of(toolNames);
    }

    /**
     * True when the name is also an everyday word ({@code set}, {@code counter}, {@code bank}): a §7.M
     * Checker field names such a checker only as code ({@code `set`}) or as its whole value, so
     * "linearizability (counter model)" does not declare the counter checker.
     */
    public boolean everydayWord() {
        return word == Word.EVERYDAY;
    }

    /** The checker's name ({@code linearizability}). */
    public String id() {
        return id;
    }

    /** Other tools' names for this check, as a §7.M Checker field may write them. */
    public List<String> toolNames() {
        return toolNames;
    }

    @Override
    public String toString() {
        return id;
    }

    /** Every shipped checker's name, in declaration order. */
    public static List<String> ids() {
        List<String> out = new ArrayList<>();
        for (CheckerName c : values()) out.add(c.id);
        return out;
    }

    /** The shipped checker with this name (case and surrounding spaces ignored). */
    public static Optional<CheckerName> of(String name) {
        if (name == null) return Optional.empty();
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (CheckerName c : values()) if (c.id.equals(n)) return Optional.of(c);
        return Optional.empty();
    }

    /** True when {@code name} is a shipped checker's name. */
    public static boolean isKnown(String name) {
        return of(name).isPresent();
    }
}
