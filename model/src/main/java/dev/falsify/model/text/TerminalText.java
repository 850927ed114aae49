package dev.falsify.model.text;

/**
 * The one escaper of text shown on a terminal (and in the trust prompt, which the window shows too):
 * every character that would act on the terminal or not be seen is written as an escape, so text
 * written by the system under test (history values, log lines, payloads, session fields) or a plan
 * can neither rewrite a line Falsify prints ({@code ESC[2K}, {@code \r}, backspace, C1 controls,
 * bidi overrides) nor hide part of itself.
 *
 * <p>The rule is by Unicode property, not a list of known tricks. Escaped:
 * <ul>
 *   <li>general categories Cc (controls, C0 and C1), Cf (format: bidi controls, zero-width
 *       characters, U+061C, U+2060–2064, U+FFF9–FFFB, tag characters), Co (private use), Cn
 *       (unassigned, noncharacters), Cs (a surrogate not part of a pair), Zl and Zp
 *       (U+2028, U+2029);</li>
 *   <li>every other whitespace: any Zs but the ASCII space (no-break and typographic spaces,
 *       U+3000);</li>
 *   <li>Unicode's Default_Ignorable_Code_Point property (which adds the Hangul fillers U+115F,
 *       U+1160, U+3164, U+FFA0, variation selectors, the combining grapheme joiner …), and
 *       U+2800, the Braille blank, which also renders as nothing.</li>
 * </ul>
 * {@code \n}, {@code \r} and {@code \t} are written so; any other escaped code point as
 * {@code \}{@code uXXXX} (or {@code \}{@code UXXXXXXXX} beyond the BMP). A run of {@value #RUN} or
 * more ASCII spaces becomes {@code ⟨N spaces⟩}, and a run as long of one escaped code point
 * {@code ⟨N × \}{@code u00a0⟩}, so text pushed off the screen by whitespace is seen; a literal
 * {@code ⟨} is escaped, so such a marker cannot be forged. Everything else, accents, CJK and
 * emoji included, is printed as is.
 */
public final class TerminalText {
    /** A run of this many spaces (or of one escaped code point) or more is written as one marker. */
    public static final int RUN = 8;
    private static final int MARK = 0x27E8; // ⟨
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * Default_Ignorable_Code_Point (Unicode 15 DerivedCoreProperties.txt), as inclusive ranges. Java
     * has no query for the property; most of it is Cf or Cn anyway, the rest (Mn, Lo) is here.
     */
    private static final int[] DEFAULT_IGNORABLE = {
        0x00AD, 0x00AD, 0x034F, 0x034F, 0x061C, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180F,
        0x200B, 0x200F, 0x202A, 0x202E, 0x2060, 0x206F, 0x3164, 0x3164, 0xFE00, 0xFE0F, 0xFEFF, 0xFEFF,
        0xFFA0, 0xFFA0, 0xFFF0, 0xFFF8, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A, 0xE0000, 0xE0FFF,
    };

    private TerminalText() {
    }

    /** {@code text} as it can be printed: see the class comment; null is the empty string. */
    public static String escape(CharSequence text) {
        if (text == null) return "";
        int n = text.length();
        int first = firstSpecial(text);
        if (first == n) return text.toString();
        StringBuilder sb = new StringBuilder(n + 16);
        sb.append(text, 0, first);
        int i = first;
        while (i < n) {
            int cp = Character.codePointAt(text, i);
            int width = Character.charCount(cp);
            boolean escaped = cp == MARK || !shownAsIs(cp);
            if (cp == ' ' || escaped) {
                int run = 1;
                int j = i + width;
                while (j < n && Character.codePointAt(text, j) == cp) {
                    run++;
                    j += width;
                }
                if (run >= RUN) {
                    sb.append('\u27E8').append(run);
                    if (cp == ' ') {
                        sb.append(" spaces");
                    } else {
                        sb.append(" \u00D7 ");
                        appendEscape(sb, cp);
                    }
                    sb.append('\u27E9');
                    i = j;
                    continue;
                }
            }
            if (escaped) {
                appendEscape(sb, cp);
            } else {
                sb.appendCodePoint(cp);
            }
            i += width;
        }
        return sb.toString();
    }

    /**
     * Whether {@code cp} is printed as itself: a visible character or the ASCII space (which
     * {@link #escape} still gathers into a marker when {@value #RUN} or more follow each other).
     */
    public static boolean shownAsIs(int cp) {
        if (cp == ' ') return true;
        if (cp < 0x7F) return cp > 0x20;
        switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.UNASSIGNED, Character.SURROGATE,
                    Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SPACE_SEPARATOR -> {
                return false;
            }
            default -> {
                return cp != 0x2800 && !defaultIgnorable(cp);
            }
        }
    }

    private static boolean defaultIgnorable(int cp) {
        for (int k = 0; k < DEFAULT_IGNORABLE.length; k += 2) {
            if (cp < DEFAULT_IGNORABLE[k]) return false;
            if (cp <= DEFAULT_IGNORABLE[k + 1]) return true;
        }
        return false;
    }

    /** Index of the first char that {@link #escape} changes or that may start a run; n when none. */
    private static int firstSpecial(CharSequence text) {
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c > 0x20 && c < 0x7F) continue;
            if (c == ' ') {
                if (i + 1 < n && text.charAt(i + 1) == ' ') return i;
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                if (!shownAsIs(Character.toCodePoint(c, text.charAt(i + 1)))) return i;
                i++;
                continue;
            }
            if (c < 0x80 || c == MARK || !shownAsIs(c)) return i;
        }
        return n;
    }

    private static void appendEscape(StringBuilder sb, int cp) {
        switch (cp) {
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            default -> {
                int digits = cp > 0xFFFF ? 8 : 4;
                sb.append(cp > 0xFFFF ? "\\U" : "\\u");
                for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) sb.append(HEX[(cp >> shift) & 0xF]);
            }
        }
    }
}
