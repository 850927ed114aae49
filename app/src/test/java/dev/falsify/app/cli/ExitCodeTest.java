package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** One meaning per number, and the order in which several inputs' codes combine (check of many files). */
class ExitCodeTest {
    @Test
    void everyNumberHasOneName() {
        assertThat(Arrays.stream(ExitCode.values()).map(ExitCode::code)).containsExactly(0, 1, 2, 3, 4).doesNotHaveDuplicates();
        for (ExitCode e : ExitCode.values()) assertThat(ExitCode.of(e.code())).isSameAs(e);
    }

    @Test
    void aResultNotWrittenThenBadInputThenNoThenUnknownThenYes() {
        ExitCode[] order = {ExitCode.OK, ExitCode.INCONCLUSIVE, ExitCode.FAILED, ExitCode.BAD_INPUT, ExitCode.WRITE_FAILED};
        for (int i = 0; i < order.length; i++) {
            for (int j = 0; j < order.length; j++) {
                assertThat(order[i].worse(order[j])).as(order[i] + " vs " + order[j]).isSameAs(order[Math.max(i, j)]);
            }
        }
    }
}
