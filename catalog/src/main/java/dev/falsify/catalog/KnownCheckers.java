package dev.falsify.catalog;

import java.util.List;

/**
 * The checker names Falsify ships (histories-and-checkers.md). The catalog module cannot see the
 * checkers module (both sit below runner), so the names are listed here and the app's tests compare
 * them with the live checker registry.
 */
public final class KnownCheckers {
    public static final List<String> NAMES = List.of("linearizability", "list-append", "rw-register", "session",
            "monotonic-read", "prefix-order", "no-lost-ack", "exactly-once", "final-state-invariant",
            "replica-reconciliation", "fairness");

    private KnownCheckers() {
    }
}
