package dev.falsify.checkers.history;

import dev.falsify.model.vocabulary.HistoryModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The history formats Falsify reads (see histories-and-checkers.md, "Formats to import"). */
public enum HistoryFormat {
    /** The canonical 11-field schema, one JSON object per line. */
    JSONL("jsonl", null),
    /** Jepsen / Knossos / Elle EDN: a vector (or list) of op maps, or one map per line. */
    JEPSEN_EDN("jepsen-edn", null),
    /**
     * Jepsen's {@code history.txt}, written beside {@code history.edn}: one op per line,
     * {@code <process>\t<type>\t<f>\t<value>[\t<error>]}, each field as Jepsen prints it; the ops
     * are the EDN twin's, so they are read as Jepsen's EDN is (the ops say the model).
     */
    JEPSEN_TXT("jepsen-txt", null),
    /** Porcupine's etcd test data: {@code INFO  jepsen.util - <proc> :<type> :<f> <value>} lines. */
    PORCUPINE_ETCD("porcupine-etcd", HistoryModel.CAS_REGISTER),
    /** Porcupine's key-value test data: one EDN map per line with {@code :key} and get/put/append. */
    PORCUPINE_KV("porcupine-kv", HistoryModel.KV);

    private final String id;
    private final HistoryModel defaultModel;

    HistoryFormat(String id, HistoryModel defaultModel) {
        this.id = id;
        this.defaultModel = defaultModel;
    }

    /** Name as written on the command line ({@code --format}). */
    public String id() {
        return id;
    }

    /**
     * The model histories of this format are recorded against, or null when the ops must say
     * (jepsen-edn, jsonl) or the user must ({@code --model}).
     */
    public String defaultModel() {
        return defaultModel == null ? null : defaultModel.id();
    }

    public static HistoryFormat fromId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (HistoryFormat f : values()) {
            if (f.id.equals(wanted)) return f;
        }
        // the names people reach for first
        switch (wanted) {
            case "json", "ndjson", "json-lines", "jsonlines" -> { return JSONL; }
            case "edn", "jepsen", "knossos", "elle" -> { return JEPSEN_EDN; }
            case "etcd", "porcupine", "jepsen-log" -> { return PORCUPINE_ETCD; }
            case "history.txt", "txt", "jepsen-history-txt", "jepsen-text" -> { return JEPSEN_TXT; }
            case "kv" -> { return PORCUPINE_KV; }
            default -> { }
        }
        throw new IllegalArgumentException("unknown history format '" + id + "'; known: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(HistoryFormat::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
