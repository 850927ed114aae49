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
 */
final class Utf8Reader extends Reader {
    private final InputStream in;
    private final byte[] bytes = new byte[1 << 15];
    /** Bytes at the start of {@link #bytes} not yet decoded (the head of a cut sequence). */
    private int kept;
    private String pending = "";
    private int pendingPos;
    private boolean eof;

    Utf8Reader(InputStream in) {
        this.in = in;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (pendingPos == pending.length()) {
            if (eof) return -1;
            decodeNextChunk();
        }
        int n = Math.min(len, pending.length() - pendingPos);
        pending.getChars(pendingPos, pendingPos + n, cbuf, off);
        pendingPos += n;
        return n;
    }

    private void decodeNextChunk() throws IOException {
        int r = in.read(bytes, kept, bytes.length - kept);
        int have = kept;
        if (r < 0) {
            eof = true;
        } else {
            have += r;
        }
        int whole = eof ? have : completeUpTo(have);
        pending = new String(bytes, 0, whole, StandardCharsets.UTF_8);
        pendingPos = 0;
        kept = have - whole;
        System.arraycopy(bytes, whole, bytes, 0, kept);
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
