package dev.falsify.app.ui.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HistoryLayoutTest {
    private static List<Op> random(int n, long seed) {
        Random r = new Random(seed);
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long inv = r.nextInt(1_000_000_000);
            boolean open = r.nextInt(10) == 0;
            ops.add(new Op("o" + i, "p" + r.nextInt(12), inv, open ? null : inv + r.nextInt(50_000_000), "write",
                    "k" + r.nextInt(3), IntNode.valueOf(i), NullNode.instance, null, open, null,
                    i % 7 == 0 ? "f" + (i % 2) : null, i + 1));
        }
        return ops;
    }

    @Test
    void opsOfNoRecordedProcessShareALaneNotCalledNull() {
        // an EDN history without :process (issue 30): its lane was "process null"
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ops.add(new Op("o" + i, null, i * 10L, i * 10L + 5, "write", null, IntNode.valueOf(i), NullNode.instance, null,
                    false, null, null, i + 1));
        }
        HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JEPSEN_EDN, ops), Map.of());
        assertThat(l.lanes()).containsExactly(Op.NO_PROCESS);
        assertThat("process " + l.lanes().get(0)).isEqualTo(ops.get(0).processLabel()).isEqualTo("process (none)");
    }

    @Test
    void theOpsInARangeAreExactlyThoseWhoseBarsOverlapIt() {
        HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JSONL, random(3000, 1)), Map.of());
        Random r = new Random(2);
        for (boolean compressed : new boolean[] {false, true}) {
            l.setCompressed(compressed);
            for (int trial = 0; trial < 200; trial++) {
                double a = r.nextDouble() * l.axis().spanMs();
                double b = a + r.nextDouble() * l.axis().spanMs() / (1 + r.nextInt(1000));
                for (int lane = 0; lane < l.lanes().size(); lane++) {
                    TreeSet<Integer> got = new TreeSet<>();
                    l.forEachVisible(lane, a, b, got::add);
                    TreeSet<Integer> want = new TreeSet<>();
                    for (int i = 0; i < l.size(); i++) {
                        if (l.lane(i) == lane && l.startMs(i) <= b && l.drawnEndMs(i) >= a) want.add(i);
                    }
                    assertThat(got).isEqualTo(want);
                }
            }
        }
    }

    @Test
    void aLanesStripMarksTheColumnsOfItsSubPixelOpsAndHandsTheRestToBars() {
        HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JSONL, random(3000, 3)), Map.of());
        Random r = new Random(4);
        for (boolean compressed : new boolean[] {false, true}) {
            l.setCompressed(compressed);
            for (int trial = 0; trial < 150; trial++) {
                double span = l.axis().spanMs() / Math.pow(10, r.nextInt(4));
                double a = r.nextDouble() * (l.axis().spanMs() - span);
                double b = a + span;
                double pxPerMs = 900 / span;
                double x0 = 120 - a * pxPerMs;
                boolean[] hidden = new boolean[l.size()];
                boolean filter = r.nextBoolean();
                for (int i = 0; i < hidden.length; i++) hidden[i] = filter && r.nextInt(4) == 0;
                int forced = r.nextInt(l.size());
                for (int lane = 0; lane < l.lanes().size(); lane++) {
                    byte[] got = new byte[1030];
                    TreeSet<Integer> gotBars = new TreeSet<>();
                    l.stripLane(lane, a, b, x0, pxPerMs, 3, 120, 1020, filter ? hidden : null, got,
                            op -> op == forced, gotBars::add);
                    // the reference: every op of the lane overlapping the view, by its op-indexed positions
                    byte[] want = new byte[1030];
                    TreeSet<Integer> wantBars = new TreeSet<>();
                    for (int i = 0; i < l.size(); i++) {
                        if (l.lane(i) != lane || l.startMs(i) > b || l.drawnEndMs(i) < a || hidden[i]) continue;
                        double xa = x0 + l.startMs(i) * pxPerMs;
                        double xb = x0 + l.drawnEndMs(i) * pxPerMs;
                        if (xb - xa >= 3 || i == forced) {
                            wantBars.add(i);
                            continue;
                        }
                        byte v = l.kind(i) == HistoryLayout.OPEN ? (byte) 3 : l.kind(i) == HistoryLayout.OK ? (byte) 2 : (byte) 1;
                        for (int x = (int) Math.max(120, Math.floor(xa)); x <= (int) Math.min(1020, Math.ceil(xb)); x++) {
                            if (want[x] < v) want[x] = v;
                        }
                    }
                    assertThat(gotBars).isEqualTo(wantBars);
                    assertThat(got).isEqualTo(want);
                }
            }
        }
    }

    @Test
    void theOpAtAnInstantIsTheLastInvokedInFlightElseTheNearestInvoked() {
        Random r = new Random(5);
        for (int trial = 0; trial < 40; trial++) {
            // few distinct times, so invocations tie and instants land exactly on invocations and completions
            int n = 1 + r.nextInt(300);
            List<Op> ops = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long inv = r.nextInt(200) * 1_000L;
                boolean open = r.nextInt(8) == 0;
                Long done = open ? null : inv + r.nextInt(r.nextBoolean() ? 5 : 60) * 1_000L;
                ops.add(new Op("o" + i, "p" + r.nextInt(6), inv, done, "write", "k0", IntNode.valueOf(i), NullNode.instance,
                        null, open, null, null, i + 1));
            }
            HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JSONL, ops), Map.of());
            for (long t = -3_000; t <= 265_000; t += 500) {
                assertThat(l.opAt(t)).as("t=%d, trial %d", t, trial).isEqualTo(opAtByScan(ops, t));
            }
        }
    }

    /** The definition, by a scan of every op in index order. */
    private static int opAtByScan(List<Op> ops, long t) {
        int best = -1;
        for (int i = 0; i < ops.size(); i++) {
            Op o = ops.get(i);
            if (o.invokeTs() <= t && (o.completeTs() == null || o.completeTs() >= t)
                    && (best < 0 || o.invokeTs() > ops.get(best).invokeTs())) best = i;
        }
        if (best >= 0) return best;
        long gap = Long.MAX_VALUE;
        for (int i = 0; i < ops.size(); i++) {
            long d = Math.abs(ops.get(i).invokeTs() - t);
            if (d < gap) {
                gap = d;
                best = i;
            }
        }
        return best;
    }

    @Test
    void lanesSortNumericallyAndOpenOpsEndAtTheirProcesssNextOp() {
        List<Op> ops = List.of(
                new Op("a", "p10", 0, null, "write", null, IntNode.valueOf(1), NullNode.instance, null, true, null, null, 1),
                new Op("b", "p10", 5_000_000, 6_000_000L, "read", null, NullNode.instance, IntNode.valueOf(1), null, false, null, null, 2),
                new Op("c", "p2", 1_000_000, 9_000_000L, "read", null, NullNode.instance, IntNode.valueOf(1), null, false, null, "cut", 3));
        HistoryLayout l = HistoryLayout.of(new History("t", HistoryFormat.JSONL, ops), Map.of("cut", "landed: 3 B dropped"));
        assertThat(l.lanes()).containsExactly("p2", "p10");
        assertThat(l.endMs(0)).isInfinite();
        assertThat(l.drawnEndMs(0)).isEqualTo(5.0);
        assertThat(l.epochs()).containsExactly(new HistoryLayout.FaultEpoch("cut", 1_000_000, 9_000_000, "landed: 3 B dropped"));
        assertThat(l.indexOf("b")).isEqualTo(1);
        assertThat(l.indexOf(null, 3)).isEqualTo(2);
        assertThat(l.label(1)).isEqualTo("r → 1");
    }

    @Test
    void theChangedPartOfAStateIsBetweenTheCommonPrefixAndSuffix() {
        assertThat(StepTrack.changed("{x 1, y 2}", "{x 1, y 3}")).containsExactly(8, 9);
        assertThat(StepTrack.changed("3", "3")).containsExactly(1, 1);
        assertThat(StepTrack.changed("[1 2]", "[1 2 5]")).containsExactly(4, 6);
    }

    @Test
    void partitionLabelsNameTheirKeys() {
        List<String> keys = List.of("a", "b", "k0");
        assertThat(HistoryView.partitionKeys("key k0", keys)).containsExactly("k0");
        assertThat(HistoryView.partitionKeys("keys a, b", keys)).containsExactly("a", "b");
        assertThat(HistoryView.partitionKeys("all", keys)).isEqualTo(keys);
    }
}
