package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.OracleViolations;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.HistoryFormatException;
import dev.falsify.checkers.pipeline.HistoryCheck;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The histories of Elle's list-append and rw-register checker tests, of Knossos' linearizability
 * tests and of Jepsen's checker and workload tests (counter, set, set-full, unique-ids, total-queue,
 * long-fork; bank from its checker's rules), transcribed in the forms those tests build them
 * (completions only, no {@code :f}, no {@code :process}, …; see
 * {@code src/test/resources/reference/README.md}), checked the way a user would check them: through
 * the one pipeline, with no {@code --checker} (unless the reference test named a checker the ops
 * alone do not call for: {@code ; given-checker:}). Each file says what the reference test expects
 * ({@code ; reference:}) and what Falsify answers ({@code ; expect:}); where they differ the file
 * says why ({@code ; differs:}, also in docs/checkers.md). An answer is the validity, then for the
 * transactional checkers the anomaly types and Elle's "not" (the weakest models ruled out), for
 * the workload checkers what each violation is (a counter's {@code [lower read upper]}, a set
 * element's {@code lost 0}, a bank read's error type, …); {@code ; summary:} parts
 * ({@code &&}-separated) must be in the result's summary (counts, latencies).
 */
class ReferenceSuiteTest {
    private static final Path ROOT = Path.of("src/test/resources/reference");

    @Test
    void everyReferenceHistoryGetsItsAnswer() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(ROOT)) {
            files = s.filter(p -> p.toString().endsWith(".edn") || p.toString().endsWith(".txt")).sorted().toList();
        }
        int agree = 0;
        int differ = 0;
        List<String> wrong = new ArrayList<>();
        for (Path f : files) {
            Map<String, String> head = header(f);
            String reference = head.get("reference");
            String expect = head.get("expect");
            assertThat(reference).as(f + " names the reference's answer").isNotNull();
            assertThat(expect).as(f + " names Falsify's answer").isNotNull();
            assertThat(reference.equals(expect) || head.containsKey("differs"))
                    .as(f + ": an answer other than the reference's says why (; differs:)").isTrue();
            String answer = answer(f, head);
            if (!answer.equals(expect)) wrong.add(f + ": expected " + expect + ", got " + answer);
            else if (reference.equals(expect)) agree++;
            else differ++;
        }
        System.out.printf("reference suite: %d of %d histories get the answer the reference test expects;"
                + " %d differ on purpose (docs/checkers.md)%n", agree, files.size(), differ);
        assertThat(wrong).isEmpty();
        assertThat(files).hasSizeGreaterThanOrEqualTo(75);
        assertThat(agree + differ).isEqualTo(files.size());
    }

    /** {@code ; key: value} lines at the top of the file. */
    private static Map<String, String> header(Path f) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(f)) {
            if (!line.startsWith(";")) break;
            String l = line.substring(1).strip();
            int colon = l.indexOf(':');
            if (colon > 0) out.putIfAbsent(l.substring(0, colon).strip(), l.substring(colon + 1).strip());
        }
        return out;
    }

    private static String answer(Path f, Map<String, String> head) throws IOException {
        Map<String, String> options = new LinkedHashMap<>();
        if (head.containsKey("options")) {
            // name=value pairs, comma-separated; a value may hold commas (accounts=0,1,2)
            for (String kv : head.get("options").split(",\\s*(?=[\\w-]+=)")) {
                String[] p = kv.strip().split("=", 2);
                options.put(p[0], p[1]);
            }
        }
        HistoryCheck.Request request = new HistoryCheck.Request(head.get("given-checker"), head.get("model"), null, options, null, Map.of(),
                null, CheckBudget.unlimited());
        CheckResult r;
        try {
            r = head.containsKey("corpus")
                    ? HistoryCheck.standard().run(CorpusPaths.of(head.get("corpus")), request).result()
                    : HistoryCheck.standard().run(new StringReader(Files.readString(f)), f.getFileName().toString(),
                    request).result();
        } catch (HistoryFormatException e) {
            return "error";
        }
        if (head.containsKey("checker")) {
            assertThat(r.checker()).as(f + ": the checker chosen without --checker").isEqualTo(head.get("checker"));
        }
        if (head.containsKey("summary")) {
            for (String part : head.get("summary").split(" && ")) {
                assertThat(r.summary()).as(f + ": the summary").contains(part.strip());
            }
        }
        String validity = r.validity().name().toLowerCase(java.util.Locale.ROOT);
        // valid on a weak history is exit 3, as the command line answers it
        if (r.validity() == dev.falsify.model.vocabulary.Validity.VALID && !r.weaknesses().isEmpty()) validity = "unknown";
        if (r.counterexample() instanceof OracleViolations v && r.validity() == dev.falsify.model.vocabulary.Validity.INVALID) {
            return validity + " | " + String.join(", ", new TreeSet<>(violations(v)));
        }
        if (!(r.counterexample() instanceof TxnCounterexample cx) || r.validity() != dev.falsify.model.vocabulary.Validity.INVALID) {
            return validity;
        }
        LinkedHashSet<String> ruledOut = new LinkedHashSet<>();
        for (TxnCounterexample.Anomaly a : cx.anomalies()) ruledOut.addAll(a.modelsRuledOut());
        return validity + " " + String.join(" ", cx.anomalyTypes()) + " | not "
                + String.join(" ", new TreeSet<>(ConsistencyModels.weakest(ruledOut)));
    }

    /**
     * What each violation of a workload checker is, as the reference tests list them: a counter's
     * {@code [lower read upper]}, {@code id 0 x3}, {@code lost 0}, {@code unexpected wtf}, a bank
     * read's error type.
     */
    private static List<String> violations(OracleViolations v) {
        List<String> out = new ArrayList<>();
        for (OracleViolations.Violation x : v.items()) {
            var f = x.fields();
            if (f.has("lower")) {
                out.add("[" + f.get("lower").asText() + " " + f.get("value").asText() + " " + f.get("upper").asText() + "]");
            } else if (f.has("id")) {
                out.add("id " + show(f.get("id")) + " x" + f.get("count").asText());
            } else if (f.has("type")) {
                out.add(f.get("type").asText());
            } else {
                String kind = f.path("kind").asText("?");
                JsonNode what = f.has("element") ? f.get("element") : f.get("value");
                out.add(what == null || kind.equals("lost") && !f.has("element") ? kind : kind + " " + show(what));
            }
        }
        return out;
    }

    private static String show(JsonNode n) {
        return n.isTextual() ? n.textValue() : n.toString();
    }
}
