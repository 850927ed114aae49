package dev.falsify.model.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown file seen as level-2 sections plus bold-label lines ({@code **Label:** value},
 * {@code - **Label**: value}, {@code Label: value} in the header). Fenced code blocks are skipped when
 * looking for headings and labels. Read-only and tolerant: nothing here throws on odd input.
 */
final class MarkdownDoc {
    private static final Pattern LABEL = Pattern.compile(
            "^\\s*+(?:[-*]\\s++)?\\*\\*([^*]+?)(?<!\\s)\\s*+:?\\s*+\\*\\*\\s*+:?\\s*+(.*)$");
    /**
     * {@code - SUT: kv 2.3} or {@code Verdict: PASS-smoke} without bold, as agents also write header
     * lines; only read before the first level-2 heading, where prose with a colon is rare.
     */
    private static final Pattern PLAIN_LABEL = Pattern.compile(
            "^\\s*(?:[-*]\\s+)?([A-Za-z][A-Za-z /()-]{0,40}?)\\s*:\\s+(\\S.*)$");

    /** A level-2 section: heading text and its body lines {@code [start, end)}. */
    record Section(String title, int start, int end) {
    }

    final List<String> lines;
    final List<Section> sections = new ArrayList<>();
    /** Labels before the first level-2 heading, lower-cased label → value. */
    final Map<String, String> headerLabels = new LinkedHashMap<>();
    final Map<String, String> allLabels = new LinkedHashMap<>();
    final boolean[] inFence;
    String title = "";

    MarkdownDoc(String text) {
        this.lines = List.of(text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1));
        this.inFence = new boolean[lines.size()];
        boolean fence = false;
        String currentTitle = null;
        int currentStart = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String s = line.strip();
            if (s.startsWith("```") || s.startsWith("~~~")) {
                fence = !fence;
                inFence[i] = true;
                continue;
            }
            inFence[i] = fence;
            if (fence) {
                continue;
            }
            if (s.startsWith("# ") && title.isEmpty()) {
                title = s.substring(2).strip();
            } else if (s.startsWith("## ")) {
                if (currentTitle != null) {
                    sections.add(new Section(currentTitle, currentStart, i));
                }
                currentTitle = s.substring(3).strip();
                currentStart = i + 1;
            } else {
                Matcher m = LABEL.matcher(line);
                if (!m.matches() && currentTitle == null) {
                    m = PLAIN_LABEL.matcher(line);
                }
                if (m.matches()) {
                    String key = m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll(":$", "");
                    String value = m.group(2).strip();
                    allLabels.putIfAbsent(key, value);
                    if (currentTitle == null) {
                        headerLabels.putIfAbsent(key, value);
                    }
                }
            }
        }
        if (currentTitle != null) {
            sections.add(new Section(currentTitle, currentStart, lines.size()));
        }
    }

    /** The first section whose heading contains any of the keywords (case-insensitive). */
    Optional<Section> section(String... keywords) {
        for (String k : keywords) {
            String want = k.toLowerCase(Locale.ROOT);
            for (Section s : sections) {
                if (s.title.toLowerCase(Locale.ROOT).contains(want)) {
                    return Optional.of(s);
                }
            }
        }
        return Optional.empty();
    }

    /** First label value among {@code names} (lower-case), header or body. */
    Optional<String> label(String... names) {
        for (String n : names) {
            String v = allLabels.get(n);
            if (v != null) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    MarkdownTable table(Section s) {
        return MarkdownTable.first(lines, s.start, s.end, 1);
    }

    /** Non-blank, non-fenced lines of a section. */
    List<String> body(Section s) {
        List<String> out = new ArrayList<>();
        for (int i = s.start; i < s.end; i++) {
            if (!inFence[i] && !lines.get(i).isBlank()) {
                out.add(lines.get(i));
            }
        }
        return out;
    }

    /** Raw text of a section (fences included), trimmed. */
    String text(Section s) {
        return String.join("\n", lines.subList(s.start, s.end)).strip();
    }

    /** 1-based line of the first fence whose info string contains {@code info}, or 0. */
    int fenceLine(String info) {
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if ((s.startsWith("```") || s.startsWith("~~~")) && s.substring(3).contains(info)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** Contents of the first fenced block whose info string contains {@code info}, or empty. */
    Optional<String> fenced(String info) {
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if ((s.startsWith("```") || s.startsWith("~~~")) && s.substring(3).contains(info)) {
                StringBuilder b = new StringBuilder();
                for (int j = i + 1; j < lines.size(); j++) {
                    String t = lines.get(j).strip();
                    if (t.startsWith("```") || t.startsWith("~~~")) {
                        return Optional.of(b.toString());
                    }
                    b.append(lines.get(j)).append('\n');
                }
                return Optional.empty(); // unterminated fence: a half-written block is not evidence
            }
        }
        return Optional.empty();
    }
}
