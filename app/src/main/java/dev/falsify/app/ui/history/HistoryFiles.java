package dev.falsify.app.ui.history;

import dev.falsify.checkers.history.FormatDetector;
import dev.falsify.checkers.history.HistoryFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;

/** Which evidence files open in the history viewer: those {@code falsify check} would read as a history. */
public final class HistoryFiles {
    private static final int HEAD = 8192;

    private HistoryFiles() {
    }

    /** True when the text's head is a history in a format the checkers read (JSONL, Jepsen EDN, Porcupine). */
    public static boolean isHistory(String text, String fileName) {
        try {
            return FormatDetector.detect(text.length() > HEAD ? text.substring(0, HEAD) : text, fileName) != null;
        } catch (HistoryFormatException e) {
            return false;
        }
    }

    /**
     * The same test on a file, reading only its head: a million-line log is not read whole just to
     * learn that it is not a history.
     */
    public static boolean isHistory(Path file) throws IOException {
        byte[] head;
        try (var in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD * 4);
        }
        for (byte b : head) {
            if (b == 0) return false; // binary
        }
        return isHistory(new String(head, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * The history viewer on {@code file}, with {@code raw} (the table or the text viewer of the same
     * file) as a second tab, reading and checking in the background.
     */
    public static HistoryView viewer(Path file, String rawTitle, Node raw) {
        HistoryView v = new HistoryView();
        v.addTab(rawTitle, raw);
        v.open(file);
        return v;
    }
}
