package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects a reader's {@link ReadNote}s, one per kind: a divergence that repeats on every line (a
 * timestamp written as a string, say) is reported once, at its first line, with a count.
 */
final class ReadNotes {
    private record Entry(int line, String detail, boolean weakens, long[] count) {
    }

    private final Map<String, Entry> byKind = new LinkedHashMap<>();

    void add(int line, String kind, String detail, boolean weakens) {
        byKind.computeIfAbsent(kind, k -> new Entry(line, detail, weakens, new long[1])).count[0]++;
    }

    List<ReadNote> list() {
        List<ReadNote> out = new ArrayList<>();
        for (Map.Entry<String, Entry> e : byKind.entrySet()) {
            Entry v = e.getValue();
            String detail = v.count[0] == 1 ? v.detail : v.detail + " (" + v.count[0] + " times, first here)";
            out.add(new ReadNote(v.line, e.getKey(), detail, v.weakens));
        }
        return out;
    }
}
