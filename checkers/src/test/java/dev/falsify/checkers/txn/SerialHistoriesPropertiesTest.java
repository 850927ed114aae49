package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** A strictly serial execution never shows an anomaly, with or without process and real-time edges. */
class SerialHistoriesPropertiesTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    static List<Op> serial(long seed, int txns, boolean lists) {
        Random rnd = new Random(seed);
        Map<String, List<Integer>> listState = new HashMap<>();
        Map<String, Integer> regState = new HashMap<>();
        List<Op> ops = new ArrayList<>();
        int next = 1;
        for (int i = 0; i < txns; i++) {
            ArrayNode in = JSON.arrayNode();
            ArrayNode out = JSON.arrayNode();
            int n = 1 + rnd.nextInt(4);
            for (int j = 0; j < n; j++) {
                String k = "k" + rnd.nextInt(4);
                if (rnd.nextBoolean()) {
                    int v = next++;
                    in.addArray().add(lists ? "append" : "w").add(k).add(v);
                    out.addArray().add(lists ? "append" : "w").add(k).add(v);
                    if (lists) listState.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
                    else regState.put(k, v);
                } else {
                    in.addArray().add("r").add(k).addNull();
                    ArrayNode r = out.addArray().add("r").add(k);
                    if (lists) {
                        List<Integer> cur = listState.get(k);
                        if (cur == null) r.addNull();
                        else {
                            ArrayNode l = r.addArray();
                            cur.forEach(l::add);
                        }
                    } else if (regState.containsKey(k)) {
                        r.add(regState.get(k));
                    } else {
                        r.addNull();
                    }
                }
            }
            String proc = Integer.toString(rnd.nextInt(3));
            ops.add(new Op(Integer.toString(i), proc, i * 10L, i * 10L + 5, "txn", null, in, out, null, false, null, null, 0));
        }
        return ops;
    }

    @Property(tries = 40)
    void serialListAppendIsValid(@ForAll long seed, @ForAll @IntRange(min = 5, max = 60) int txns) {
        List<Op> h = serial(seed, txns, true);
        CheckResult r = new ListAppendChecker().check(new CheckInput(h, "list-append",
                Map.of("realtime", "true", "process", "true"), null, Map.of(), null), CheckBudget.unlimited());
        assertThat(r.validity()).as(r.summary()).isIn(Validity.VALID, Validity.UNKNOWN);
        assertThat(r.counterexample() == null || ((dev.falsify.checkers.api.TxnCounterexample) r.counterexample()).anomalies().isEmpty()).isTrue();
    }

    @Property(tries = 40)
    void serialRwRegisterIsValid(@ForAll long seed, @ForAll @IntRange(min = 5, max = 60) int txns) {
        List<Op> h = serial(seed, txns, false);
        CheckResult r = new RwRegisterChecker().check(new CheckInput(h, "rw-register",
                Map.of("realtime", "true", "process", "true"), null, Map.of(), null), CheckBudget.unlimited());
        assertThat(r.counterexample() == null || ((dev.falsify.checkers.api.TxnCounterexample) r.counterexample()).anomalies().isEmpty())
                .as(r.summary()).isTrue();
    }

    @Test
    void everyCheckerIsRegistered() {
        CheckerRegistry reg = CheckerRegistry.standard();
        for (String name : List.of("list-append", "rw-register", "session", "monotonic-read", "prefix-order",
                "no-lost-ack", "exactly-once", "final-state-invariant", "replica-reconciliation", "fairness")) {
            assertThat(reg.find(name)).as(name).isPresent();
        }
        assertThat(reg.forModel("list-append")).extracting(c -> c.name()).contains("list-append");
    }
}
