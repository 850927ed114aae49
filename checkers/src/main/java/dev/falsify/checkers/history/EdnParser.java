package dev.falsify.checkers.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A small streaming EDN reader that produces Jackson {@link JsonNode}s and knows the line and column
 * of everything it reads (edn-java does not expose positions, and error messages must name them).
 *
 * <p>Conversion: keywords and symbols become strings without the colon; {@code nil} → null;
 * vectors, lists and sets → arrays; maps → objects (keys rendered as strings); characters →
 * one-character strings; tagged elements ({@code #inst "…"}, {@code #uuid "…"}, {@code #foo x}) →
 * their value; {@code #_} discards; integers → long (or big integer), {@code 1/3} ratios and
 * decimals → double / big decimal. Commas are whitespace; {@code ;} starts a comment.
 *
 * <p>Values are read one at a time, so a history that is one huge vector can be consumed element by
 * element with {@link #enterCollection()} / {@link #atCollectionEnd(char)}.
 */
public final class EdnParser {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int EOF = -1;
    /** What errors say was found when the input ended inside a value (a truncated file). */
    public static final String END_OF_INPUT = "end of input";
    /** Deepest nesting of collections read (as Jackson's default for JSON). */
    static final int MAX_DEPTH = 1000;
    /**
     * Longest number read, in characters (as Jackson's default for JSON): parsing a longer one
     * costs time quadratic in its length ({@code BigInteger}), and no recorder writes one.
     */
    static final int MAX_NUMBER_LENGTH = 1000;
    /** Longest string read, in characters (as Jackson's default for JSON). */
    static final int MAX_STRING_LENGTH = 20_000_000;
    /** Longest token (symbol, keyword, number) read, in characters (as Jackson's default for JSON names). */
    static final int MAX_TOKEN_LENGTH = 50_000;
    /**
     * ASCII characters that end a token (whitespace as {@link Character#isWhitespace}, commas,
     * brackets, quotes, comments), and those {@link #skipToValue()} skips: table look-ups instead of
     * {@code Character.isWhitespace} per character, which a cold check runs interpreted.
     */
    private static final boolean[] ENDS_TOKEN = new boolean[128];
    private static final boolean[] BLANK = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            BLANK[c] = Character.isWhitespace(c) || c == ',';
            // control characters (NUL, …, DEL) are in no token: a token ends before one, and a value
            // cannot start with one, so a run of them (a binary file, zeros after a crash) is refused
            // at its first character instead of read as a symbol hundreds of megabytes long
            ENDS_TOKEN[c] = BLANK[c] || c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' || c == ';'
                    || isControl(c);
        }
    }

    /** A C0 control character or DEL (whitespace ones included). */
    private static boolean isControl(int c) {
        return c < 0x20 || c == 0x7f;
    }

    /** A character as an error message shows it: control characters by code point. */
    static String charText(int c) {
        if (isControl(c) || c == 0x85 || c == 0x2028 || c == 0x2029 || c == 0xfeff || c == 0xfffd) {
            String hex = Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT);
            return "U+" + "0000".substring(Math.min(4, hex.length())) + hex + (c == 0 ? " (NUL: a binary file, or zeros written after a crash)"
                    : c == 0xfffd ? " (a replacement character)" : " (a control character)");
        }
        return "'" + (char) c + "'";
    }

    private final Reader in;
    private final String source;
    private final char[] buf;
    private int pos;
    private int lim;
    private int line = 1;
    private int col = 1;
    private int startLine = 1;
    private int startCol = 1;
    private int lastContentLine = 1;
    private int depth;
    /**
     * Keywords of flat op maps, kept from map to map (direct-mapped by length and end characters): a
     * history repeats a handful of them ({@code :process :type :invoke :ok :f :get :key …}) on every
     * line, and a cold `falsify check` reads its first thousands of lines interpreted, where making
     * each one a new String (copied, compressed, hashed again by the switch that reads it) and a new
     * node was a good part of the reading.
     */
    private final String[] keywords = new String[64];
    private final JsonNode[] keywordNodes = new JsonNode[64];
    /** Set when {@link #keyword} made a new String rather than return the cached one. */
    private boolean keywordMissed;
    /** Nodes of the small non-negative integers of flat op maps (process numbers, mostly), made once each. */
    private final JsonNode[] smallNumbers = new JsonNode[1024];

    public EdnParser(Reader in, String source) {
        this.in = in;
        this.source = source;
        this.buf = new char[16384];
    }

    /**
     * Parses text already in memory (one value of a log line) straight from its characters: a
     * 16 KB buffer per line cost more to allocate and clear than the line takes to parse.
     */
    public EdnParser(String text, String source) {
        this.in = Reader.nullReader();
        this.source = source;
        this.buf = text.toCharArray();
        this.lim = buf.length;
    }

    /** The name used in error messages. */
    public String source() {
        return source;
    }

    /** Line of the last value (or token) started by this parser, 1-based. */
    public int valueLine() {
        return startLine;
    }

    /** Column of the last value (or token) started by this parser, 1-based. */
    public int valueColumn() {
        return startCol;
    }

    /** Line of the last non-blank character read (where a file cut off mid-write ends). */
    public int lastContentLine() {
        return lastContentLine;
    }

    /** Current line (of the next unread character). */
    public int line() {
        return line;
    }

    /** Current column (of the next unread character). */
    public int column() {
        return col;
    }

    private int peek() {
        if (pos == lim) {
            lim = read(0);
            pos = 0;
            if (lim <= 0) {
                lim = 0;
                return EOF;
            }
        }
        return buf[pos];
    }

    /** Reads into {@code buf} from {@code at}; a byte that is not UTF-8 is bad input at the current position. */
    private int read(int at) {
        try {
            return in.read(buf, at, buf.length - at);
        } catch (Utf8Reader.Malformed e) {
            throw errorAt(line, col + (lim - pos), "UTF-8 text", e.found());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int next() {
        int c = peek();
        if (c == EOF) return EOF;
        pos++;
        if (c == '\n') {
            line++;
            col = 1;
        } else {
            if (c > ' ') lastContentLine = line;
            col++;
        }
        return c;
    }

    /**
     * Skips whitespace, commas, comments and {@code #_} discarded values; returns the next character
     * without consuming it ({@code -1} at end of input). Marks its position as the value start.
     */
    public int skipToValue() {
        while (true) {
            int c = peek();
            if (c == EOF) {
                startLine = line;
                startCol = col;
                return EOF;
            }
            if (c == ';') {
                while (c != EOF && c != '\n') {
                    if (c == 0) {
                        startLine = line;
                        startCol = col;
                        throw error("text", charText(0));
                    }
                    next();
                    c = peek();
                }
                continue;
            }
            if (c < 128 && BLANK[c]) {
                // the run of blanks in the buffer at once, as next() would count it: a file may pad
                // with megabytes of them, and a call per character made that a second per 100 MB
                int p = pos;
                while (p < lim && buf[p] < 128 && BLANK[buf[p]]) {
                    if (buf[p] == '\n') {
                        line++;
                        col = 1;
                    } else {
                        if (buf[p] > ' ') lastContentLine = line; // a comma
                        col++;
                    }
                    p++;
                }
                pos = p;
                continue;
            }
            if (c >= 128 && (Character.isWhitespace(c) || c == '\uFEFF')) {
                next();
                continue;
            }
            if (c == '#' && lookAheadIs('_')) {
                next();
                next();
                readValue();
                continue;
            }
            startLine = line;
            startCol = col;
            return c;
        }
    }

    private boolean lookAheadIs(char wanted) {
        if (pos + 1 >= lim) {
            // compact the buffer so that two characters are available
            int remaining = lim - pos;
            System.arraycopy(buf, pos, buf, 0, remaining);
            pos = 0;
            lim = remaining;
            int r = read(lim);
            if (r > 0) lim += r;
        }
        return pos + 1 < lim && buf[pos + 1] == wanted;
    }

    /** True when only whitespace and comments remain. */
    public boolean atEnd() {
        return skipToValue() == EOF;
    }

    /**
     * If the next value is a vector or list, consumes its opening bracket and returns the closing
     * character ({@code ]} or {@code )}); otherwise consumes nothing and returns 0.
     */
    public char enterCollection() {
        int c = skipToValue();
        if (c == '[') {
            next();
            return ']';
        }
        if (c == '(') {
            next();
            return ')';
        }
        return 0;
    }

    /** Skips to the next value; if it is {@code close}, consumes it and returns true. */
    public boolean atCollectionEnd(char close) {
        int c = skipToValue();
        if (c == EOF) throw error("'" + close + "' to close the history", END_OF_INPUT);
        if (c == close) {
            next();
            return true;
        }
        return false;
    }

    /**
     * Reads the map that starts at the next character ({@code '{'}, where {@link #skipToValue()} left
     * off) when it is a flat map of the shape nearly every op of a history has, on one line:
     * keyword keys, each value a keyword, a string without escapes or a token ({@code nil}, a
     * boolean, a number, a symbol), separated by spaces or commas. Fills
     * {@code keys} and {@code values} as {@link #readValue()} would convert them and returns the
     * number of entries; returns -1 and consumes nothing for any other map (nested values, comments,
     * escapes, a line break, more entries than {@code keys} holds, or the map not wholly in the
     * buffer), which the caller then reads with {@link #readValue()}. Why: a check of a history of
     * thousands of such maps spent most of its reading in the general path's per-token dispatch and
     * in building an {@code ObjectNode} per op, while a command runs mostly interpreted.
     */
    public int readFlatMap(String[] keys, JsonNode[] values) {
        if (pos >= lim || buf[pos] != '{') return -1;
        int i = pos + 1;
        int n = 0;
        while (true) {
            while (i < lim && (buf[i] == ' ' || buf[i] == ',')) i++;
            if (i >= lim) return -1;
            char c = buf[i];
            if (c == '}') break;
            if (c != ':' || n == keys.length) return -1;
            int end = keywordEnd(i + 1);
            if (end < 0) return -1;
            keywordMissed = false;
            String key = keyword(i + 1, end);
            // a key twice: left to readValue(), which refuses it with its position. A keyword the
            // cache returned is the one String of its name since it was cached, so within one map
            // the same name is the same String; only a name just made anew (its slot was taken by
            // another name meanwhile) needs comparing by content
            for (int j = 0; j < n; j++) {
                if (keys[j] == key || (keywordMissed && keys[j].equals(key))) return -1;
            }
            i = end;
            while (i < lim && (buf[i] == ' ' || buf[i] == ',')) i++;
            if (i >= lim) return -1;
            c = buf[i];
            JsonNode v;
            if (c == ':') {
                end = keywordEnd(i + 1);
                if (end < 0) return -1;
                v = keywordNode(i + 1, end);
            } else if (c == '"') {
                end = i + 1;
                while (end < lim && buf[end] != '"') {
                    if (buf[end] == '\\' || buf[end] == '\n') return -1;
                    end++;
                }
                if (end >= lim) return -1;
                // short strings (the keys of a kv history: "0", "17") repeat like keywords
                v = end - i - 1 <= 4 && end > i + 1 ? keywordNode(i + 1, end) : NODES.textNode(new String(buf, i + 1, end - i - 1));
                end++;
            } else if ((end = digitsEnd(i)) > 0) {
                v = digits(i, end);
            } else if (c != '\\' && c != '#') { // not a character, a tag, a set or a discard: readValue's own cases
                end = i;
                while (end < lim && buf[end] < 128 && !ENDS_TOKEN[buf[end]]) end++;
                if (end == i || end >= lim || buf[end] >= 128) return -1;
                // nil, true, false, a number or a symbol, read (or refused, with its position) as readValue() does
                v = atom(new String(buf, i, end - i), line, col + (i - pos));
            } else {
                return -1;
            }
            keys[n] = key;
            values[n] = v;
            n++;
            i = end;
        }
        startCol = col + (i - pos); // as after readValue(): the start of the closing '}'
        col += i + 1 - pos;
        lastContentLine = line;
        pos = i + 1;
        return n;
    }

    /**
     * End of a run of at most 18 ASCII digits from {@code from} that a token end follows, or -1: a
     * token {@link #number} reads as a plain long. Anything else ({@code 1.5}, {@code 12N},
     * {@code 0x1F}, a digit run at the end of the buffer) is left to the general path.
     */
    private int digitsEnd(int from) {
        int end = from;
        while (end < lim && end - from < 18 && buf[end] >= '0' && buf[end] <= '9') end++;
        if (end == from || end >= lim || buf[end] >= 128 || !ENDS_TOKEN[buf[end]]) return -1;
        return end;
    }

    /** The number node of the digits in {@code [from, end)}, as {@link #number} makes it. */
    private JsonNode digits(int from, int end) {
        long value = 0;
        for (int i = from; i < end; i++) value = value * 10 + (buf[i] - '0');
        if (value >= smallNumbers.length) return NODES.numberNode(value);
        JsonNode n = smallNumbers[(int) value];
        if (n == null) {
            n = NODES.numberNode(value);
            smallNumbers[(int) value] = n;
        }
        return n;
    }

    /** The keyword name in {@code [from, end)}, the same String as the last time it was read when possible. */
    private String keyword(int from, int end) {
        return keyword(from, end, keywordSlot(from, end));
    }

    private String keyword(int from, int end, int slot) {
        String k = keywords[slot];
        if (k != null && isAt(k, from, end)) return k;
        k = new String(buf, from, end - from);
        keywords[slot] = k;
        keywordNodes[slot] = null;
        keywordMissed = true;
        return k;
    }

    /** The text node of the keyword in {@code [from, end)} (a keyword value reads as its name). */
    private JsonNode keywordNode(int from, int end) {
        int slot = keywordSlot(from, end);
        String k = keyword(from, end, slot);
        JsonNode n = keywordNodes[slot];
        if (n == null) {
            n = NODES.textNode(k);
            keywordNodes[slot] = n;
        }
        return n;
    }

    private int keywordSlot(int from, int end) {
        return ((end - from) * 31 + buf[from] * 7 + buf[end - 1]) & 63;
    }

    private boolean isAt(String k, int from, int end) {
        if (k.length() != end - from) return false;
        for (int i = 0; i < k.length(); i++) {
            if (k.charAt(i) != buf[from + i]) return false;
        }
        return true;
    }

    /** End of the keyword name starting at {@code from} (ASCII, not empty, not {@code ::}), or -1. */
    private int keywordEnd(int from) {
        int end = from;
        while (end < lim && buf[end] < 128 && !ENDS_TOKEN[buf[end]]) end++;
        if (end == from || end >= lim || buf[end] >= 128 || buf[from] == ':') return -1;
        return end;
    }

    /** Reads the next complete value. */
    public JsonNode readValue() {
        // collections recurse: bound the depth so a hostile or broken file is bad input, not a StackOverflowError
        depth++;
        try {
            if (depth > MAX_DEPTH) throw errorAt(line, col, "values nested at most " + MAX_DEPTH + " deep", "deeper nesting");
            return readValueAtDepth();
        } finally {
            depth--;
        }
    }

    private JsonNode readValueAtDepth() {
        int c = skipToValue();
        int l = startLine;
        int cl = startCol;
        if (c == EOF) throw error("a value", END_OF_INPUT);
        switch (c) {
            case '{':
                next();
                return readMap(l, cl);
            case '[':
                next();
                return readSeq(']', l, cl);
            case '(':
                next();
                return readSeq(')', l, cl);
            case '"':
                next();
                return NODES.textNode(readString(l, cl));
            case '\\':
                next();
                return NODES.textNode(readChar());
            case '#':
                next();
                return readDispatch(l, cl);
            case ':':
                next();
                if (peek() == ':') next(); // auto-resolved keyword: keep the name
                String kw = readToken();
                if (kw.isEmpty()) throw errorAt(l, cl, "a keyword name after ':'", null);
                return NODES.textNode(kw);
            case ']':
            case ')':
            case '}':
                throw errorAt(l, cl, "a value", "'" + (char) c + "'");
            default:
                break;
        }
        String tok = readToken();
        if (tok.isEmpty()) throw errorAt(l, cl, "a value", charText(c));
        return atom(tok, l, cl);
    }

    private JsonNode readMap(int l, int cl) {
        ObjectNode obj = NODES.objectNode();
        while (true) {
            int c = skipToValue();
            if (c == EOF) throw errorAt(l, cl, "'}' to close the map opened here", END_OF_INPUT);
            if (c == '}') {
                next();
                return obj;
            }
            JsonNode k = readValue();
            int kl = startLine;
            int kc = startCol;
            String key = keyText(k);
            // a key twice is not EDN, and last-wins would be a guess that can turn a violation into a pass
            if (obj.has(key)) throw errorAt(kl, kc, "each key once in a map", keyExcerpt(k) + " a second time");
            c = skipToValue();
            if (c == EOF) throw errorAt(l, cl, "'}' to close the map opened here", END_OF_INPUT);
            if (c == '}') throw errorAt(kl, kc, "a value for map key " + key, "'}'");
            JsonNode v = readValue();
            obj.set(key, v);
        }
    }

    private static String keyText(JsonNode k) {
        return k.isTextual() ? k.textValue() : JsonTrees.text(k);
    }

    private static String keyExcerpt(JsonNode k) {
        String t = k.isTextual() ? ":" + k.textValue() : JsonTrees.text(k);
        return t.length() > 60 ? t.substring(0, 57) + "..." : t;
    }

    private JsonNode readSeq(char close, int l, int cl) {
        ArrayNode arr = NODES.arrayNode();
        while (true) {
            int c = skipToValue();
            if (c == EOF) throw errorAt(l, cl, "'" + close + "' to close the collection opened here", END_OF_INPUT);
            if (c == close) {
                next();
                return arr;
            }
            if (c == ']' || c == ')' || c == '}') throw error("'" + close + "'", charText(c));
            arr.add(readValue());
        }
    }

    private String readString(int l, int cl) {
        // most strings have no escape or line break and end inside the buffer: cut them out of it
        for (int i = pos; i < lim; i++) {
            char c = buf[i];
            if (c == '"') {
                String s = new String(buf, pos, i - pos);
                col += i - pos + 1;
                lastContentLine = line; // the closing quote
                pos = i + 1;
                return s;
            }
            if (c == '\\' || c == '\n') break;
        }
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = next();
            if (c == EOF) throw errorAt(l, cl, "a closing '\"' for the string opened here", END_OF_INPUT);
            if (c == '"') return sb.toString();
            if (sb.length() >= MAX_STRING_LENGTH) {
                throw errorAt(l, cl, "a string of at most " + MAX_STRING_LENGTH + " characters (JSON's limit)", "a longer one");
            }
            if (c == '\\') {
                int e = next();
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case '"' -> sb.append('"');
                    case '\\' -> sb.append('\\');
                    case 'u' -> {
                        StringBuilder hex = new StringBuilder();
                        for (int i = 0; i < 4; i++) hex.append((char) next());
                        try {
                            sb.append((char) Integer.parseInt(hex.toString(), 16));
                        } catch (NumberFormatException ex) {
                            throw error("four hex digits after \\u", hex.toString());
                        }
                    }
                    case EOF -> throw errorAt(l, cl, "a closing '\"' for the string opened here", END_OF_INPUT);
                    default -> sb.append((char) e);
                }
            } else {
                sb.append((char) c);
            }
        }
    }

    private String readChar() {
        int first = next();
        if (first == EOF) throw error("a character after '\\'", END_OF_INPUT);
        String rest = readToken();
        String name = (char) first + rest;
        if (rest.isEmpty()) return String.valueOf((char) first);
        switch (name) {
            case "newline": return "\n";
            case "space": return " ";
            case "tab": return "\t";
            case "return": return "\r";
            case "backspace": return "\b";
            case "formfeed": return "\f";
            default:
                if (first == 'u' && rest.length() == 4) {
                    try {
                        return String.valueOf((char) Integer.parseInt(rest, 16));
                    } catch (NumberFormatException ignored) {
                        // fall through to the error below
                    }
                }
                throw error("a character literal", "\\" + name);
        }
    }

    private JsonNode readDispatch(int l, int cl) {
        int c = peek();
        if (c == '{') {
            next();
            ArrayNode set = NODES.arrayNode();
            while (true) {
                int d = skipToValue();
                if (d == EOF) throw errorAt(l, cl, "'}' to close the set opened here", END_OF_INPUT);
                if (d == '}') {
                    next();
                    return set;
                }
                set.add(readValue());
            }
        }
        if (c == '#') { // ##Inf ##-Inf ##NaN
            next();
            String sym = readToken();
            return switch (sym) {
                case "Inf" -> NODES.numberNode(Double.POSITIVE_INFINITY);
                case "-Inf" -> NODES.numberNode(Double.NEGATIVE_INFINITY);
                case "NaN" -> NODES.numberNode(Double.NaN);
                default -> throw errorAt(l, cl, "##Inf, ##-Inf or ##NaN", "##" + sym);
            };
        }
        String tag = readToken();
        if (tag.isEmpty()) throw errorAt(l, cl, "a tag, set or discard after '#'", c == EOF ? END_OF_INPUT : "'" + (char) c + "'");
        // a tagged element (#inst "…", #uuid "…", #jepsen.history.Op{…}): keep the value
        return readValue();
    }

    private String readToken() {
        // a token that ends inside the buffer is cut out of it; one that reaches its end is read on
        // below, character by character (the buffer refills)
        boolean content = false;
        for (int i = pos; i < lim; i++) {
            char c = buf[i];
            if (c < 128 ? ENDS_TOKEN[c] : Character.isWhitespace(c)) {
                String tok = new String(buf, pos, i - pos);
                col += i - pos;
                if (content) lastContentLine = line;
                pos = i;
                return tok;
            }
            if (c > ' ') content = true;
        }
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = peek();
            if (c == EOF || (c < 128 ? ENDS_TOKEN[c] : Character.isWhitespace(c))) return sb.toString();
            if (sb.length() >= MAX_NUMBER_LENGTH && (sb.length() >= MAX_TOKEN_LENGTH || startsNumber(sb))) {
                // a number is refused at its limit, without reading the rest of a million digits
                throw sb.length() >= MAX_TOKEN_LENGTH
                        ? error("a symbol or keyword of at most " + MAX_TOKEN_LENGTH + " characters", "a longer one")
                        : error("a number of at most " + MAX_NUMBER_LENGTH + " characters (JSON's limit)", "a longer one");
            }
            sb.append((char) next());
        }
    }

    /** Whether a token read so far starts as {@link #atom} reads a number (a digit, or a sign and a digit). */
    private static boolean startsNumber(CharSequence t) {
        char c0 = t.charAt(0);
        return Character.isDigit(c0) || ((c0 == '-' || c0 == '+') && t.length() > 1 && Character.isDigit(t.charAt(1)));
    }

    private JsonNode atom(String tok, int l, int cl) {
        switch (tok) {
            case "nil": return NODES.nullNode();
            case "true": return NODES.booleanNode(true);
            case "false": return NODES.booleanNode(false);
            default: break;
        }
        if (!startsNumber(tok)) return NODES.textNode(tok); // a symbol
        if (tok.length() > MAX_NUMBER_LENGTH) {
            throw errorAt(l, cl, "a number of at most " + MAX_NUMBER_LENGTH + " characters (JSON's limit)",
                    "one of " + tok.length() + " characters");
        }
        try {
            return number(tok);
        } catch (NumberFormatException e) {
            throw errorAt(l, cl, "a number", tok);
        }
    }

    private static JsonNode number(String tok) {
        String t = tok.startsWith("+") ? tok.substring(1) : tok;
        if (t.endsWith("N")) return bigInteger(new BigInteger(t.substring(0, t.length() - 1)));
        if (t.endsWith("M")) return NODES.numberNode(new BigDecimal(t.substring(0, t.length() - 1)));
        int slash = t.indexOf('/');
        if (slash > 0) {
            double num = Double.parseDouble(t.substring(0, slash));
            double den = Double.parseDouble(t.substring(slash + 1));
            return NODES.numberNode(num / den);
        }
        if (t.indexOf('.') >= 0 || t.indexOf('e') >= 0 || t.indexOf('E') >= 0) {
            return NODES.numberNode(Double.parseDouble(t));
        }
        if (t.length() > 2 && (t.startsWith("0x") || t.startsWith("0X"))) {
            return bigInteger(new BigInteger(t.substring(2), 16));
        }
        if (t.length() > 3 && (t.startsWith("-0x") || t.startsWith("-0X"))) {
            return bigInteger(new BigInteger(t.substring(3), 16).negate());
        }
        if (t.length() < 19) return NODES.numberNode(Long.parseLong(t));
        return bigInteger(new BigInteger(t));
    }

    private static JsonNode bigInteger(BigInteger b) {
        return b.bitLength() < 64 ? NODES.numberNode(b.longValue()) : NODES.numberNode(b);
    }

    /** An error at the current value start. */
    public HistoryFormatException error(String expected, String found) {
        return new HistoryFormatException(source, startLine, startCol, expected, found);
    }

    private HistoryFormatException errorAt(int l, int c, String expected, String found) {
        return new HistoryFormatException(source, l, c, expected, found);
    }
}
