package dev.falsify.model.plan;

/**
 * One pass over a plan file's UTF-8 bytes that answers, before and beside the decoding, the two
 * questions the reader used to ask of the decoded text with full scans (three passes over a 10 MB
 * plan's 20 MB of UTF-16, a tenth of the main thread of its {@code lint}): may the text hold U+FFFD
 * (so the file must be decoded strictly, to tell a malformed file from one that contains U+FFFD
 * itself), and may it hold a no-break space (U+00A0, U+202F), which the structural pass replaces.
 *
 * <p>Errs one way only: a sequence it is not sure is well-formed UTF-8 of another character counts
 * as "may hold U+FFFD" (the strict decoding then decides), so a malformed file is never taken for a
 * clean one. Well-formed is what the JDK's decoder reads without replacement: no overlong forms, no
 * surrogates, nothing above U+10FFFF, no cut or stray continuation bytes.
 */
final class Utf8Scan {
    /** The bytes may decode to U+FFFD: malformed, or U+FFFD written as such. */
    static final int MAY_HOLD_REPLACEMENT = 1;
    /** The bytes may decode to a no-break space, U+00A0 or U+202F. */
    static final int MAY_HOLD_NO_BREAK_SPACE = 2;

    private Utf8Scan() {
    }

    /** The flags of {@code bytes[from, to)}, a run that starts and ends on character boundaries. */
    static int scan(byte[] bytes, int from, int to) {
        int flags = 0;
        int i = from;
        while (i < to) {
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            int need;
            int min;   // the range the second byte must be in (overlongs, surrogates, beyond U+10FFFF excluded)
            int max = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                min = b == 0xE0 ? 0xA0 : 0x80;
                if (b == 0xED) max = 0x9F;
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                min = b == 0xF0 ? 0x90 : 0x80;
                if (b == 0xF4) max = 0x8F;
            } else {
                return flags | MAY_HOLD_REPLACEMENT | MAY_HOLD_NO_BREAK_SPACE;   // stray continuation, C0/C1, F5-FF
            }
            if (i + need >= to) return flags | MAY_HOLD_REPLACEMENT | MAY_HOLD_NO_BREAK_SPACE;   // cut short
            int b1 = bytes[i + 1] & 0xFF;
            if (b1 < min || b1 > max) return flags | MAY_HOLD_REPLACEMENT | MAY_HOLD_NO_BREAK_SPACE;
            for (int k = 2; k <= need; k++) {
                int c = bytes[i + k] & 0xFF;
                if (c < 0x80 || c > 0xBF) return flags | MAY_HOLD_REPLACEMENT | MAY_HOLD_NO_BREAK_SPACE;
            }
            if (b == 0xC2 && b1 == 0xA0) flags |= MAY_HOLD_NO_BREAK_SPACE;
            else if (b == 0xE2 && b1 == 0x80 && (bytes[i + 2] & 0xFF) == 0xAF) flags |= MAY_HOLD_NO_BREAK_SPACE;
            else if (b == 0xEF && b1 == 0xBF && (bytes[i + 2] & 0xFF) == 0xBD) flags |= MAY_HOLD_REPLACEMENT;
            i += need + 1;
        }
        return flags;
    }
}
