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
