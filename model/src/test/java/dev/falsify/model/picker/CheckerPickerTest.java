package dev.falsify.model.picker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.ClaimCategory;
import org.junit.jupiter.api.Test;

/** The picker paragraph of histories-and-checkers.md, row by row. */
class CheckerPickerTest {

    @Test
    void everyPairOfTheSpec() {
        assertThat(CheckerPicker.pick("register", ClaimCategory.SAFETY).checkers()).containsExactly("linearizability");
        assertThat(CheckerPicker.pick("log", ClaimCategory.DURABILITY).checkers()).containsExactly("no-lost-ack");
        assertThat(CheckerPicker.pick("map", ClaimCategory.ISOLATION).checkers()).containsExactly("list-append", "rw-register");
        assertThat(CheckerPicker.pick("session", ClaimCategory.SAFETY).checkers()).containsExactly("session", "monotonic-read");
        assertThat(CheckerPicker.pick("ledger", ClaimCategory.IDEMPOTENCY).checkers()).containsExactly("exactly-once");
        assertThat(CheckerPicker.pick("membership-table", ClaimCategory.MEMBERSHIP).checkers()).containsExactly("replica-reconciliation");
        assertThat(CheckerPicker.pick("queue", ClaimCategory.ORDERING).checkers()).containsExactly("prefix-order");
        assertThat(CheckerPicker.pick("counter", ClaimCategory.SAFETY).checkers()).containsExactly("linearizability", "final-state-invariant");
        assertThat(CheckerPicker.pick("lease", ClaimCategory.SAFETY).checkers()).containsExactly("linearizability", "final-state-invariant");
        assertThat(CheckerPicker.pick("anything at all", ClaimCategory.FAIRNESS).checkers()).containsExactly("fairness");
        assertThat(CheckerPicker.pick("queue", ClaimCategory.LIVENESS).isEmpty()).isTrue();
    }

    /** The models only Jepsen's workload checkers take (issue 30), paired as Jepsen's tests check them. */
    @Test
    void jepsenWorkloadPairs() {
        assertThat(CheckerPicker.pick("bank", ClaimCategory.SAFETY).checkers()).containsExactly("bank", "final-state-invariant");
        assertThat(CheckerPicker.pick("bank", ClaimCategory.ISOLATION).checkers()).containsExactly("bank");
        assertThat(CheckerPicker.pick("bank", ClaimCategory.IDEMPOTENCY).isEmpty()).isTrue();
        assertThat(CheckerPicker.pick("ledger", ClaimCategory.SAFETY).isEmpty()).isTrue();
        assertThat(CheckerPicker.pick("long-fork", ClaimCategory.ISOLATION).checkers()).containsExactly("long-fork");
        assertThat(CheckerPicker.pick("id-generator", ClaimCategory.SAFETY).checkers()).containsExactly("unique-ids");
        // models the spec names keep its answer: no pick that would warn a plan whose checker fits
        assertThat(CheckerPicker.pick("set", ClaimCategory.DURABILITY).isEmpty()).isTrue();
        assertThat(CheckerPicker.pick("queue", ClaimCategory.DURABILITY).isEmpty()).isTrue();
    }
}
