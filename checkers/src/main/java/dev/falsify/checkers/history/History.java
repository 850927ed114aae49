package dev.falsify.checkers.history;

import dev.falsify.checkers.api.ReadNote;
import dev.falsify.model.history.Op;
import java.util.List;

/**
 * A history read completely into memory.
 *
 * @param source the file (or label) it came from
 * @param format the format it was read as
 * @param ops    the operations in {@link OpStream} order
 * @param notes  what the reader tolerated or found missing ({@link OpStream#notes()})
 */
public record History(String source, HistoryFormat format, List<Op> ops, List<ReadNote> notes) {
    public History {
        ops = List.copyOf(ops);
        notes = List.copyOf(notes);
    }

    public History(String source, HistoryFormat format, List<Op> ops) {
        this(source, format, ops, List.of());
    }
}
