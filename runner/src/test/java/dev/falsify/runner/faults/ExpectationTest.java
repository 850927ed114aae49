package dev.falsify.runner.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectationTest {
    @TempDir
    Path dir;

    @Test
    void deltaComparesDuringAgainstBefore() {
        Expectation e = Expectation.parse("delta > 0");
        assertThat(e).isEqualTo(new Expectation.Delta(Expectation.Comparison.GT, 0));
        assertThat(e.evaluate("12 packets", "40 packets").holds()).isTrue();
        Expectation.Result same = e.evaluate("12", "12");
        assertThat(same.holds()).isFalse();
        assertThat(same.explanation()).contains("delta 0 not > 0");
        assertThat(e.evaluate("", "5").explanation()).contains("no number");
    }

    @Test
    void valueAndRegex() {
        assertThat(Expectation.parse("value >= 3").evaluate(null, "drops: 3").holds()).isTrue();
        assertThat(Expectation.parse("VALUE < 1.5").evaluate(null, "2.0").holds()).isFalse();
        assertThat(Expectation.parse("regex: qdisc netem").evaluate("", "qdisc netem 8001: delay 200ms").holds()).isTrue();
        assertThat(Expectation.parse("matches /DROP\\s+\\d+/").evaluate("", "ACCEPT 1").holds()).isFalse();
        assertThat(Expectation.parse("/x+/").text()).isEqualTo("regex /x+/");
    }

    @Test
    void rejectsWhatItDoesNotUnderstand() {
        assertThatThrownBy(() -> Expectation.parse("it worked")).hasMessageContaining("delta > 0");
        assertThatThrownBy(() -> Expectation.parse("regex: (")).hasMessageContaining("not valid");
        assertThatThrownBy(() -> Expectation.parse(" ")).hasMessageContaining("empty");
    }

    @Test
    void shellCommandCapturesOutputAndHonoursItsTimeLimit() {
        ShellCommand.Outcome ok = ShellCommand.of("echo 42; echo err >&2; exit 3", dir, Duration.ofSeconds(5)).run();
        assertThat(ok.exitCode()).isEqualTo(3);
        assertThat(ok.output()).contains("42", "err");
        ShellCommand.Outcome slow = ShellCommand.of("sleep 10", dir, Duration.ofMillis(200)).run();
        assertThat(slow.timedOut()).isTrue();
        assertThat(slow.elapsedMs()).isLessThan(3000);
    }
}
