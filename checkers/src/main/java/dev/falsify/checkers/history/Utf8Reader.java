package dev.falsify.checkers.history;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 text of a stream, decoded a chunk at a time by {@code new String(bytes, UTF_8)}, whose
 * ASCII case is one intrinsic scan and copy. Why not {@code InputStreamReader}: its decoder loop
 * runs interpreted through most of a short command, and decoding was a tenth of a check of the
 * Porcupine kv folder. Malformed bytes become U+FFFD as with {@code InputStreamReader}; a sequence
 * cut by the end of a chunk is kept for the next one, so where the chunks end never changes the text.
 *
 * <p>{@link #strict} instead hands out the text up to the first malformed byte and then throws
 * {@link Malformed} at every read, so the reader above it (which knows the line and column it has
 * reached) can refuse the file there: a history's values must not change silently (two different
 * bad bytes would both read as U+FFFD, equal), and binary junk is refused at its first byte.
 */
final class Utf8Reader extends Reader {
    /** The first malformed byte of a {@link #strict} reader's input; the text before it was read. */
    static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int value;

        Malformed(int value) {
            super("byte 0x" + Integer.toHexString(value).toUpperCase(java.util.Locale.ROOT) + " is not UTF-8", null, false, false);
            this.value = value;
        }

        /** What a format error says was found. */
        String found() {
            String hex = Integer.toHexString(value).toUpperCase(java.util.Locale.ROOT);
            return "byte 0x" + (hex.length() < 2 ? "0" : "") + hex + ", which is not UTF-8 text (a binary file, or text in"
                    + " another encoding)";
        }
    }

    private final InputStream in;
    private final boolean strict;
    /** Asked before each chunk is read: when it says stop, {@link ReadingStopped} is thrown (null: never). */
    private final dev.falsify.checkers.api.CheckBudget budget;
    /** Set once a strict reader met a malformed byte: every later read throws it. */
    private Malformed malformed;
    private final byte[] bytes = new byte[1 << 15];
    /** Bytes at the start of {@link #bytes} not yet decoded (the head of a cut sequence). */
    private int kept;
    private String pending = "";
    private int pendingPos;
    private boolean eof;

    Utf8Reader(InputStream in) {
        this(in, false);
    }

    private Utf8Reader(InputStream in, boolean strict, dev.falsify.checkers.api.CheckBudget budget) {
        this.in = in;
        this.strict = strict;
        this.budget = budget;
    }

    private Utf8Reader(InputStream in, boolean strict) {
        this(in, strict, null);
    }

    /** A reader that refuses malformed input ({@link Malformed}) instead of replacing it. */
    static Utf8Reader strict(InputStream in) {
        return new Utf8Reader(in, true);
    }

    /**
     * A {@link #strict} reader that asks {@code budget} before each chunk and throws
     * {@link ReadingStopped} once it is {@link dev.falsify.checkers.api.CheckBudget#exhausted exhausted}.
     */
    static Utf8Reader strict(InputStream in, dev.falsify.checkers.api.CheckBudget budget) {
        return new Utf8Reader(in, true, budget);
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (pendingPos == pending.length()) {
            if (malformed != null) throw malformed;
            if (eof) return -1;
            decodeNextChunk();
        }
        int n = Math.min(len, pending.length() - pendingPos);
        pending.getChars(pendingPos, pendingPos + n, cbuf, off);
        pendingPos += n;
        return n;
    }

    private void decodeNextChunk() throws IOException {
        if (budget != null && budget.exhausted()) throw new ReadingStopped();
        int r = in.read(bytes, kept, bytes.length - kept);
        int have = kept;
        if (r < 0) {
            eof = true;
        } else {
            have += r;
        }
        int whole = eof ? have : completeUpTo(have);
        if (strict && eof) whole = completeUpTo(have); // a sequence cut by the end: the text ends before it (a cut record)
        pending = new String(bytes, 0, whole, StandardCharsets.UTF_8);
        // text of one byte per character cannot hold U+FFFD: the test is one look at the string's coder
        if (strict && pending.indexOf('\uFFFD') >= 0) pending = wellFormedPrefix(whole);
        pendingPos = 0;
        kept = have - whole;
        System.arraycopy(bytes, whole, bytes, 0, kept);
    }

    /**
     * The text of {@code bytes[0, whole)} up to its first malformed byte, which is then kept to be
     * thrown; all of it when the U+FFFD found was written in the text itself.
     */
    private String wellFormedPrefix(int whole) {
        java.nio.charset.CharsetDecoder d = StandardCharsets.UTF_8.newDecoder();
        java.nio.ByteBuffer src = java.nio.ByteBuffer.wrap(bytes, 0, whole);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(whole);
        java.nio.charset.CoderResult r = d.decode(src, out, true);
        if (r.isError()) malformed = new Malformed(bytes[src.position()] & 0xff);
        out.flip();
        return out.toString();
    }

    /**
     * The length of the longest prefix of {@code bytes[0, have)} that does not end inside a
     * multi-byte sequence: the last lead byte is held back when its sequence is not complete.
     */
    private int completeUpTo(int have) {
        for (int back = 1; back <= 3 && have - back >= 0; back++) {
            int b = bytes[have - back] & 0xff;
            if (b < 0x80) return have;            // ASCII: nothing cut
            if (b >= 0xc0) {                      // a lead byte: how long is its sequence?
                int need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                return need > back ? have - back : have;
            }
            // a continuation byte: look further back
        }
        return have;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
