package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Utf8Reader} reads the same text as {@code InputStreamReader}, however the bytes arrive. */
class Utf8ReaderTest {

    @Test
    void sameTextAsInputStreamReaderForAnyBytesInAnyChunks() throws IOException {
        Random random = new Random(1201);
        String[] pieces = {"a", "{:f :read}", "\n", "é", "€", "😀", "ü\u0301", "\u0000"};
        for (int round = 0; round < 400; round++) {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            int size = random.nextInt(round < 200 ? 200 : 90_000);
            while (b.size() < size) {
                if (random.nextInt(12) == 0) {
                    b.write(0x80 + random.nextInt(0x80)); // malformed: a stray continuation or lead byte
                } else {
                    b.writeBytes(pieces[random.nextInt(pieces.length)].getBytes(StandardCharsets.UTF_8));
                }
            }
            byte[] bytes = b.toByteArray();
            String expected = readAll(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8), random);
            String actual = readAll(new Utf8Reader(new Dribble(bytes, random)), random);
            assertThat(actual).as("round %d, %d bytes", round, bytes.length).isEqualTo(expected);
        }
    }

    @Test
    void aSequenceCutByTheEndOfTheInputIsOneReplacementCharacter() throws IOException {
        byte[] bytes = {'o', 'k', (byte) 0xe2, (byte) 0x82};
        assertThat(readAll(new Utf8Reader(new ByteArrayInputStream(bytes)), new Random(1)))
                .isEqualTo(readAll(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8), new Random(1)));
    }

    private static String readAll(Reader r, Random random) throws IOException {
        StringWriter w = new StringWriter();
        char[] buf = new char[1 + random.nextInt(5000)];
        int n;
        while ((n = r.read(buf, 0, buf.length)) >= 0) w.write(buf, 0, n);
        r.close();
        return w.toString();
    }

    /** Hands out the bytes a few at a time, as a pipe or a slow disk may. */
    private static final class Dribble extends InputStream {
        private final byte[] bytes;
        private final Random random;
        private int pos;

        Dribble(byte[] bytes, Random random) {
            this.bytes = bytes;
            this.random = random;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == bytes.length) return -1;
            int n = Math.min(Math.min(len, bytes.length - pos), 1 + random.nextInt(random.nextBoolean() ? 7 : 40_000));
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
