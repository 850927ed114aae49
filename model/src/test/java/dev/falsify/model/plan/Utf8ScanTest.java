package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8Scan} against the JDK's lenient decoding of the same bytes: it never says "no U+FFFD"
 * of bytes that decode to one (malformed or not), nor "no no-break space" of bytes that decode to
 * one; and of well-formed text it says exactly what the text holds, or it would save nothing.
 */
class Utf8ScanTest {
    private static final String[] PIECES = {"a", "plan ", "\n", "§", "—", "é", "\u00a0", "\u202f", "\uFFFD", "\uD83D\uDE00",
            "\u07ff", "\u0800", "\uffff", "\uD7FF", "\uE000", "\uDBFF\uDFFF", "\u00c2", "\u2080"};

    @Test
    void neverMissesAReplacementOrANoBreakSpace() {
        Random random = new Random(21);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = text(random, 1 + random.nextInt(12)).getBytes(StandardCharsets.UTF_8);
            if (round % 2 == 1) {
                // damage: a random byte, a cut sequence, a stray continuation, an overlong or a surrogate
                byte[][] bad = {{(byte) random.nextInt(256)}, {(byte) 0xE2, (byte) 0x80}, {(byte) 0x80}, {(byte) 0xC0, (byte) 0xA0},
                        {(byte) 0xC1, (byte) 0xBF}, {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xF5}, {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0xAF}};
                byte[] b = bad[random.nextInt(bad.length)];
                int at = random.nextInt(bytes.length + 1);
                byte[] out = new byte[bytes.length + b.length];
                System.arraycopy(bytes, 0, out, 0, at);
                System.arraycopy(b, 0, out, at, b.length);
                System.arraycopy(bytes, at, out, at + b.length, bytes.length - at);
                bytes = random.nextInt(4) == 0 ? java.util.Arrays.copyOf(out, random.nextInt(out.length + 1)) : out;
            }
            String decoded = new String(bytes, StandardCharsets.UTF_8);
            int flags = Utf8Scan.scan(bytes, 0, bytes.length);
            boolean replacement = decoded.indexOf('\uFFFD') >= 0;
            boolean nbsp = decoded.indexOf('\u00a0') >= 0 || decoded.indexOf('\u202f') >= 0;
            if (replacement) assertThat(flags & Utf8Scan.MAY_HOLD_REPLACEMENT).as("round %d", round).isNotZero();
            if (nbsp) assertThat(flags & Utf8Scan.MAY_HOLD_NO_BREAK_SPACE).as("round %d", round).isNotZero();
            if (round % 2 == 0) {   // well-formed: exact
                assertThat((flags & Utf8Scan.MAY_HOLD_REPLACEMENT) != 0).as("round %d", round).isEqualTo(replacement);
                assertThat((flags & Utf8Scan.MAY_HOLD_NO_BREAK_SPACE) != 0).as("round %d", round).isEqualTo(nbsp);
            }
            if ((flags & Utf8Scan.MAY_HOLD_NO_BREAK_SPACE) == 0) {
                // what the parser then skips changes nothing
                assertThat(PlanParser.structuralLines(decoded, false).text()).isEqualTo(PlanParser.structuralLines(decoded).text());
            }
        }
    }

    @Test
    void scansARangeOnly() {
        byte[] bytes = "ab\u00a0cd\n\uFFFD".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8Scan.scan(bytes, 0, 2)).isZero();
        assertThat(Utf8Scan.scan(bytes, 0, 4)).isEqualTo(Utf8Scan.MAY_HOLD_NO_BREAK_SPACE);
        assertThat(Utf8Scan.scan(bytes, 7, bytes.length)).isEqualTo(Utf8Scan.MAY_HOLD_REPLACEMENT);
        assertThat(Utf8Scan.scan(bytes, 0, 3)).as("a sequence cut by the range's end").isEqualTo(3);
    }

    private static String text(Random random, int pieces) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pieces; i++) sb.append(PIECES[random.nextInt(PIECES.length)]);
        return sb.toString();
    }
}
