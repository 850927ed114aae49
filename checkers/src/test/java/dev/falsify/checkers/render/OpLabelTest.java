package dev.falsify.checkers.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.model.history.Op;
import org.junit.jupiter.api.Test;

class OpLabelTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Op op(String type, String key, String in, String out, String error, boolean timeout) throws Exception {
        JsonNode i = in == null ? null : JSON.readTree(in);
        JsonNode o = out == null ? null : JSON.readTree(out);
        return new Op("1", "p0", 0, timeout ? null : 10L, type, key, i, o, error, timeout, null, null, 1);
    }

    @Test
    void registerOperationsReadAsOnAWhiteboard() throws Exception {
        assertThat(OpLabel.of(op("write", null, "3", null, null, false))).isEqualTo("w 3");
        assertThat(OpLabel.of(op("read", null, null, "4", null, false))).isEqualTo("r → 4");
        assertThat(OpLabel.of(op("cas", null, "[3,0]", null, null, false))).isEqualTo("cas 3→0");
        assertThat(OpLabel.of(op("get", "k0", null, "\"abc\"", null, false))).isEqualTo("r k0 → abc");
        assertThat(OpLabel.of(op("append", "x", "5", null, null, false))).isEqualTo("append x 5");
    }

    @Test
    void outcomesAreMarked() throws Exception {
        assertThat(OpLabel.of(op("read", null, null, null, null, true))).isEqualTo("r → ? ?");
        assertThat(OpLabel.of(op("write", null, "3", null, "timeout-refused", false))).isEqualTo("w 3 ✗");
    }

    @Test
    void transactionsShowTheirMicroOpsWithReadValues() throws Exception {
        Op txn = op("txn", null, "[[\"r\",\"x\",null],[\"append\",\"y\",2]]", "[[\"r\",\"x\",[1,2]],[\"append\",\"y\",2]]", null, false);
        assertThat(OpLabel.of(txn)).isEqualTo("[r x [1,2]] [append y 2]");
        // Jepsen labels single-op transactions :read / :write; the micro-ops still say what happened
        Op read = op("read", null, "[[\"r\",\"x\",null]]", "[[\"r\",\"x\",3]]", null, false);
        assertThat(OpLabel.of(read)).isEqualTo("[r x 3]");
    }

    @Test
    void longValuesAreCut() throws Exception {
        String label = OpLabel.of(op("write", null, "\"" + "v".repeat(100) + "\"", null, null, false));
        assertThat(label).hasSizeLessThan(30).endsWith("…");
    }
}
