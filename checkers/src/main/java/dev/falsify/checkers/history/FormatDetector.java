package dev.falsify.checkers.history;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Recognises a history's format from its first meaningful line (comments and blank lines skipped),
 * falling back to the file extension only for files with no content at all.
 */
public final class FormatDetector {
    private static final Pattern ETCD_LINE = Pattern.compile("^(\\S.*?\\s-\\s+)?\\d+\\s+:(invoke|ok|fail|info)\\s+:\\S+.*");
    private static final Pattern KV_OP = Pattern.compile(":f\\s+:(get|put|append)\\b");

    private FormatDetector() {
    }

    /**
     * @param head     the beginning of the file (a few kilobytes are plenty)
     * @param fileName used for messages and, for empty files, the extension
     * @return the format, or null when the file holds no history at all (empty or only comments)
     * @throws HistoryFormatException when the content matches no known format
     */
    public static HistoryFormat detect(String head, String fileName) {
        String[] lines = head.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("\uFEFF")) line = line.substring(1).strip();
            if (line.isEmpty() || line.startsWith(";")) continue;
            char c = line.charAt(0);
            if (c == '[' || c == '(') return HistoryFormat.JEPSEN_EDN;
            if (c == '{') {
                String rest = line.substring(1).strip();
                if (rest.startsWith("\"") || rest.startsWith("}")) return HistoryFormat.JSONL;
                if (rest.startsWith(":")) {
                    return line.contains(":key") && KV_OP.matcher(line).find() ? HistoryFormat.PORCUPINE_KV
                            : HistoryFormat.JEPSEN_EDN;
                }
                if (rest.isEmpty()) return HistoryFormat.JEPSEN_EDN; // a pretty-printed EDN map
            }
            if (ETCD_LINE.matcher(line).matches()) return HistoryFormat.PORCUPINE_ETCD;
            throw new HistoryFormatException(fileName, i + 1, 1,
                    "a history in one of the formats " + HistoryFormat.ids()
                            + " (a JSON object per line, an EDN vector or map, or 'INFO  jepsen.util - …' lines)",
                    "'" + (line.length() > 40 ? line.substring(0, 37) + "..." : line) + "'");
        }
        return null;
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
