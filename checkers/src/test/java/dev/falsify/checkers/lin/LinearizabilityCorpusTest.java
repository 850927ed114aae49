package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every corpus file whose answer is public gets that answer (corpora/README.md). */
class LinearizabilityCorpusTest {
    private static final Set<Integer> ETCD_LINEARIZABLE = Set.of(2, 5, 7, 18, 25, 31, 38, 45, 48, 49);

    private final LinearizabilityChecker checker = new LinearizabilityChecker();

    private CheckResult check(Path file, String model, Map<String, String> options) throws IOException {
        History h = Histories.readAll(file, null);
        return checker.check(h.ops().iterator(), model, options, CheckBudget.of(Duration.ofSeconds(60)));
    }

    @Test
    void etcdFiles000To049() throws IOException {
        for (int i = 0; i <= 49; i++) {
            Path f = CorpusPaths.of(String.format("porcupine/etcd/etcd_%03d.log", i));
            CheckResult r = check(f, "cas-register", Map.of());
            Validity expected = ETCD_LINEARIZABLE.contains(i) ? Validity.VALID : Validity.INVALID;
            assertThat(r.validity()).as(f + ": " + r.summary()).isEqualTo(expected);
            if (expected == Validity.INVALID) {
                assertThat(r.counterexample()).isNotNull();
                assertThat(r.counterexample().describe()).isNotEmpty();
            }
        }
    }

    @Test
    void emptyEtcdHistoryIsValidAndEmpty() throws IOException {
        CheckResult r = check(CorpusPaths.of("porcupine/etcd/etcd_095.log"), "cas-register", Map.of());
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.evidence().ops()).isZero();
        assertThat(r.evidence().opsTotal()).isZero();
        // "valid" on nothing is no evidence: the empty history is said to be empty (corpora/README.md)
        assertThat(r.weaknesses()).extracting(w -> w.kind()).containsExactly("empty-history");
    }

    @Test
    void kvFiles() throws IOException {
        for (String name : List.of("c01-ok", "c01-bad", "c10-ok", "c10-bad", "c50-ok", "c50-bad")) {
            CheckResult r = check(CorpusPaths.of("porcupine/kv/" + name + ".txt"), "kv", Map.of());
            assertThat(r.validity()).as(name + ": " + r.summary())
                    .isEqualTo(name.endsWith("ok") ? Validity.VALID : Validity.INVALID);
            assertThat(r.evidence().partitions()).isGreaterThan(1);
        }
    }

    @Test
    void knossosCasRegister() throws IOException {
        for (String verdict : List.of("good", "bad")) {
            List<Path> files;
            try (Stream<Path> s = Files.list(CorpusPaths.of("knossos/cas-register/" + verdict))) {
                files = s.sorted().toList();
            }
            for (Path f : files) {
                CheckResult r = check(f, "cas-register", Map.of());
                assertThat(r.validity()).as(f + ": " + r.summary())
                        .isEqualTo(verdict.equals("good") ? Validity.VALID : Validity.INVALID);
            }
        }
    }

    @Test
    void knossosMultiRegisterAndMutex() throws IOException {
        CheckResult multi = check(CorpusPaths.of("knossos/multi-register/good/multi-register.edn"), "multi-register", Map.of());
        assertThat(multi.validity()).as(multi.summary()).isEqualTo(Validity.VALID);
        CheckResult pinned = check(CorpusPaths.of("knossos/multi-register/good/multi-register.edn"), "multi-register",
                Map.of("initial", "{\"x\":0,\"y\":0}"));
        assertThat(pinned.validity()).as(pinned.summary()).isEqualTo(Validity.VALID);
        CheckResult mutex = check(CorpusPaths.of("knossos/mutex/bad/etcd.edn"), "mutex", Map.of());
        assertThat(mutex.validity()).as(mutex.summary()).isEqualTo(Validity.INVALID);
    }
}
