package dev.falsify.runner.messages;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a tapped link's byte stream divides into messages ({@code messages[].framing}). A frame keeps its
 * framing bytes (the newline, the length prefix), so a delivered message is exactly the bytes that were sent.
 */
sealed interface Framing permits Framing.Newline, Framing.LengthPrefixed4, Framing.Regex {
    /** Frames longer than this are passed on as they are, unframed: a stream that never frames cannot fill the heap. */
    int MAX_FRAME = 1 << 20;

    static Framing parse(String text) {
        if (text == null || text.equals("newline")) return new Newline();
        if (text.equals("length-prefixed-4")) return new LengthPrefixed4();
        if (text.startsWith("regex:")) return new Regex(Pattern.compile(text.substring("regex:".length())));
        throw new IllegalArgumentException("unknown framing '" + text + "'");
    }

    /** The length of the frame starting at {@code from} ({@code end} is the buffer's fill), or -1 when more bytes are needed. */
    int frameEnd(byte[] buf, int from, int end, boolean atEof);

    /** The payload part of a frame (what fields are read from): the frame without its framing bytes. */
    String payload(byte[] frame);

    record Newline() implements Framing {
        @Override
        public int frameEnd(byte[] buf, int from, int end, boolean atEof) {
            for (int i = from; i < end; i++) if (buf[i] == '\n') return i + 1 - from;
            return -1;
        }

        @Override
        public String payload(byte[] f) {
            int n = f.length;
            if (n > 0 && f[n - 1] == '\n') n--;
            if (n > 0 && f[n - 1] == '\r') n--;
            return new String(f, 0, n, StandardCharsets.UTF_8);
        }
    }

    /** A 4-byte big-endian length, then that many bytes. */
    record LengthPrefixed4() implements Framing {
        @Override
        public int frameEnd(byte[] buf, int from, int end, boolean atEof) {
            int have = end - from;
            if (have < 4) return -1;
            long len = ((buf[from] & 0xffL) << 24) | ((buf[from + 1] & 0xff) << 16) | ((buf[from + 2] & 0xff) << 8) | (buf[from + 3] & 0xff);
            if (len > MAX_FRAME) return Math.min(have, MAX_FRAME); // not this framing after all: pass the bytes on
            return have >= 4 + len ? (int) (4 + len) : -1;
        }

        @Override
        public String payload(byte[] f) {
            return f.length <= 4 ? "" : new String(f, 4, f.length - 4, StandardCharsets.UTF_8);
        }
    }

    /**
     * A message is the regex's non-empty match at the start of the stream (the match must not be able to grow);
     * bytes at which no match can start are passed on unframed.
     */
    record Regex(Pattern pattern) implements Framing {
        @Override
        public int frameEnd(byte[] buf, int from, int end, boolean atEof) {
            // ISO-8859-1 maps each byte to one char, so match offsets are byte offsets
            Matcher m = pattern.matcher(new String(buf, from, end - from, StandardCharsets.ISO_8859_1));
            boolean match = m.lookingAt() && m.end() > 0;
            if (m.hitEnd() && !atEof) return -1; // more bytes could make or change the match
            if (match) return m.end();
            return unframed(m, end - from);
        }

        /**
         * No message can start at the stream's head: the bytes up to where one could start go on as one piece,
         * so a stream that strays from the framing flows on instead of stalling until {@link #MAX_FRAME} bytes.
         */
        private static int unframed(Matcher m, int n) {
            for (int s = 1; s < n; s++) {
                m.region(s, n);
                if ((m.lookingAt() && m.end() > s) || m.hitEnd()) return s;
            }
            return n;
        }

        @Override
        public String payload(byte[] f) {
            return new String(f, StandardCharsets.UTF_8);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Regex r && r.pattern.pattern().equals(pattern.pattern());
        }

        @Override
        public int hashCode() {
            return pattern.pattern().hashCode();
        }
    }

    /** Accumulates one direction's bytes and cuts them into frames. Not thread-safe: one reader per direction. */
    final class Deframer {
        private final Framing framing;
        private byte[] buf = new byte[4096];
        private int len;

        Deframer(Framing framing) {
            this.framing = framing;
        }

        void feed(byte[] data, int n, Consumer<byte[]> frame) {
            if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            System.arraycopy(data, 0, buf, len, n);
            len += n;
            cut(frame, false);
        }

        /** At end of stream: what is left is a last frame if the framing accepts it, else passed on as it is. */
        byte[] end(Consumer<byte[]> frame) {
            cut(frame, true);
            byte[] rest = Arrays.copyOf(buf, len);
            len = 0;
            return rest;
        }

        private void cut(Consumer<byte[]> frame, boolean atEof) {
            int start = 0;
            while (start < len) {
                int e = framing.frameEnd(buf, start, len, atEof);
                if (e < 0) {
                    if (len - start > MAX_FRAME) e = len - start;
                    else break;
                }
                frame.accept(Arrays.copyOfRange(buf, start, start + e));
                start += e;
            }
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, len - start);
                len -= start;
            }
        }
    }
}
