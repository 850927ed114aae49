package dev.falsify.devtools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.devtools.bench.ScaleHistories.Kind;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The generated histories answer as they were built to, through the same pipeline as {@code falsify check}. */
class ScaleHistoriesTest {

    private static String generate(Kind kind, int ops, boolean broken, long seed) throws IOException {
        StringWriter w = new StringWriter();
        ScaleHistories.write(w, kind, ops, broken, seed);
        return w.toString();
    }

    private static CheckResult check(String text, String name) {
        // no checker, no model: auto-detection as a user's plain `falsify check FILE` gets it
        return HistoryCheck.standard().run(new StringReader(text), name,
                new HistoryCheck.Request(null, null, null, Map.of(), null, Map.of(), null, CheckBudget.unlimited())).result();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42})
    void kvIsLinearizableUnlessBroken(long seed) throws IOException {
        CheckResult ok = check(generate(Kind.KV, 3000, false, seed), "kv-ok.txt");
        assertThat(ok.checker()).isEqualTo("linearizability");
        assertThat(ok.model()).isEqualTo("kv");
        assertThat(ok.validity()).isEqualTo(Validity.VALID);
        assertThat(ok.evidence().opsTotal()).isEqualTo(3000);

        CheckResult bad = check(generate(Kind.KV, 3000, true, seed), "kv-bad.txt");
        assertThat(bad.validity()).isEqualTo(Validity.INVALID);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42})
    void listAppendIsValidUnlessBroken(long seed) throws IOException {
        CheckResult ok = check(generate(Kind.LIST_APPEND, 3000, false, seed), "la-ok.edn");
        assertThat(ok.checker()).isEqualTo("list-append");
        assertThat(ok.validity()).isEqualTo(Validity.VALID);
        assertThat(ok.weaknesses()).isEmpty();

        CheckResult bad = check(generate(Kind.LIST_APPEND, 3000, true, seed), "la-bad.edn");
        assertThat(bad.validity()).isEqualTo(Validity.INVALID);
        assertThat(((TxnCounterexample) bad.counterexample()).anomalyTypes()).contains("G1a");
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherHistory() throws IOException {
        for (Kind k : Kind.values()) {
            assertThat(generate(k, 500, true, 7)).isEqualTo(generate(k, 500, true, 7));
            assertThat(generate(k, 500, false, 7)).isNotEqualTo(generate(k, 500, false, 8));
        }
    }

    @Test
    void kvHasTheIssuesMixAndOneStaleRead() throws IOException {
        String ok = generate(Kind.KV, 20_000, false, 5);
        String bad = generate(Kind.KV, 20_000, true, 5);
        Map<String, Integer> invokes = new HashMap<>();
        Matcher m = Pattern.compile(":type :invoke, :f :(\\w+)").matcher(ok);
        while (m.find()) invokes.merge(m.group(1), 1, Integer::sum);
        assertThat(invokes.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(20_000);
        assertThat(invokes.get("get")).isBetween(7_600, 8_400);
        assertThat(invokes.get("put")).isBetween(5_600, 6_400);
        assertThat(invokes.get("append")).isBetween(5_600, 6_400);
        assertThat(ok.lines().filter(l -> l.contains(":process 15,")).count()).isPositive();
        assertThat(ok.lines().filter(l -> l.contains(":process 16,")).count()).isZero();
        // the broken history differs from its twin in exactly one line: the stale get's completion
        String[] a = ok.split("\n");
        String[] b = bad.split("\n");
        assertThat(b).hasSameSizeAs(a);
        int differing = 0;
        for (int i = 0; i < a.length; i++) {
            if (!a[i].equals(b[i])) {
                differing++;
                assertThat(b[i]).contains(":type :ok, :f :get");
            }
        }
        assertThat(differing).isEqualTo(1);
    }

    @Test
    void listAppendRotatesKeysAfter32Appends() throws IOException {
        String h = generate(Kind.LIST_APPEND, 20_000, false, 9);
        Map<String, Integer> appends = new HashMap<>();
        Matcher m = Pattern.compile(":type :invoke.*").matcher(h);
        while (m.find()) {
            Matcher a = Pattern.compile("\\[:append (\\d+) (\\d+)\\]").matcher(m.group());
            while (a.find()) appends.merge(a.group(1), 1, Integer::sum);
        }
        assertThat(appends.values()).allMatch(n -> n <= ScaleHistories.MAX_APPENDS_PER_KEY);
        assertThat(appends).hasSizeGreaterThan(100);
        assertThat(h.lines().filter(l -> l.startsWith("{:type :ok")).count()).isEqualTo(20_000);
    }
}
