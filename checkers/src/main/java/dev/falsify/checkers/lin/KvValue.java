package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A kv value. Text is a rope: each append links to the previous value and carries a 64-bit
 * polynomial hash of the whole text, so appending is O(1) and unequal values almost always differ
 * in hash or length; equality is still exact (texts are compared in full when hash and length
 * agree). The empty string and nil are the same value. Other JSON values are kept as they are.
 */
final class KvValue {
    private static final long BASE = 0x9E3779B97F4A7C15L | 1;

    /** An initial value that was never recorded (the first read fixes it). */
    static final KvValue UNSET = new KvValue(null, null, 0, 0, 1, null);
    static final KvValue EMPTY = new KvValue(null, "", 0, 0, 1, null);

    private final KvValue parent;  // text: the value this one appends to
    private final String piece;    // text: the appended piece (the whole text for a root)
    private final long hash;       // text: polynomial hash of the whole text
    private final int length;      // text: length of the whole text
    private final long power;      // BASE^length of the piece, to extend hashes
    private final JsonNode json;   // non-text values

    private KvValue(KvValue parent, String piece, long hash, int length, long power, JsonNode json) {
        this.parent = parent;
        this.piece = piece;
        this.hash = hash;
        this.length = length;
        this.power = power;
        this.json = json;
    }

    static KvValue of(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return EMPTY;
        if (n.isTextual()) return text(n.textValue());
        return new KvValue(null, null, n.hashCode(), -1, 1, n);
    }

    static KvValue text(String s) {
        if (s.isEmpty()) return EMPTY;
        long h = 0;
        long p = 1;
        for (int i = 0; i < s.length(); i++) {
            h = h * BASE + s.charAt(i);
            p *= BASE;
        }
        return new KvValue(null, s, h, s.length(), p, null);
    }

    private volatile long[] prefixHashes; // of a root text, computed on first use

    /**
     * False when {@code prefix} (text) is certainly not a prefix of this text: equal texts hash
     * equally, so differing hashes prove it. True otherwise (including for non-text values).
     */
    boolean mayHavePrefix(KvValue prefix) {
        if (json != null || prefix.json != null || this == UNSET || prefix == UNSET) return true;
        if (prefix.length > length) return false;
        if (prefix.length == 0) return true;
        long[] p = prefixHashes;
        if (p == null) {
            String t = text();
            p = new long[t.length() + 1];
            for (int i = 0; i < t.length(); i++) p[i + 1] = p[i] * BASE + t.charAt(i);
            prefixHashes = p;
        }
        return p[prefix.length] == prefix.hash;
    }

    boolean isText() {
        return json == null && this != UNSET;
    }

    /** This text followed by {@code suffix} (also text). */
    KvValue append(KvValue suffix) {
        if (suffix.length == 0) return this;
        if (length == 0) return suffix;
        return new KvValue(this, suffix.text(), hash * suffix.power + suffix.hash, length + suffix.length, suffix.power, null);
    }

    /** The whole text (walks the rope; only for exact comparisons and display). */
    String text() {
        if (parent == null) return piece;
        char[] out = new char[length];
        int end = length;
        for (KvValue v = this; v != null; v = v.parent) {
            int len = v.parent == null ? v.piece.length() : v.piece.length();
            end -= len;
            v.piece.getChars(0, len, out, end);
            if (v.parent == null) break;
        }
        return new String(out);
    }

    JsonNode toJson() {
        if (json != null) return json;
        return length == 0 ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(text());
    }

    String show() {
        if (this == UNSET) return "unset";
        if (json != null) return Values.show(json);
        if (length == 0) return "nil";
        String t = text();
        return "\"" + (t.length() > 200 ? "…" + t.substring(t.length() - 199) : t) + "\"";
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof KvValue v) || this == UNSET || v == UNSET) return false;
        if (json != null || v.json != null) return json != null && json.equals(v.json);
        return hash == v.hash && length == v.length && text().equals(v.text());
    }

    @Override
    public int hashCode() {
        return (int) (hash ^ (hash >>> 32));
    }
}
