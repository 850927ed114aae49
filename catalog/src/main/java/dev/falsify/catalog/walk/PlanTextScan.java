package dev.falsify.catalog.walk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A light, tolerant scan of plan Markdown for what the pitfall walk needs: the span of §4, an existing
 * pitfall-walk table, and which hypotheses name a pitfall in their {@code Pitfall row} field. Lines
 * inside fenced code blocks are never structure.
 */
final class PlanTextScan {
    record Line(int start, int end, String text, boolean inFence) {
        /** Offset just past this line's newline (or the end of the text). */
        int next(String all) {
            return end < all.length() ? end + 1 : end;
        }
    }

    record Span(int start, int end) {
    }

    private static final Pattern LEVEL2 = Pattern.compile("^##\\s+(.*)$");
    private static final Pattern ANY_HEADING = Pattern.compile("^#{1,2}\\s+.*$");
    private static final Pattern SECTION4 = Pattern.compile("^(?:§\\s*|section\\s+)?4(?![0-9a-z])", Pattern.CASE_INSENSITIVE);
    private static final Pattern HYPOTHESIS = Pattern.compile("^\\s*(?:#{3,4}\\s+|[-*+]\\s+)?\\*{0,2}(H\\d+)\\b");
    private static final Pattern PITFALL_ROW = Pattern.compile("pitfall row\\s*\\**\\s*:\\s*\\**\\s*(.*)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PITFALL_ID = Pattern.compile("\\bPF\\d+\\b", Pattern.CASE_INSENSITIVE);

    private final String text;
    private final List<Line> lines = new ArrayList<>();

    PlanTextScan(String text) {
        this.text = text;
        boolean fence = false;
        String fenceMarker = null;
        int pos = 0;
        while (pos <= text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            String raw = text.substring(pos, end);
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            String trimmed = line.stripLeading();
            boolean isFenceLine = trimmed.startsWith("```") || trimmed.startsWith("~~~");
            if (isFenceLine && !fence) {
                fence = true;
                fenceMarker = trimmed.substring(0, 3);
                lines.add(new Line(pos, end, line, true));
            } else if (isFenceLine && trimmed.startsWith(fenceMarker)) {
                lines.add(new Line(pos, end, line, true));
                fence = false;
            } else {
                lines.add(new Line(pos, end, line, fence));
            }
            if (nl < 0) {
                break;
            }
            pos = nl + 1;
        }
    }

    String text() {
        return text;
    }

    List<Line> lines() {
        return lines;
    }

    /** §4 from its heading line to the next level-1/2 heading, recognised by number or by keyword. */
    Optional<Span> section4() {
        int startIdx = -1;
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l.inFence) {
                continue;
            }
            Matcher m = LEVEL2.matcher(l.text);
            if (m.matches() && isSection4(m.group(1).strip())) {
                startIdx = i;
                break;
            }
        }
        if (startIdx < 0) {
            return Optional.empty();
        }
        int end = text.length();
        for (int i = startIdx + 1; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (!l.inFence && ANY_HEADING.matcher(l.text).matches()) {
                end = l.start;
                break;
            }
        }
        return Optional.of(new Span(lines.get(startIdx).start, end));
    }

    private static boolean isSection4(String title) {
        if (SECTION4.matcher(title).find()) {
            return true;
        }
        String t = title.toLowerCase(Locale.ROOT);
        return !Character.isDigit(t.isEmpty() ? 'x' : t.charAt(0)) && t.contains("hypothes") && !t.contains("coverage");
    }

    /** Indexes of lines within a span, not in a fence. */
    List<Integer> lineIndexes(Span span) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l.start >= span.start && l.start < span.end && !l.inFence) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * For each hypothesis in the span that has a {@code Pitfall row} field: the pitfall references
     * (ids such as PF03, or the text when it has no id) mapped to the hypothesis ids naming them.
     */
    Map<String, List<String>> pitfallRows(Span span) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        String current = null;
        for (int i : lineIndexes(span)) {
            String line = lines.get(i).text;
            Matcher h = HYPOTHESIS.matcher(line);
            if (h.find()) {
                current = h.group(1);
            }
            Matcher p = PITFALL_ROW.matcher(line);
            if (p.find() && current != null) {
                String value = p.group(1).strip();
                Matcher ids = PITFALL_ID.matcher(value);
                boolean any = false;
                while (ids.find()) {
                    any = true;
                    add(out, ids.group().toUpperCase(Locale.ROOT), current);
                }
                if (!any && !value.isEmpty()) {
                    add(out, value, current);
                }
            }
        }
        return out;
    }

    private static void add(Map<String, List<String>> map, String key, String hypothesis) {
        List<String> hs = map.computeIfAbsent(key, k -> new ArrayList<>());
        if (!hs.contains(hypothesis)) {
            hs.add(hypothesis);
        }
    }
}
