package dev.falsify.app.ui.log;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which lines a log viewer shows.
 *
 * @param processes indexes into {@link LogLines#processes()} to show; empty shows every process
 * @param minimum   the least serious level shown ({@link LogLevel#INFO} shows all)
 * @param pattern   lines must contain a match, or null
 */
public record LineFilter(Set<Integer> processes, LogLevel minimum, Pattern pattern) {
    public static final LineFilter ALL = new LineFilter(Set.of(), LogLevel.INFO, null);

    public LineFilter {
        processes = Set.copyOf(processes);
    }

    public boolean showsAll() {
        return processes.isEmpty() && minimum == LogLevel.INFO && pattern == null;
    }

    public boolean accepts(LogLines lines, int i) {
        if (!processes.isEmpty() && !processes.contains(lines.process(i))) return false;
        if (minimum == LogLevel.INFO && pattern == null) return true;
        String text = lines.line(i);
        if (minimum != LogLevel.INFO && LogLevel.of(text).compareTo(minimum) < 0) return false;
        return pattern == null || pattern.matcher(text).find();
    }
}
