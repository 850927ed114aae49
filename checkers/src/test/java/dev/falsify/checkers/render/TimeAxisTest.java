package dev.falsify.checkers.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.falsify.model.history.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeAxisTest {
    private static Op op(long inv, Long done) {
        return new Op(null, "p", inv, done, "read", null, null, null, null, done == null, null, null, 0);
    }

    private static final long MS = 1_000_000L;
    // two bursts 10 s apart, and an op that never completed in the first
    private static final List<Op> OPS = List.of(
            op(1_000 * MS, 1_002 * MS), op(1_001 * MS, 1_004 * MS), op(1_003 * MS, null),
            op(11_000 * MS, 11_005 * MS));

    @Test
    void realAxisIsMillisecondsFromTheFirstInvocation() {
        TimeAxis axis = TimeAxis.real(OPS);
        assertThat(axis.toMs(1_000 * MS)).isEqualTo(0.0);
        assertThat(axis.toMs(1_004 * MS)).isEqualTo(4.0);
        assertThat(axis.spanMs()).isEqualTo(10_005.0);
        assertThat(axis.isCompressed()).isFalse();
        assertThat(axis.toNs(4.0)).isEqualTo(1_004 * MS);
    }

    @Test
    void compressedAxisCutsTheIdleStretchButKeepsOrderAndMarksTheGap() {
        TimeAxis axis = TimeAxis.compressed(OPS, 100 * MS, 2 * MS);
        assertThat(axis.gaps()).hasSize(1);
        TimeAxis.Gap gap = axis.gaps().get(0);
        assertThat(gap.fromNs()).isEqualTo(1_004 * MS); // the unfinished op does not keep the history busy
        assertThat(gap.toNs()).isEqualTo(11_000 * MS);
        assertThat(gap.atMs()).isEqualTo(4.0);
        assertThat(axis.toMs(11_000 * MS)).isEqualTo(6.0);
        assertThat(axis.spanMs()).isEqualTo(11.0);
        assertThat(axis.realMs(11_000 * MS)).isEqualTo(10_000.0);
        assertThat(gap.removedMs()).isEqualTo(9_994.0);
        // a time inside the gap lands inside the kept width, monotonically
        assertThat(axis.toMs(6_002 * MS)).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void mappingIsMonotonicAndInvertible() {
        TimeAxis axis = TimeAxis.compressed(OPS, 100 * MS, 2 * MS);
        double last = -1;
        for (long t = 1_000 * MS; t <= 11_005 * MS; t += 7 * MS) {
            double ms = axis.toMs(t);
            assertThat(ms).isGreaterThanOrEqualTo(last);
            last = ms;
            assertThat(axis.toNs(ms)).isCloseTo(t, org.assertj.core.api.Assertions.within(1L));
        }
    }

    @Test
    void emptyHistoryHasAnEmptyAxis() {
        assertThat(TimeAxis.real(List.of()).spanMs()).isEqualTo(0.0);
        assertThat(TimeAxis.compressed(List.of()).gaps()).isEmpty();
    }
}
