package dev.falsify.app.ui.viewers;

import java.nio.file.Path;
import java.util.Locale;

/** Which read-only viewer fits an evidence file, by its name. */
public enum EvidenceKind {
    /** report.md, session-log.md, findings/*.md: rendered. */
    MARKDOWN,
    /** A run's message events ({@code *.messages.jsonl}): the space-time diagram (app.ui.spacetime). */
    MESSAGES,
    /** Histories ({@code .jsonl}): the history viewer, with one row per operation as its Table tab. */
    HISTORY,
    /** Check results, proxy counters, final-state dumps ({@code .json}): a tree. */
    JSON,
    /** Logs and any other text ({@code .log}, {@code .edn}, {@code .csv}, …): numbered lines with search. */
    TEXT;

    public static EvidenceKind of(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".md") || n.endsWith(".markdown")) {
            return MARKDOWN;
        }
        if (n.endsWith(".messages.jsonl")) {
            return MESSAGES;
        }
        if (n.endsWith(".jsonl") || n.endsWith(".ndjson")) {
            return HISTORY;
        }
        if (n.endsWith(".json")) {
            return JSON;
        }
        return TEXT;
    }
}
