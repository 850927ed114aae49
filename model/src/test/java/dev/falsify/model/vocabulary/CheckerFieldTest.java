package dev.falsify.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one reader of a §7.M Checker field (lint, the runner and the testkit all read it here). */
class CheckerFieldTest {

    /** Moved from CheckerPickerTest. */
    @Test
    void checkerFieldNamesOrJustifiesNone() {
        assertThat(CheckerField.read("linearizability (cas-register model)").named()).containsExactly("linearizability");
        assertThat(CheckerField.read("Knossos").named()).containsExactly("linearizability");
        assertThat(CheckerField.read("none — the oracle is a latency bound, not a history").acceptable()).isTrue();
        assertThat(CheckerField.read("custom ordering script").acceptable()).isFalse();
        assertThat(CheckerField.read("none").acceptable()).isFalse();
        assertThat(CheckerField.read("my-own-checker").acceptable()).isFalse();
    }

    /**
     * Lint accepted "Checker: Porcupine" while the runner and the testkit, matching registry names only,
     * recorded no declared checker for it; the one reader declares linearizability for all three.
     */
    @Test
    void porcupineDeclaresLinearizability() {
        assertThat(CheckerField.read("Porcupine").named()).containsExactly("linearizability");
        assertThat(CheckerField.read("Porcupine", List.of("monitor")).named()).containsExactly("linearizability");
        assertThat(CheckerField.read("WGL search (linearizable)").named()).containsExactly("linearizability");
    }

    /** What the runner and the testkit record as the arm's declared checkers: the same reading. */
    @Test
    void aScenarioDeclaresWhatItsCheckerFieldNames() {
        String plan = "# Test Plan: p\n\n## 7. Scenarios\n\n### S1: a\n\n#### §7.M — Model / history / checker\n\n"
                + "- **Model under test:** register\n- **Checker:** Porcupine, plus the monitor\n\n"
                + "### S2: b\n\n§7.M: not applicable (no history).\n";
        var p = dev.falsify.model.plan.PlanParser.parse(plan);
        assertThat(p.scenario("S1").orElseThrow().declaredCheckers(List.of())).containsExactly("linearizability");
        assertThat(p.scenario("S1").orElseThrow().declaredCheckers(List.of("monitor"))).containsExactly("linearizability", "monitor");
        assertThat(p.scenario("S2").orElseThrow().declaredCheckers(List.of("monitor"))).isEmpty();
    }

    /**
     * Jepsen's workload checkers (issue 30); those that are everyday words name a checker only as code or
     * alone. Moved from the parity branch's CheckerPickerTest, where {@code mentions} was the picker's.
     */
    @Test
    void everydayWordsNameACheckerOnlyAsCodeOrAlone() {
        assertThat(CheckerField.read("set-full, as Jepsen checks its set workload").named()).containsExactly("set-full");
        assertThat(CheckerField.read("`counter` (Jepsen's bounds)").named()).containsExactly("counter");
        assertThat(CheckerField.read("bank").named()).containsExactly("bank");
        assertThat(CheckerField.read("linearizability over the counter model of a bank's set of accounts").named())
                .containsExactly("linearizability");
        // the one reading of the field, which the runner and the test kit ask too
        assertThat(CheckerField.mentions("linearizability (counter model)", "counter")).isFalse();
        assertThat(CheckerField.mentions("linearizability (counter model)", "linearizability")).isTrue();
        assertThat(CheckerField.mentions("counter", "counter")).isTrue();
        assertThat(CheckerField.mentions("Jepsen's long-fork checker", "long-fork")).isTrue();
    }

    /**
     * The runner passes every registered checker's name as a name of its own (the monitor, and the shipped
     * ones): the everyday-word rule holds for them there too, or "linearizability (counter model)" would
     * declare a counter checker that never runs (PARTIAL where PASS was earned).
     */
    @Test
    void theEverydayWordRuleHoldsForTheCallersNamesToo() {
        String plan = "# Test Plan: p\n\n## 7. Scenarios\n\n### S1: a\n\n#### §7.M — Model / history / checker\n\n"
                + "- **Model under test:** counter\n- **Checker:** linearizability (counter model)\n\n"
                + "### S2: b\n\n#### §7.M — Model / history / checker\n\n"
                + "- **Model under test:** counter\n- **Checker:** `counter`, and the monitor\n";
        var p = dev.falsify.model.plan.PlanParser.parse(plan);
        List<String> registered = new java.util.ArrayList<>(CheckerName.ids());
        registered.add("monitor");
        assertThat(p.scenario("S1").orElseThrow().declaredCheckers(registered)).containsExactly("linearizability");
        assertThat(p.scenario("S2").orElseThrow().declaredCheckers(registered)).containsExactly("counter", "monitor");
        assertThat(CheckerField.read("a set of keys, checked by hand-written assertions of the bank's totals").named()).isEmpty();
    }

    @Test
    void elleIsListAppendUnlessRwRegisterIsNamed() {
        assertThat(CheckerField.read("Elle").named()).containsExactly("list-append");
        assertThat(CheckerField.read("Elle rw-register").named()).containsExactly("rw-register");
    }

    @Test
    void theCallersOwnCheckersCountWhenNamed() {
        assertThat(CheckerField.read("monitor over the message log, plus no-lost-ack", List.of("monitor")).named())
                .containsExactly("no-lost-ack", "monitor");
        assertThat(CheckerField.read("no-lost-ack", List.of("monitor")).named()).containsExactly("no-lost-ack");
        assertThat(CheckerField.read("monitor").acceptable()).isFalse();
    }

    @Test
    void wholeWordsOnly() {
        assertThat(CheckerField.read("non-linearizability-based sessions").named()).isEmpty();
        assertThat(CheckerField.read("session-guarantees checker").named()).isEmpty();
        assertThat(CheckerField.read("session (read-your-writes)").named()).containsExactly("session");
    }
}
