package dev.falsify.checkers.history;

import dev.falsify.model.history.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Entry point for reading histories: format detection and the right streaming reader. */
public final class Histories {
    private static final int DETECT_BYTES = 8192;

    private Histories() {
    }

    /**
     * Opens a history for streaming.
     *
     * @param format the format, or null to detect it from the content
     * @throws HistoryFormatException when the format cannot be recognised
     */
    public static OpStream open(Path file, HistoryFormat format) throws IOException {
        return open(Files.newInputStream(file), file.toString(), format, null);
    }

    /**
     * Opens a history for streaming that stops reading ({@link ReadingStopped}) once {@code budget}
     * is {@link dev.falsify.checkers.api.CheckBudget#exhausted exhausted}: the budget is asked before
     * each 32 KB of the file.
     *
     * @param format the format, or null to detect it from the content
     */
    public static OpStream open(Path file, HistoryFormat format, dev.falsify.checkers.api.CheckBudget budget) throws IOException {
        return open(Files.newInputStream(file), file.toString(), format, budget);
    }

    /**
     * Opens the bytes of a stream as a file's (UTF-8, refused where they are not); closing the
     * stream returned closes {@code in}.
     *
     * @param budget asked before each chunk read (null: read to the end)
     */
    static OpStream open(java.io.InputStream in, String sourceName, HistoryFormat format,
                         dev.falsify.checkers.api.CheckBudget budget) throws IOException {
        BufferedReader reader = new BufferedReader(budget == null ? Utf8Reader.strict(in) : Utf8Reader.strict(in, budget), 1 << 16);
        try {
            return open(reader, sourceName, format);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** Opens in-memory or already-open text; {@code format} null detects it. */
    public static OpStream open(Reader text, String sourceName, HistoryFormat format) {
        BufferedReader reader = text instanceof BufferedReader b ? b : new BufferedReader(text, 1 << 16);
        HistoryFormat f = format;
        if (f == null) {
            try {
                reader.mark(DETECT_BYTES + 1);
                char[] head = new char[DETECT_BYTES];
                int n = 0;
                int r;
                try {
                    while (n < head.length && (r = reader.read(head, n, head.length - n)) > 0) n += r;
                } catch (Utf8Reader.Malformed e) {
                    // a file that is not UTF-8 near its start: detected from the text before the bad
                    // byte; the reader then refuses the byte at its line and column
                }
                reader.reset();
                f = FormatDetector.detect(new String(head, 0, n), sourceName);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            if (f == null) f = FormatDetector.byExtension(sourceName);
        }
        return switch (f) {
            case JSONL -> new JsonlReader(reader, sourceName);
            case JEPSEN_EDN, PORCUPINE_KV -> new JepsenEdnReader(reader, sourceName, f);
            case PORCUPINE_ETCD -> new PorcupineEtcdReader(reader, sourceName);
            case JEPSEN_TXT -> new JepsenTextReader(reader, sourceName);
        };
    }

    /** Detects the format of a file from its content (extension only for an empty file). */
    public static HistoryFormat detect(Path file) throws IOException {
        try (OpStream s = open(file, null)) {
            return s.format();
        }
    }

    /** Reads a whole history into memory, in the order of {@link OpStream}. */
    public static History readAll(Path file, HistoryFormat format) throws IOException {
        try (OpStream s = open(file, format)) {
            return drain(s);
        }
    }

    /** Parses history text (tests, pasted histories); {@code format} null detects it. */
    public static History parse(String text, String sourceName, HistoryFormat format) {
        try (OpStream s = open(new StringReader(text), sourceName, format)) {
            return drain(s);
        }
    }

    /**
     * The history files named by {@code inputs}: files as given, folders searched recursively for
     * regular files (hidden ones skipped), each folder's files in path order.
     *
     * @throws java.nio.file.NoSuchFileException for an input that does not exist
     */
    public static List<Path> expand(List<Path> inputs) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                List<Path> found = new ArrayList<>();
                walk(in, in, found);
                java.util.Collections.sort(found);
                out.addAll(found);
            } else if (Files.exists(in)) {
                out.add(in);
            } else {
                throw new java.nio.file.NoSuchFileException(in.toString(), null, "no such file or folder");
            }
        }
        return out;
    }

    /**
     * Adds the regular files under {@code dir} (what {@code Files.walk} visits: links to folders are
     * not followed, links to files count), but those whose name or whose top-level folder under
     * {@code root} starts with a dot. A directory stream rather than {@code Files.walk}, whose
     * stream stages and lambdas bootstrapped at every cold `falsify check` of a folder.
     */
    private static void walk(Path root, Path dir, List<Path> found) throws IOException {
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    walk(root, p, found);
                } else if (Files.isRegularFile(p) && !root.relativize(p).toString().startsWith(".")
                        && !p.getFileName().toString().startsWith(".")) {
                    found.add(p);
                }
            }
        }
    }

    private static History drain(OpStream s) {
        List<Op> ops = new ArrayList<>();
        while (s.hasNext()) ops.add(s.next());
        return new History(s.source(), s.format(), ops, s.notes());
    }
}
