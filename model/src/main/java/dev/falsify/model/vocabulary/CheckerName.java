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
    FAIRNESS("fairness");

    private final String id;
    private final List<String> toolNames;

    /**
     * @param id        the checker's name
     * @param toolNames names of other tools that check the same property, which a §7.M Checker field may
     *                  give instead ({@code Checker: Porcupine} declares linearizability)
     */
    CheckerName(String id, String... toolNames) {
        this.id = id;
        this.toolNames = List.of(toolNames);
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
