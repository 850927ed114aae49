package dev.falsify.checkers.history;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Recognises a history's format from its first meaningful line (comments and blank lines skipped),
 * falling back to the file extension only for files with no content at all.
 *
 * <p>What counts as meaningful is deliberately forgiving about the shapes tools and agents write:
 * a JSON array of op objects and pretty-printed JSON objects are {@code jsonl} (the bracket alone
 * does not decide: the first character inside it does); {@code //} and {@code # } comment lines are
 * skipped like EDN's {@code ;}; log lines of other loggers before the first op line of a Jepsen log
 * are skipped.
 */
public final class FormatDetector {
    /**
     * The line patterns, compiled when a line first needs them: a JSON, EDN or kv file never does,
     * and compiling them was ~15 ms of every such `falsify check` (the regex engine's lambdas are
     * spun at first use), on the path of every file.
     */
    private static final class LinePatterns {
        static final Pattern ETCD_LINE = Pattern.compile(
                "^(\\S.*?(\\s-\\s+|jepsen\\.util:\\s+))?(\\d+|:?nemesis)\\s+:(invoke|ok|fail|info)\\s+:\\S+.*");
        /**
         * A line of Jepsen's history.txt: the op alone, no logger before it; the process may be nil
         * and :f any value Jepsen prints (nil too).
         */
        static final Pattern TXT_LINE = Pattern.compile("^(-?\\d+|:?nemesis|nil)\\s+:(invoke|ok|fail|info)(\\s+\\S+.*)?");
        /** A log line of some logger (level word or a date first): not a history line, but a log may have ops later. */
        static final Pattern LOG_LINE = Pattern.compile(
                "^(\\d{4}-\\d\\d-\\d\\d[ T]\\S+\\s+)?\\S*\\b(INFO|WARN|WARNING|DEBUG|ERROR|TRACE|FATAL)\\b.*");
    }

    private FormatDetector() {
    }

    /**
     * @param head     the beginning of the file (a few kilobytes are plenty)
     * @param fileName used for messages and, for empty files, the extension
     * @return the format, or null when the file holds no history at all (empty or only comments)
     * @throws HistoryFormatException when the content matches no known format
     */
    public static HistoryFormat detect(String head, String fileName) {
        int firstLogLine = -1;
        String firstLog = null;
        // line by line as head.split("\n", -1) would cut it, but only as far as the first history line
        for (int i = 0, offset = 0; offset <= head.length(); i++) {
            int nl = head.indexOf('\n', offset);
            String raw = head.substring(offset, nl < 0 ? head.length() : nl);
            int start = offset;
            offset = nl < 0 ? head.length() + 1 : nl + 1;
            String line = raw.strip();
            if (line.startsWith("\uFEFF")) line = line.substring(1).strip();
            if (line.isEmpty() || isComment(line)) continue;
            char c = line.charAt(0);
            if (c == '(') return HistoryFormat.JEPSEN_EDN;
            if (c == '[' || c == '{') {
                HistoryFormat f = structured(head, start + raw.indexOf(c), line);
                if (f != null) return f;
            }
            if (LinePatterns.TXT_LINE.matcher(line).matches()) return HistoryFormat.JEPSEN_TXT;
            if (LinePatterns.ETCD_LINE.matcher(line).matches()) return HistoryFormat.PORCUPINE_ETCD;
            if (LinePatterns.LOG_LINE.matcher(line).matches()) {
                if (firstLogLine < 0) {
                    firstLogLine = i;
                    firstLog = raw.strip();
                }
                continue;
            }
            throw unknown(fileName, i + 1, line);
        }
        if (firstLogLine >= 0) throw unknown(fileName, firstLogLine + 1, firstLog);
        return null;
    }

    /** Whether {@code line} has {@code :f :get}, {@code :f :put} or {@code :f :append} (whitespace between, a word's end after). */
    static boolean hasKvOp(String line) {
        for (int at = line.indexOf(":f"); at >= 0; at = line.indexOf(":f", at + 1)) {
            int i = at + 2;
            int ws = i;
            while (i < line.length() && isRegexSpace(line.charAt(i))) i++;
            if (i == ws || i >= line.length() || line.charAt(i) != ':') continue;
            i++;
            for (String op : KV_OPS) {
                int end = i + op.length();
                if (line.startsWith(op, i) && (end == line.length() || !isWordChar(line.codePointAt(end)))) return true;
            }
        }
        return false;
    }

    private static final String[] KV_OPS = {"get", "put", "append"};

    /** {@code \s} of java.util.regex: space, tab, newline, vertical tab, form feed, carriage return. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** A word character of regex's {@code \b} after a letter: a letter, a digit, an underscore or a combining mark. */
    private static boolean isWordChar(int cp) {
        return cp == '_' || Character.isLetterOrDigit(cp) || Character.getType(cp) == Character.NON_SPACING_MARK;
    }

    private static boolean isComment(String line) {
        return line.startsWith(";") || line.startsWith("//") || line.startsWith("# ") || line.equals("#")
                || line.startsWith("#!");
    }

    /**
     * A bracketed history: JSON when the first thing inside the first object is a string key (or the
     * object is empty), EDN when it is a keyword (or the collection holds something else).
     */
    private static HistoryFormat structured(String head, int bracket, String line) {
        int i = bracket;
        if (head.charAt(i) == '[') {
            i = nextSignificant(head, i + 1);
            if (i < 0 || head.charAt(i) != '{') return HistoryFormat.JEPSEN_EDN;
        }
        int inside = nextSignificant(head, i + 1);
        if (inside < 0) return HistoryFormat.JEPSEN_EDN; // a pretty-printed EDN map cut by the head's end
        char k = head.charAt(inside);
        if (k == '}') return HistoryFormat.JSONL;
        if (k == '"') return jsonKey(head, inside) ? HistoryFormat.JSONL : HistoryFormat.JEPSEN_EDN; // EDN maps may have string keys
        if (k == ':') {
            return line.contains(":key") && hasKvOp(line) ? HistoryFormat.PORCUPINE_KV : HistoryFormat.JEPSEN_EDN;
        }
        return null;
    }

    /** Whether the string starting at {@code quote} is followed by ':' (JSON) rather than a value (EDN). */
    private static boolean jsonKey(String s, int quote) {
        int i = quote + 1;
        while (i < s.length() && s.charAt(i) != '"') i += s.charAt(i) == '\\' ? 2 : 1;
        int next = nextSignificant(s, i + 1);
        return next < 0 || s.charAt(next) == ':';
    }

    private static int nextSignificant(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isWhitespace(c) && c != ',') return i;
        }
        return -1;
    }

    private static HistoryFormatException unknown(String fileName, int line, String text) {
        return new HistoryFormatException(fileName, line, 1,
                "a history in one of the formats " + HistoryFormat.ids()
                        + " (a JSON object per line, an EDN vector or map, or 'INFO  jepsen.util - …' lines)",
                "'" + (text.length() > 40 ? text.substring(0, 37) + "..." : text) + "'");
    }

    /** The format an empty file would have been written in, judging by its extension (jsonl otherwise). */
    public static HistoryFormat byExtension(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".edn")) return HistoryFormat.JEPSEN_EDN;
        if (n.endsWith(".log")) return HistoryFormat.PORCUPINE_ETCD;
        if (n.endsWith(".txt")) return HistoryFormat.PORCUPINE_KV;
        return HistoryFormat.JSONL;
    }
}
