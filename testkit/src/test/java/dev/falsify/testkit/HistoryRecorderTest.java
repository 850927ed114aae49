package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.pipeline.CheckedHistory;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.Validity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryRecorderTest {
    @Test
    void eightThreadsRecordEveryOpOnceWithMonotonicTimesPerProcess() throws Exception {
        HistoryRecorder h = new HistoryRecorder();
        AtomicLong counter = new AtomicLong();
        int threads = 8;
        int perThread = 2_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String process = "p" + t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        HistoryRecorder.Invocation inv = h.invoke(process, "inc", null, 1);
                        inv.ok(counter.incrementAndGet());
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) f.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        List<Op> ops = h.ops();
        assertThat(ops).hasSize(threads * perThread);
        Set<String> ids = new HashSet<>();
        Map<String, Long> lastInvoke = new HashMap<>();
        Set<Long> outputs = new HashSet<>();
        for (Op op : ops) {
            assertThat(ids.add(op.opId())).as("unique op id " + op.opId()).isTrue();
            Long prev = lastInvoke.put(op.processId(), op.invokeTs());
            if (prev != null) assertThat(op.invokeTs()).isGreaterThanOrEqualTo(prev);
            assertThat(op.completeTs()).isGreaterThanOrEqualTo(op.invokeTs());
            assertThat(op.outcome()).isEqualTo(Outcome.OK);
            outputs.add(op.output().longValue());
        }
        assertThat(outputs).hasSize(threads * perThread);
        // the ids follow invoke order
        assertThat(ops.get(0).opId()).isEqualTo("1");
        assertThat(ops.get(ops.size() - 1).opId()).isEqualTo(Integer.toString(threads * perThread));
        // an atomic counter's history is linearizable, across all threads
        CheckedHistory checked = HistoryCheck.standard().run(new dev.falsify.checkers.history.History("h",
                dev.falsify.checkers.history.HistoryFormat.JSONL, ops), HistoryCheck.Request.of("linearizability",
                "counter", CheckBudget.of(Duration.ofSeconds(60))));
        assertThat(checked.result().validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void outcomesAndFieldsFollowTheSchema() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T00:00:00Z"));
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        HistoryRecorder.Invocation w = h.invoke("c1", "write", "x", 3).node("n1");
        clock.advance(Duration.ofMillis(2));
        w.ok(null);
        h.faultEpoch("partition-1");
        HistoryRecorder.Invocation r = h.invoke("c2", "read", "x", null);
        clock.advance(Duration.ofMillis(1));
        r.fail("unavailable");
        HistoryRecorder.Invocation t = h.invoke("c1", "write", "x", List.of(1, 2));
        t.unknown();
        h.faultEpoch(null);
        h.invoke("c3", "read", "x", null);   // never completed
        List<Op> ops = h.ops();
        assertThat(ops).extracting(Op::outcome).containsExactly(Outcome.OK, Outcome.FAIL, Outcome.UNKNOWN, Outcome.UNKNOWN);
        Op first = ops.get(0);
        assertThat(first.invokeTs()).isZero();
        assertThat(first.completeTs()).isEqualTo(2_000_000L);
        assertThat(first.nodeSeen()).isEqualTo("n1");
        assertThat(first.faultEpoch()).isNull();
        assertThat(ops.get(1).error()).isEqualTo("unavailable");
        assertThat(ops.get(1).faultEpoch()).isEqualTo("partition-1");
        assertThat(ops.get(2).completeTs()).isNull();
        assertThat(ops.get(2).input().toString()).isEqualTo("[1,2]");
        assertThat(ops.get(3).timeoutMarker()).isTrue();
        assertThatThrownBy(() -> w.ok(1)).hasMessageContaining("completed twice");
    }

    @Test
    void inputsAreCapturedAtInvokeSoLaterMutationCannotChangeTheHistory() {
        HistoryRecorder h = new HistoryRecorder();
        java.util.ArrayList<Integer> txn = new java.util.ArrayList<>(List.of(1));
        h.invoke("p", "append", "k", txn).ok(null);
        txn.add(2);
        assertThat(h.ops().get(0).input().toString()).isEqualTo("[1]");
    }

    @Test
    void writeJsonlWritesWhatFalsifyCheckReads(@TempDir Path dir) throws Exception {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T00:00:00Z"));
        HistoryRecorder h = HistoryRecorder.withClock(clock);
        h.invoke("0", "write", null, 1).ok(null);
        clock.advance(Duration.ofMillis(1));
        h.invoke("1", "read", null, null).ok(1);
        clock.advance(Duration.ofMillis(1));
        h.invoke("0", "write", null, 2).unknown();
        Path file = dir.resolve("h.jsonl");
        h.writeJsonl(file);
        Golden.assertMatches("recorder.history.jsonl", Files.readString(file));
        CheckedHistory c = HistoryCheck.standard().run(file, HistoryCheck.Request.of(null, "register",
                CheckBudget.of(Duration.ofSeconds(10))));
        assertThat(c.result().validity()).isEqualTo(Validity.VALID);
        assertThat(c.result().evidence().opsTotal()).isEqualTo(3);
    }
}
