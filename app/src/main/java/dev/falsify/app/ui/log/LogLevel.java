package dev.falsify.app.ui.log;

import dev.falsify.runner.events.RunEvent;
import java.util.regex.Pattern;

/** How serious a log line reads: the runner's own error-marker pattern, then warning words. */
public enum LogLevel {
    INFO, WARNING, ERROR;

    private static final Pattern WARNING_LINE = Pattern.compile("\\b(WARN|WARNING|[Ww]arning)\\b");

    public static LogLevel of(String line) {
        if (RunEvent.LogMarker.ERROR_LINE.matcher(line).find()) return ERROR;
        if (WARNING_LINE.matcher(line).find()) return WARNING;
        return INFO;
    }
}
