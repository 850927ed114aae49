package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The kv-op scan that replaced a regex finds exactly what the regex found. */
class FormatDetectorKvOpTest {
    /** The pattern the detector used before: the oracle. */
    private static final Pattern KV_OP = Pattern.compile(":f\\s+:(get|put|append)\\b");

    @Test
    void findsTheOpsOfPorcupineKvLines() {
        assertThat(FormatDetector.hasKvOp("{:process 0, :type :invoke, :f :append, :key \"0\", :value \"x 0 0 y\"}")).isTrue();
        assertThat(FormatDetector.hasKvOp("{:f\t\t:get :key \"7\"}")).isTrue();
        assertThat(FormatDetector.hasKvOp("{:f :put}")).isTrue();
        assertThat(FormatDetector.hasKvOp("{:f :getter :key 1}")).isFalse();
        assertThat(FormatDetector.hasKvOp("{:f:get}")).isFalse();
        assertThat(FormatDetector.hasKvOp("{:f :read, :key 1}")).isFalse();
        assertThat(FormatDetector.hasKvOp("{:foo :get}")).isFalse();
    }

    @Test
    void agreesWithTheRegexOnGeneratedLines() {
        String[] parts = {":f", " ", "\t", "\u000B", "\u00A0", ":", "get", "put", "append", "ge", "x", "_", "1", "é",
                "\u0301", "\uD835\uDC00", ",", "}", "{", ":f :", "ap", "pend"};
        Random rnd = new Random(12);
        int agreedTrue = 0;
        for (int n = 0; n < 50_000; n++) {
            StringBuilder sb = new StringBuilder();
            int k = 1 + rnd.nextInt(8);
            for (int i = 0; i < k; i++) sb.append(parts[rnd.nextInt(parts.length)]);
            String line = sb.toString();
            boolean expected = KV_OP.matcher(line).find();
            assertThat(FormatDetector.hasKvOp(line)).as("%s", line).isEqualTo(expected);
            if (expected) agreedTrue++;
        }
        assertThat(agreedTrue).as("the generator reaches lines the regex accepts").isGreaterThan(500);
    }
}
