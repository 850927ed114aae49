package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.Validity;
import dev.falsify.checkers.history.HistoryFormatException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code falsify check}'s per-file check on histories in the shapes real recorders write, each with
 * an answer worked out by hand: tolerant reading must not change the verdict, and what the reader
 * found missing must keep a "valid" from passing silently.
 */
class HistoryFileCheckTest {

    private static HistoryFileCheck.Outcome check(Path file) throws IOException {
        return HistoryFileCheck.run(file, null, null, Map.of(), CheckBudget.of(Duration.ofSeconds(30)));
    }

    private static Path variant(String name) {
        try {
            return Path.of(HistoryFileCheckTest.class.getResource("/dev/falsify/checkers/history/variants/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void staleReadsAreFoundWhateverTheTimestampForm() throws IOException {
        // each: write 1 completes, then a later read returns the old value (nil, or 0 never written)
        for (String name : new String[] {"float-seconds-stale-read.jsonl", "iso-times-stale-read.jsonl",
                "events.jsonl", "jepsen-log-stale-read.log"}) {
            CheckResult r = check(variant(name)).result();
            assertThat(r.validity()).as(name + ": " + r.summary()).isEqualTo(Validity.INVALID);
        }
    }

    @Test
    void aFailedWriteMarkedOnlyByTypeDoesNotExplainARead() throws IOException {
        CheckResult r = check(variant("outcome-type-field.jsonl")).result();
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.INVALID);
    }

    @Test
    void tolerantFormsOfAValidHistoryStayValidAndUnweakened() throws IOException {
        for (String name : new String[] {"pretty-array.json", "crlf-bom-strings.jsonl"}) {
            CheckResult r = check(variant(name)).result();
            assertThat(r.validity()).as(name + ": " + r.summary()).isEqualTo(Validity.VALID);
            assertThat(r.weaknesses()).as(name).isEmpty();
        }
    }

    @Test
    void aTruncatedHistoryIsCheckedButWeak() throws IOException {
        HistoryFileCheck.Outcome o = check(variant("truncated.jsonl"));
        assertThat(o.result().validity()).isEqualTo(Validity.VALID);
        assertThat(o.result().evidence().opsTotal()).isEqualTo(2);
        assertThat(o.result().weaknesses()).extracting(HistoryWeakness::kind).containsExactly("truncated-record");
        assertThat(o.notes()).hasSize(1);
    }

    @Test
    void aStringThatLooksLikeANumberIsShownQuotedInTheCounterexample(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.jsonl");
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"read\",\"output\":\"1\"}\n");
        CheckResult r = check(f).result();
        assertThat(r.validity()).isEqualTo(Validity.INVALID); // the number 1 was written, the string "1" read
        assertThat(String.join("\n", r.counterexample().describe())).contains("read → \"1\"").contains("impossible in state 1");
    }

    @Test
    void registerSpellingsGetPutAndRwAreInferredAsARegister(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.jsonl");
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"put\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"get\",\"output\":null}\n");
        HistoryFileCheck.Outcome o = check(f);
        assertThat(o.model()).isEqualTo("register");
        assertThat(o.result().validity()).isEqualTo(Validity.INVALID); // a get after the put completed saw nil
        Files.writeString(f, "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"w\",\"input\":1}\n"
                + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"r\",\"output\":1}\n");
        assertThat(check(f).result().validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void opsWithoutAnyOpTypeAskForAModelInsteadOfCrashing(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("h.edn");
        Files.writeString(f, "{:process 0 :type :invoke :value 1}\n{:process 0 :type :ok :value 1}\n");
        assertThatThrownBy(() -> check(f))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessageEndingWith("pass --model (" + String.join(", ", Models.NAMES) + "), found ops without op_type");
    }

    @Test
    void anEmptyHistoryIsSaidToBeEmpty(@TempDir Path dir) throws IOException {
        for (String content : new String[] {"", "\n\n", "; only a comment\n", "[]\n"}) {
            Path f = dir.resolve("h.edn");
            Files.writeString(f, content);
            CheckResult r = check(f).result();
            assertThat(r.validity()).isEqualTo(Validity.VALID);
            assertThat(r.weaknesses()).as("'" + content + "'").extracting(HistoryWeakness::kind).containsExactly("empty-history");
        }
    }
}
