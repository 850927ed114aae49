package dev.falsify.app.ui.log;

import java.util.List;

/**
 * The lines of a log by number, without holding them as Strings: a file indexed by line offsets
 * ({@link LogFile}) or lines appended while a run writes them ({@link LiveLog}). Both may grow while
 * read; {@link #count()} only ever increases and a line once counted never changes.
 */
public sealed interface LogLines permits LogFile, LiveLog {
    /** Lines known so far. */
    int count();

    /** Line {@code i} (0-based), without its line break. */
    String line(int i);

    /** Index into {@link #processes()} of the process that wrote line {@code i}. */
    int process(int i);

    /** The processes that wrote lines, in order of first appearance (one for a file). */
    List<String> processes();

    /** Whether more lines may still arrive (a run writing, a file followed). */
    boolean growing();
}
