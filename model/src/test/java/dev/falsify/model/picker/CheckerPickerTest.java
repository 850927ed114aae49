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

    @Test
    void modelsAreReadFromFreeText() {
        assertThat(CheckerPicker.normalizeModel("cas-register (one key; get = read)")).isEqualTo("cas-register");
        assertThat(CheckerPicker.normalizeModel("kv (20 keys, put only)")).isEqualTo("kv");
        assertThat(CheckerPicker.normalizeModel("a mutex")).isEqualTo("lock");
        assertThat(CheckerPicker.normalizeModel("other(foo)")).isNull();
    }

    @Test
    void checkerFieldNamesOrJustifiesNone() {
        assertThat(CheckerPicker.readCheckerField("linearizability (cas-register model)").named()).containsExactly("linearizability");
        assertThat(CheckerPicker.readCheckerField("Knossos").named()).containsExactly("linearizability");
        // Jepsen's workload checkers (issue 30); those that are everyday words only as code or alone
        assertThat(CheckerPicker.readCheckerField("set-full, as Jepsen checks its set workload").named()).containsExactly("set-full");
        assertThat(CheckerPicker.readCheckerField("`counter` (Jepsen's bounds)").named()).containsExactly("counter");
        assertThat(CheckerPicker.readCheckerField("bank").named()).containsExactly("bank");
        assertThat(CheckerPicker.readCheckerField("linearizability over the counter model of a bank's set of accounts").named())
                .containsExactly("linearizability");
        // the one reading of the field, which the runner and the test kit ask too
        assertThat(CheckerPicker.mentions("linearizability (counter model)", "counter")).isFalse();
        assertThat(CheckerPicker.mentions("linearizability (counter model)", "linearizability")).isTrue();
        assertThat(CheckerPicker.mentions("counter", "counter")).isTrue();
        assertThat(CheckerPicker.mentions("Jepsen's long-fork checker", "long-fork")).isTrue();
        assertThat(CheckerPicker.readCheckerField("none — the oracle is a latency bound, not a history").acceptable()).isTrue();
        assertThat(CheckerPicker.readCheckerField("custom ordering script").acceptable()).isFalse();
        assertThat(CheckerPicker.readCheckerField("none").acceptable()).isFalse();
        assertThat(CheckerPicker.readCheckerField("my-own-checker").acceptable()).isFalse();
    }
}
