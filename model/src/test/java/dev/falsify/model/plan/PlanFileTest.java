package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PlanFile#readText}: strict UTF-8 although the text is decoded by the JDK's lenient fast
 * path first (which turns malformed bytes into U+FFFD): a malformed file is refused wherever the bad
 * byte is, and a file that contains U+FFFD itself is read as it is.
 */
class PlanFileTest {
    @TempDir
    Path dir;

    private Path file(byte[] bytes) throws IOException {
        Path f = dir.resolve("plan.md");
        Files.write(f, bytes);
        return f;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    @Test
    void malformedBytesAreRefused() throws IOException {
        byte[][] bad = {
            {(byte) 0xE9},                                   // Latin-1 é
            {(byte) 0xC3},                                   // truncated two-byte sequence at the end
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},         // an encoded surrogate
            {(byte) 0xC0, (byte) 0xAF},                      // overlong
            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
        };
        for (byte[] b : bad) {
            Path f = file(concat(utf8("# Test plan — kv\n\n"), b, utf8("\n## 1. Scope\n")));
            assertThatThrownBy(() -> PlanFile.readText(f)).isInstanceOf(PlanFile.UnreadablePlanException.class)
                    .hasMessage(f + ": is not UTF-8 text");
        }
        // a malformed byte next to a genuine U+FFFD is still refused
        Path f = file(concat(utf8("# Plan \uFFFD\n"), new byte[] {(byte) 0xFF}));
        assertThatThrownBy(() -> PlanFile.readText(f)).hasMessage(f + ": is not UTF-8 text");
    }

    @Test
    void aReplacementCharacterWrittenInTheFileIsKept() throws Exception {
        String text = "# Test plan \uFFFD kv\n\n## 1. Scope\n\u00a7 \u2014 \uD83D\uDE00\n";
        assertThat(PlanFile.readText(file(utf8(text)))).isEqualTo(text);
        assertThat(PlanFile.readText(file(utf8("\uFEFF" + text)))).isEqualTo(text);   // BOM dropped
    }

    @Test
    void aBigFileDecodedInTwoHalvesIsTheWholeDecoded() throws Exception {
        java.util.Random random = new java.util.Random(5);
        String[] pieces = {"a", "§", "—", "\uD83D\uDE00", "\n", " ", "\u00e9", "|", "\r\n"};
        for (int round = 0; round < 6; round++) {
            StringBuilder sb = new StringBuilder();
            while (sb.length() < PlanFile.PARALLEL_DECODE_MIN + 1000) sb.append(pieces[random.nextInt(round < 3 ? 4 : pieces.length)]);
            if (round == 5) sb.append("\n");
            byte[] bytes = utf8(sb.toString());   // rounds 0-2: no newline at all, one file-long line
            assertThat(PlanFile.lenientUtf8(bytes).text()).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
        }
        // a malformed byte in either half is still refused
        StringBuilder sb = new StringBuilder();
        while (sb.length() < PlanFile.PARALLEL_DECODE_MIN * 2) sb.append("line — of a plan\n");
        byte[] good = utf8(sb.toString());
        for (int at : new int[] {100, good.length / 2 - 3, good.length / 2 + 40, good.length - 2}) {
            byte[] bad = good.clone();
            bad[at] = (byte) 0xFF;
            Path f = file(bad);
            assertThatThrownBy(() -> PlanFile.readText(f)).hasMessage(f + ": is not UTF-8 text");
        }
        assertThat(PlanFile.readText(file(good))).isEqualTo(sb.toString());
    }

    @Test
    void validTextIsReadAsDecoded() throws Exception {
        String text = "\uFEFF# Plan\n\u00a0caf\u00e9 \u202f \u2192 \uD83D\uDE00\r\n";
        assertThat(PlanFile.readText(file(utf8(text)))).isEqualTo(text.substring(1));
        assertThat(PlanFile.readText(file(utf8("plain ascii\n")))).isEqualTo("plain ascii\n");
        assertThat(PlanFile.readText(file(new byte[0]))).isEmpty();
    }
}
