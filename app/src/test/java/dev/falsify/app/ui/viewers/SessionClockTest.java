package dev.falsify.app.ui.viewers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.app.ui.log.LogFile;
import dev.falsify.model.session.MessageEventLog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The viewers' time bases on the session clock: history offsets, wall-clock log stamps through the anchor. */
class SessionClockTest {
    @TempDir
    Path dir;

    @Test
    void historyOffsetsAreNsFromTheFirstInvocation() {
        long origin = 20_290_000_000_000L;
        assertThat(SessionClock.fromHistory(1_500_000, origin)).isEqualTo(20_290_001_500_000L);
        assertThat(SessionClock.toHistory(SessionClock.fromHistory(42, origin), origin)).isEqualTo(42);
        assertThat(SessionClock.toHistory(origin - 10, origin)).isEqualTo(-10);
    }

    @Test
    void wallClockStampsMapThroughTheAnchor() {
        SessionClock.Anchor a = new SessionClock.Anchor(1_796_132_249_000_000L, 20_290_000_000_000L);
        assertThat(a.toMono(1_796_132_249_000_000L + 2_500)).isEqualTo(20_290_000_000_000L + 2_500_000);
        assertThat(a.toWall(a.toMono(1_796_132_250_123_456L))).isEqualTo(1_796_132_250_123_456L);
        assertThat(a.toWall(20_290_000_000_000L - 1)).as("floor, not truncation toward zero").isEqualTo(1_796_132_248_999_999L);
        assertThat(SessionClock.lineTime("2026-12-01T13:37:29.123456Z n1 listening").getAsLong()).isEqualTo(1_796_132_249_123_456L);
        assertThat(SessionClock.lineTime("2026-12-01 13:37:29,123 INFO x").getAsLong()).isEqualTo(1_796_132_249_123_000L);
        assertThat(SessionClock.lineTime("[2026-12-01T14:37:29+01:00] x").getAsLong()).isEqualTo(1_796_132_249_000_000L);
        assertThat(SessionClock.lineTime("n1 listening on 4000")).isEmpty();
    }

    @Test
    void theLineAtAnInstantIsTheLastStampedAtOrBeforeIt() throws Exception {
        Path log = Files.writeString(dir.resolve("n1.out.log"), "starting\n"
                + "2026-12-01T13:37:29.000Z a\n  continuation\n2026-12-01T13:37:30.000Z b\nunstamped\n"
                + "2026-12-01T13:37:31.000Z c\n");
        try (LogFile lf = new LogFile(log)) {
            lf.index();
            long t29 = SessionClock.lineTime("2026-12-01T13:37:29Z").getAsLong();
            assertThat(SessionClock.lineAt(lf, t29 - 1)).isEqualTo(-1);
            assertThat(SessionClock.lineAt(lf, t29)).isEqualTo(1);
            assertThat(SessionClock.lineAt(lf, t29 + 999_999)).isEqualTo(1);
            assertThat(SessionClock.lineAt(lf, t29 + 1_000_000)).isEqualTo(3);
            assertThat(SessionClock.lineAt(lf, t29 + 1_500_000)).isEqualTo(3);
            assertThat(SessionClock.lineAt(lf, t29 + 9_000_000)).isEqualTo(5);
        }
    }

    @Test
    void aMessageLogCarriesItsAnchorAndReadsAsBefore() throws Exception {
        Path f = dir.resolve("S1-1.messages.jsonl");
        long before = System.nanoTime();
        try (MessageEventLog.Writer w = new MessageEventLog.Writer(f)) {
            w.write(new dev.falsify.model.session.MessageEvent(0, dev.falsify.model.plan.run.RunVocabulary.MessageEventKind.SEND,
                    "p1#1", 5, before + 10, "p1", 1, "upstream", "a", "b", "X", "", "", 0, 3, "X 1", java.util.Map.of(), ""));
        }
        MessageEventLog.ClockAnchor a = MessageEventLog.anchor(f).orElseThrow();
        assertThat(a.monoNanos()).isBetween(before, System.nanoTime());
        assertThat(Math.abs(a.wallMicros() / 1000 - System.currentTimeMillis())).isLessThan(3_600_000);
        assertThat(MessageEventLog.read(f)).singleElement().satisfies(e -> assertThat(e.message()).isEqualTo("p1#1"));
        assertThat(MessageEventLog.anchor(Path.of("src/test/resources/dev/falsify/app/ui/spacetime/S6-1.messages.jsonl"))).isEmpty();
    }

    @Test
    void aLinesTimeIsItsStampOrTheStampBeforeIt() throws Exception {
        Path log = Files.writeString(dir.resolve("n2.out.log"), "starting\n"
                + "2026-12-01T13:37:29.000Z a\n  continuation\n2026-12-01T13:37:30.000Z b\n");
        try (LogFile lf = new LogFile(log)) {
            lf.index();
            long t29 = SessionClock.lineTime("2026-12-01T13:37:29Z").getAsLong();
            assertThat(SessionClock.stampOf(lf, 0)).isEmpty();
            assertThat(SessionClock.stampOf(lf, 1).getAsLong()).isEqualTo(t29);
            assertThat(SessionClock.stampOf(lf, 2).getAsLong()).as("a continuation").isEqualTo(t29);
            assertThat(SessionClock.stampOf(lf, 3).getAsLong()).isEqualTo(t29 + 1_000_000);
            assertThat(SessionClock.stampOf(lf, 4)).isEmpty();
        }
    }

    @Test
    void aLogWithoutStampsIsNotReadWholeToPlaceAnInstant() throws Exception {
        int n = 200_000;
        StringBuilder text = new StringBuilder("2026-12-01T13:37:29.000Z the only stamp\n");
        for (int i = 1; i < n; i++) text.append("unstamped line ").append(i).append('\n');
        Path log = Files.writeString(dir.resolve("big.log"), text);
        try (LogFile lf = new LogFile(log)) {
            lf.index();
            long t29 = SessionClock.lineTime("2026-12-01T13:37:29Z").getAsLong();
            // the continuation run is longer than the scan bound: the far end is not placed in time
            assertThat(SessionClock.stampOf(lf, SessionClock.STAMP_SCAN - 1).getAsLong()).isEqualTo(t29);
            assertThat(SessionClock.stampOf(lf, SessionClock.STAMP_SCAN)).isEmpty();
            assertThat(SessionClock.stampOf(lf, n - 1)).isEmpty();
            // each binary-search probe reads at most STAMP_SCAN lines: about 18 probes, not 200,000 lines each
            int[] reads = {0};
            int at = SessionClock.lineAt(lf.count(), i -> {
                reads[0]++;
                return lf.line(i);
            }, t29 + 5_000_000);
            assertThat(at).isIn(-1, 0);
            assertThat(reads[0]).isLessThanOrEqualTo(20 * SessionClock.STAMP_SCAN);
        }
    }
}
