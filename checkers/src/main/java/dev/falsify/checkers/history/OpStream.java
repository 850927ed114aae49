package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import dev.falsify.model.history.Op;
import java.util.Iterator;

/**
 * A history read op by op. Only the ops still open (invoked, not yet completed) are held in memory,
 * so a history of any size can be consumed with a small heap. {@link #next()} throws
 * {@link HistoryFormatException} at the first malformed record and
 * {@link java.io.UncheckedIOException} when the file cannot be read.
 *
 * <p>Ops come out in the order they become known: a completed op when its completion is read, an
 * op still open at the end of the input (crashed / timed out) after everything else.
 */
public interface OpStream extends Iterator<Op>, AutoCloseable {
    HistoryFormat format();

    /** Name of the input, as used in error messages. */
    String source();

    /**
     * What the reader tolerated or found missing so far (complete once {@link #hasNext()} returned
     * false): divergent forms it accepted, lines it skipped, a record cut off at the end of the input.
     */
    default java.util.List<ReadNote> notes() {
        return java.util.List.of();
    }

    @Override
    void close();
}
