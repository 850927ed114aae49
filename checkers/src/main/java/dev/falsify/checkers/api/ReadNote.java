package dev.falsify.checkers.api;

import java.util.ArrayList;
import java.util.List;

/**
 * Something a reader noticed while reading a history that is not an operation: a divergent form it
 * tolerated (a field written as a string, lines of other loggers skipped) or a gap that makes the
 * history incomplete (the input ends inside a record). The first kind is information for people;
 * the second {@link #weakens() weakens} the history: a checker's "valid" cannot be trusted on it.
 *
 * @param line   1-based line in the file where it was first seen
 * @param kind   short machine name, e.g. {@code truncated-record}, {@code skipped-lines}
 * @param detail one sentence for people
 * @param weakens whether the history is incomplete because of it
 */
public record ReadNote(int line, String kind, String detail, boolean weakens) {
    /**
     * Kind of the note on completions no invoke opened (completions-only histories, as Elle writes
     * them): the ops' invocation times are not recorded, which weakens only checkers that need them.
     */
    public static final String NO_INVOCATION = "no-invocation";

    /** The weakening notes as history weaknesses (the offending "op" is the line). */
    public static List<HistoryWeakness> weaknesses(List<ReadNote> notes) {
        List<HistoryWeakness> out = new ArrayList<>();
        for (ReadNote n : notes) {
            if (n.weakens) out.add(new HistoryWeakness(n.kind, n.detail + " (line " + n.line + ")", List.of()));
        }
        return out;
    }

    /** "line N: detail" for people. */
    public String describe() {
        return "line " + line + ": " + detail;
    }
}
