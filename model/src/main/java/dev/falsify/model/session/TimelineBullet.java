package dev.falsify.model.session;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A timeline written as a list instead of the spec's table:
 * {@code - 2026-12-02T21:10:00-08:00 S1/api oracle result: 200/200 clean} or
 * {@code * 10:15:04 — S01 — fault injected — partition n1}. The time is the first token, the arm the
 * first scenario id, the event what follows up to a colon or dash, the notes the rest.
 */
final class TimelineBullet {
    private static final Pattern LINE = Pattern.compile(
            "^\\s*[-*+]\\s+`?(\\d[\\dT:.+\\-Z ]*?\\d(?:Z|\\s*UTC)?)`?\\s*[\u2014\u2013|,-]?\\s+(.+)$");
    private static final Pattern SPLIT = Pattern.compile("(?:\\G|(?<!\\s))(?:\\s*+[:|]|\\s++[\u2014\u2013-]\\s)\\s*+");

    private TimelineBullet() {
    }

    static Optional<TimelineEvent> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String time = m.group(1).strip();
        String rest = m.group(2).replace("*", "").replace("`", "").strip();
        String arm = FindingsFormat.armIn(rest);
        int at = arm.isEmpty() ? -1 : rest.toUpperCase(Locale.ROOT).indexOf(arm.toUpperCase(Locale.ROOT));
        if (at < 0) {
            return Optional.of(new TimelineEvent(time, "", rest, ""));
        }
        String after = rest.substring(at + arm.length()).replaceFirst("^[\\s:\u2014\u2013|-]+", "");
        String[] parts = SPLIT.split(after, 2);
        return Optional.of(new TimelineEvent(time, arm, parts[0].strip(), parts.length > 1 ? parts[1].strip() : ""));
    }
}
