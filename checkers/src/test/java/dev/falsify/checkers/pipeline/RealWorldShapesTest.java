package dev.falsify.checkers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.api.CheckResultText;
import dev.falsify.checkers.api.ReadNote;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Histories in the shapes Jepsen, Elle and JSON recorders write them, checked without --checker (issue 14). */
class RealWorldShapesTest {
    private static final Path DIR = Path.of("src/test/resources/shapes");

    private static CheckedHistory check(String file, String model, Map<String, String> options) throws IOException {
        return HistoryCheck.standard().run(DIR.resolve(file),
                new HistoryCheck.Request(null, model, null, options, null, Map.of(), null, CheckBudget.unlimited()));
    }

    @Test
    void microOpsAreReadWhateverFSaysAndRegisterTxnsAreRwRegister() throws IOException {
        CheckResult r = check("rw-register-read-write-f.edn", null, Map.of()).result();
        assertThat(r.checker()).isEqualTo("rw-register");
        // the :read / :write ops are txns too: without them the G1c (T6 read y=2 from T7, T7 read x=2 from T6) has no reads
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(((TxnCounterexample) r.counterexample()).anomalyTypes()).contains("G1c");
        assertThat(r.weaknesses()).noneMatch(w -> w.kind().equals("not-a-transaction"));
    }

    @Test
    void txnsWithoutFAndWithoutInvokesAreTransactional() throws IOException {
        CheckResult r = check("txn-without-f.edn", null, Map.of()).result();
        assertThat(r.checker()).isEqualTo("rw-register");
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.notes()).extracting(ReadNote::kind).contains(ReadNote.NO_INVOCATION);
        assertThat(r.weaknesses()).isEmpty();
    }

    @Test
    void completionsOnlyAreTooWeakForLinearizability() throws IOException {
        CheckedHistory c = check("completions-only-register.edn", null, Map.of());
        CheckResult r = c.result();
        assertThat(r.checker()).isEqualTo("linearizability");
        // read 2 that nobody wrote would be "not linearizable", but on invented invocation times
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).anySatisfy(w -> {
            assertThat(w.kind()).isEqualTo(HistoryCheck.NO_INVOCATION_TIMES);
            assertThat(w.detail()).contains("completions only", "line 2", "when they were invoked");
        });
        // and for list-append/rw-register only with real-time edges
        CheckResult rt = HistoryCheck.standard().run(DIR.resolve("txn-without-f.edn"), new HistoryCheck.Request(null, null,
                null, Map.of("realtime", "true"), null, Map.of(), null, CheckBudget.unlimited())).result();
        assertThat(rt.hasWeakness(HistoryCheck.NO_INVOCATION_TIMES)).isTrue();
    }

    @Test
    void registerInitialValueIsInferredWhenTheHistorySaysIt() throws IOException {
        CheckedHistory c = check("register-starts-at-0.edn", null, Map.of());
        CheckResult r = c.result();
        assertThat(r.model()).isEqualTo("cas-register");
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.summary()).contains("initial value 0, inferred from line 2");
        assertThat(r.notes()).anySatisfy(n -> {
            assertThat(n.kind()).isEqualTo(HistoryCheck.INITIAL_VALUE_INFERRED);
            assertThat(n.line()).isEqualTo(2);
        });
        assertThat(String.join("\n", c.lines())).contains("initial value was taken to be 0");
        assertThat(c.toJson().get("notes").toString()).contains("initial-value-inferred");
        // an initial value given is used as given: nil makes the first read a violation
        assertThat(check("register-starts-at-0.edn", null, Map.of("initial", "null")).result().validity())
                .isEqualTo(Validity.INVALID);
    }

    @Test
    void aViolationOnlyFromTheAssumedInitialValueIsTooWeakNamingInitial() throws IOException {
        CheckedHistory c = check("register-initial-undecided.edn", "register", Map.of());
        CheckResult r = c.result();
        assertThat(r.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(r.weaknesses()).anySatisfy(w -> {
            assertThat(w.kind()).isEqualTo(HistoryCheck.INITIAL_VALUE_ASSUMED);
            assertThat(w.detail()).contains("--initial");
        });
        assertThat(CheckResultJson.toJson(c.source(), "jepsen-edn", r).get("weaknesses").toString())
                .contains("initial-value-assumed");
        assertThat(String.join("\n", CheckResultText.lines(c.source(), "jepsen-edn", r))).contains("--initial");
    }

    @Test
    void aValueTheHistoryWritesIsNoEvidenceOfTheInitialValue() throws IOException {
        // read 3 completed before the write of 3 was invoked: that write cannot explain it, the initial value can
        // (issue 30; until then any op that ever wrote the value counted as its explanation)
        CheckResult r = check("register-read-from-future.edn", null, Map.of()).result();
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.VALID);
        assertThat(r.notes()).anyMatch(n -> n.kind().equals(HistoryCheck.INITIAL_VALUE_INFERRED));
        // Knossos' immediate-failure: a read of 3 that, from Knossos' initial value 0, only a failed write of 3
        // explains (an aborted read); the history does not record the initial value, and from 3 it is linearizable:
        // without --initial that is too weak, never a violation (issue 30)
        java.nio.file.Path immediate = dev.falsify.checkers.history.CorpusPaths.of("knossos/cas-register/bad/immediate-failure.edn");
        CheckResult knossos = HistoryCheck.standard().run(immediate, HistoryCheck.Request.of(null, null,
                CheckBudget.unlimited())).result();
        assertThat(knossos.validity()).isEqualTo(Validity.UNKNOWN);
        assertThat(knossos.hasWeakness(HistoryCheck.INITIAL_VALUE_ASSUMED)).isTrue();
        CheckResult fromZero = HistoryCheck.standard().run(immediate, new HistoryCheck.Request(null, null, null,
                Map.of("initial", "0"), null, Map.of(), null, CheckBudget.unlimited())).result();
        assertThat(fromZero.validity()).isEqualTo(Validity.INVALID);
    }

    @Test
    void historyWrappedInAnObjectIsRead() throws IOException {
        CheckResult r = check("wrapped.json", null, Map.of()).result();
        assertThat(r.checker()).isEqualTo("list-append");
        assertThat(r.evidence().opsTotal()).isEqualTo(2);
        assertThat(r.validity()).isEqualTo(Validity.VALID);
    }
}
