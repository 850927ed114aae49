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

    /**
     * A fenced code block: the 0-based lines of its opening and closing fence ({@code close} -1 when the file
     * ends inside it) and the opening fence's info string.
     */
    record Fence(int open, int close, String info) {
        boolean terminated() {
            return close >= 0;
        }
    }

    /** Every fenced code block, in order. */
    final List<Fence> fences = new ArrayList<>();

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
        String currentTitle = null;
        int currentStart = 0;
        // the open fence (CommonMark): closed only by a run of the same character at least as long, with no info string
        char fenceChar = 0;
        int fenceLength = 0;
        int fenceStart = -1;
        String fenceInfo = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String s = line.strip();
            int run = fenceRun(line);
            if (fenceChar == 0 && run >= 3) {
                fenceChar = s.charAt(0);
                fenceLength = run;
                fenceStart = i;
                fenceInfo = s.substring(run).strip();
                inFence[i] = true;
                continue;
            }
            if (fenceChar != 0) {
                inFence[i] = true;
                if (run >= fenceLength && s.charAt(0) == fenceChar && s.substring(run).isBlank()) {
                    fences.add(new Fence(fenceStart, i, fenceInfo));
                    fenceChar = 0;
                }
                continue;
            }
            if (s.startsWith("# ") && title.isEmpty()) {
                title = MarkdownText.plain(s.substring(2).strip());
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
                    String value = MarkdownText.plain(m.group(2).strip());
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
        if (fenceChar != 0) {
            fences.add(new Fence(fenceStart, -1, fenceInfo));
        }
    }

    /**
     * The length of the fence run that opens or closes a code block on {@code line} ({@code ```}, {@code ~~~~};
     * a backtick fence's info string has no backtick), or 0. Indentation is not limited to three spaces as in
     * CommonMark: a fence inside a list item is indented further, and agents write both.
     */
    static int fenceRun(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) i++;
        if (i >= line.length()) {
            return 0;
        }
        char c = line.charAt(i);
        if (c != '`' && c != '~') {
            return 0;
        }
        int j = i;
        while (j < line.length() && line.charAt(j) == c) j++;
        if (j - i < 3 || c == '`' && line.indexOf('`', j) >= 0) {
            return 0;
        }
        return j - i;
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

    /** Fenced blocks whose info string's first word is {@code info} ({@code ```falsify-evidence}), in order. */
    List<Fence> fences(String info) {
        List<Fence> out = new ArrayList<>();
        for (Fence f : fences) {
            String first = f.info().isEmpty() ? "" : f.info().split("\\s+", 2)[0];
            if (first.equalsIgnoreCase(info)) {
                out.add(f);
            }
        }
        return out;
    }

    /** The lines between a terminated block's fences, each followed by a newline. */
    String content(Fence f) {
        StringBuilder b = new StringBuilder();
        for (int j = f.open() + 1; j < (f.terminated() ? f.close() : lines.size()); j++) {
            b.append(lines.get(j)).append('\n');
        }
        return b.toString();
    }

    /** The level-2 section that holds 0-based line {@code line}, if any. */
    Optional<Section> sectionOf(int line) {
        for (Section s : sections) {
            if (line >= s.start() && line < s.end()) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
