package dev.falsify.runner.store;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A sparse line → byte-offset index of a log file: the offset of every {@code stride}-th line, so
 * any line is one seek plus at most {@code stride - 1} skipped lines away.
 *
 * @param stride  lines between recorded offsets
 * @param offsets byte offset of line {@code k * stride} (0-based lines) at index {@code k}
 * @param lines   number of lines (a final line without newline counts)
 * @param size    bytes indexed
 */
record LineIndex(int stride, long[] offsets, long lines, long size) {
    static final int DEFAULT_STRIDE = 256;

    static LineIndex build(Path file, int stride) throws IOException {
        List<Long> offs = new ArrayList<>();
        offs.add(0L);
        long pos = 0;
        long lines = 0;
        boolean pendingLine = false;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    pos++;
                    pendingLine = true;
                    if (buf[i] == '\n') {
                        lines++;
                        pendingLine = false;
                        if (lines % stride == 0) {
                            offs.add(pos);
                        }
                    }
                }
            }
        }
        if (pendingLine) {
            lines++;
        } else if (!offs.isEmpty() && offs.get(offs.size() - 1) == pos && pos > 0) {
            offs.remove(offs.size() - 1); // offset of a line that does not exist (file ends with newline)
        }
        long[] arr = offs.stream().mapToLong(Long::longValue).toArray();
        return new LineIndex(stride, arr, lines, pos);
    }

    byte[] offsetsBlob() {
        ByteBuffer b = ByteBuffer.allocate(offsets.length * Long.BYTES);
        for (long o : offsets) {
            b.putLong(o);
        }
        return b.array();
    }

    static long[] offsetsFrom(byte[] blob) {
        ByteBuffer b = ByteBuffer.wrap(blob);
        long[] out = new long[blob.length / Long.BYTES];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getLong();
        }
        return out;
    }

    /** Lines {@code [from, from + count)} (0-based), without line terminators. */
    static List<String> read(Path file, int stride, long[] offsets, long from, int count) throws IOException {
        List<String> out = new ArrayList<>();
        if (from < 0 || count <= 0) {
            return out;
        }
        int block = (int) Math.min(from / stride, offsets.length - 1L);
        if (block < 0) {
            return out;
        }
        long line = (long) block * stride;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            raf.seek(offsets[block]);
            InputStream in = new BufferedInputStream(java.nio.channels.Channels.newInputStream(raf.getChannel()));
            ByteArrayOutputStream cur = new ByteArrayOutputStream();
            int c;
            boolean any = false;
            while ((c = in.read()) >= 0) {
                any = true;
                if (c == '\n') {
                    if (line >= from) {
                        out.add(strip(cur));
                        if (out.size() == count) {
                            return out;
                        }
                    }
                    cur.reset();
                    line++;
                    any = false;
                } else if (line >= from) {
                    cur.write(c);
                }
            }
            if (any && line >= from) {
                out.add(strip(cur));
            }
        }
        return out;
    }

    private static String strip(ByteArrayOutputStream b) {
        String s = b.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
