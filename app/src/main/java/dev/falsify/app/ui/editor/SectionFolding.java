package dev.falsify.app.ui.editor;

import java.util.List;
import java.util.Optional;

/**
 * Where the foldable Markdown section around a line starts and ends. A section is a level-2 to
 * level-4 ATX heading and every line up to the next heading of the same or a higher level; lines
 * inside fenced code blocks never count as headings (plans keep diagrams and skeletons there).
 * Pure, so the rule is tested without a window.
 */
public final class SectionFolding {
    private SectionFolding() {
    }

    /** A foldable range: the heading's line stays visible, {@code heading+1 .. last} hide. */
    public record Range(int heading, int last) {
    }

    /** The innermost section containing {@code line} (0-based), if it has anything to hide. */
    public static Optional<Range> sectionAt(List<String> lines, int line) {
        int[] levels = headingLevels(lines);
        for (int h = Math.min(line, lines.size() - 1); h >= 0; h--) {
            if (levels[h] > 0) {
                int last = lastLineOf(levels, h);
                return last > h && line <= last ? Optional.of(new Range(h, last)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static int lastLineOf(int[] levels, int heading) {
        for (int i = heading + 1; i < levels.length; i++) {
            if (levels[i] > 0 && levels[i] <= levels[heading]) {
                return i - 1;
            }
        }
        return levels.length - 1;
    }

    /** Heading level (2–4) per line, 0 for anything else, fenced code skipped. */
    static int[] headingLevels(List<String> lines) {
        int[] levels = new int[lines.size()];
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).stripLeading();
            if (fence != null) {
                if (t.startsWith(fence)) {
                    fence = null;
                }
                continue;
            }
            if (t.startsWith("```") || t.startsWith("~~~")) {
                fence = t.substring(0, 3);
                continue;
            }
            int n = 0;
            while (n < t.length() && t.charAt(n) == '#') {
                n++;
            }
            if (n >= 2 && n <= 4 && n < t.length() && t.charAt(n) == ' ') {
                levels[i] = n;
            }
        }
        return levels;
    }
}
