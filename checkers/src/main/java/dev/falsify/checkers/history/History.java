package dev.falsify.checkers.history;

import dev.falsify.model.history.Op;
import java.util.List;

/**
 * A history read completely into memory.
 *
 * @param source the file (or label) it came from
 * @param format the format it was read as
 * @param ops    the operations in {@link OpStream} order
 */
public record History(String source, HistoryFormat format, List<Op> ops) {
    public History {
        ops = List.copyOf(ops);
    }
}
