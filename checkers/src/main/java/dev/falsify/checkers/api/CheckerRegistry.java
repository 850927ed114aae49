package dev.falsify.checkers.api;

import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Checkers by name ({@code linearizability}, {@code list-append}, …), as plans and the checker
 * picker name them.
 *
 * <p>{@link #standard()} holds every built-in checker, listed by class name in {@link #BUILT_IN}
 * (each with a public no-argument constructor), so adding a checker is one class plus one line, and
 * the {@code api} package does not depend on the packages that implement it. A list here rather than
 * a {@code ServiceLoader} file: looking a resource up opens the application jar (13,000 entries)
 * once more, which cost every {@code falsify check} 10-20 ms of its start ({@code falsify bench
 * cli}); {@code CheckerRegistryTest} fails when a checker class is missing from the list.
 */
public final class CheckerRegistry {
    /** The built-in checkers' classes. */
    static final List<String> BUILT_IN = List.of(
            "dev.falsify.checkers.lin.LinearizabilityChecker",
            "dev.falsify.checkers.txn.ListAppendChecker",
            "dev.falsify.checkers.txn.RwRegisterChecker",
            "dev.falsify.checkers.oracles.SessionChecker",
            "dev.falsify.checkers.oracles.MonotonicReadChecker",
            "dev.falsify.checkers.oracles.PrefixOrderChecker",
            "dev.falsify.checkers.oracles.NoLostAckChecker",
            "dev.falsify.checkers.oracles.ExactlyOnceChecker",
            "dev.falsify.checkers.oracles.FinalStateInvariantChecker",
            "dev.falsify.checkers.oracles.ReplicaReconciliationChecker",
            "dev.falsify.checkers.oracles.FairnessChecker",
            "dev.falsify.checkers.oracles.CounterChecker",
            "dev.falsify.checkers.oracles.BankChecker",
            "dev.falsify.checkers.oracles.LongForkChecker",
            "dev.falsify.checkers.oracles.SetChecker",
            "dev.falsify.checkers.oracles.SetFullChecker",
            "dev.falsify.checkers.oracles.UniqueIdsChecker",
            "dev.falsify.checkers.oracles.TotalQueueChecker");

    private static volatile CheckerRegistry standard;

    private final Map<String, Checker> byName = new TreeMap<>();

    public CheckerRegistry() {
    }

    /** The built-in checkers (loaded once). */
    public static CheckerRegistry standard() {
        CheckerRegistry r = standard;
        if (r == null) {
            synchronized (CheckerRegistry.class) {
                r = standard;
                if (r == null) {
                    r = new CheckerRegistry();
                    for (String name : BUILT_IN) r.register(instantiate(name));
                    standard = r;
                }
            }
        }
        return r;
    }

    private static Checker instantiate(String className) {
        try {
            return Class.forName(className, true, CheckerRegistry.class.getClassLoader())
                    .asSubclass(Checker.class).getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("built-in checker " + className + " cannot be made: " + e, e);
        }
    }

    /** Adds a checker; a second checker with the same name is a programming error. */
    public synchronized CheckerRegistry register(Checker checker) {
        Checker previous = byName.putIfAbsent(checker.name(), checker);
        if (previous != null && previous != checker) {
            throw new IllegalStateException("two checkers named '" + checker.name() + "': "
                    + previous.getClass().getName() + " and " + checker.getClass().getName());
        }
        return this;
    }

    public synchronized Optional<Checker> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The checker with this name.
     *
     * @throws IllegalArgumentException naming the known checkers when there is none
     */
    public synchronized Checker get(String name) {
        Checker c = byName.get(name);
        if (c == null) {
            throw new IllegalArgumentException("unknown checker '" + name + "'; known: " + String.join(", ", byName.keySet()));
        }
        return c;
    }

    /** All checkers, sorted by name. */
    public synchronized List<Checker> all() {
        return new ArrayList<>(byName.values());
    }

    /** The checkers that accept {@code model} (a name or alias), sorted by name. */
    public synchronized List<Checker> forModel(String model) {
        HistoryModel m = HistoryModel.of(model).orElse(null);
        List<Checker> out = new ArrayList<>();
        for (Checker c : byName.values()) {
            if (m != null && c.models().contains(m)) out.add(c);
        }
        return out;
    }
}
