package dev.falsify.app.ui.editor;

import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One Markdown file as the editor sees it on disk: atomic save (temp file in the same folder,
 * fsync, rename), an autosave side file {@code .falsify-autosave.<name>} beside it that survives a
 * crash, and detection of changes made by another program since the last load or save.
 *
 * <p>The editor works on text with {@code \n} line breaks (RichTextFX drops the {@code \r} of a
 * {@code \r\n}); a file that was written with Windows line breaks is saved, autosaved and compared
 * with them again, so opening and saving a plan never rewrites every line of it. A UTF-8 byte-order
 * mark is kept the same way: off the editor's text (where it would hide the title from the parser),
 * back on the file.
 *
 * <p>Not thread-safe; the editor calls it from one thread at a time (autosave from a background
 * writer hands it the text snapshot it took on the FX thread).
 */
public final class DocumentFile {
    static final String AUTOSAVE_PREFIX = ".falsify-autosave.";
    private static final String BOM = "\uFEFF";

    private Path file;
    /** What we last read from or wrote to {@link #file}, as on disk; null if the file does not exist yet. */
    private String knownDiskText;
    /** The file's line break: {@code \r\n} when most of its breaks were, else {@code \n}. */
    private String lineBreak = "\n";
    /** Whether the file starts with a UTF-8 byte-order mark. */
    private boolean byteOrderMark;
    /** The disk text {@link #externalChange} last reported, as on disk. */
    private String reportedDiskText;

    public DocumentFile(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    public Path path() {
        return file;
    }

    public Path autosavePath() {
        return file.resolveSibling(AUTOSAVE_PREFIX + file.getFileName());
    }

    /** Reads the file and remembers its content as the known disk state. */
    public String load() throws IOException {
        knownDiskText = read(file).orElse(null);
        lineBreak = lineBreakOf(knownDiskText);
        byteOrderMark = knownDiskText != null && knownDiskText.startsWith(BOM);
        return knownDiskText == null ? "" : toEditor(knownDiskText);
    }

    /** The line break the file is saved with. */
    public String lineBreak() {
        return lineBreak;
    }

    /** Atomic save; afterwards the autosave side file is obsolete and removed. */
    public void save(String text) throws IOException {
        String disk = toDisk(text);
        AtomicFiles.write(file, disk);
        knownDiskText = disk;
        Files.deleteIfExists(autosavePath());
    }

    /**
     * Save As: writes the text to {@code target} atomically and makes it this document's file; the
     * old file keeps its disk content and loses its autosave side file (its unsaved text now lives
     * in the new file).
     */
    public void saveAs(Path target, String text) throws IOException {
        Path old = autosavePath();
        Path t = target.toAbsolutePath().normalize();
        AtomicFiles.write(t, toDisk(text));
        file = t;
        knownDiskText = toDisk(text);
        Files.deleteIfExists(old);
        Files.deleteIfExists(autosavePath());
    }

    /** True when the file was loaded or saved and is gone from disk now (deleted or moved away). */
    public boolean deletedOnDisk() {
        return knownDiskText != null && !Files.exists(file);
    }

    /** Writes the unsaved text to the side file (atomically, so a crash mid-write keeps the old one). */
    public void autosave(String text) throws IOException {
        String disk = toDisk(text);
        if (disk.equals(knownDiskText)) {
            Files.deleteIfExists(autosavePath());
            return;
        }
        AtomicFiles.write(autosavePath(), disk);
    }

    /** The unsaved text left by a previous session that ended without saving, if it differs from the file. */
    public Optional<String> recoverable() throws IOException {
        Optional<String> side = read(autosavePath());
        if (side.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> disk = read(file);
        if (disk.isPresent() && disk.get().equals(side.get())) {
            Files.deleteIfExists(autosavePath());
            return Optional.empty();
        }
        return side.map(DocumentFile::toEditor);
    }

    public void discardAutosave() throws IOException {
        Files.deleteIfExists(autosavePath());
    }

    /**
     * The file's current content if another program changed it since our last load/save, else
     * empty. A deleted file counts as unchanged (there is nothing to reload).
     */
    public Optional<String> externalChange() throws IOException {
        Optional<String> disk = read(file);
        if (disk.isEmpty() || disk.get().equals(knownDiskText)) {
            return Optional.empty();
        }
        reportedDiskText = disk.get();
        return disk.map(DocumentFile::toEditor);
    }

    /**
     * Accepts the disk state {@link #externalChange} reported (given in editor form) as known, whether
     * the user reloaded it or kept their text; its line break becomes the file's.
     */
    public void acknowledgeDiskText(String diskText) {
        knownDiskText = reportedDiskText != null && toEditor(reportedDiskText).equals(diskText) ? reportedDiskText
                : toDisk(diskText);
        lineBreak = lineBreakOf(knownDiskText);
        byteOrderMark = knownDiskText.startsWith(BOM);
        reportedDiskText = null;
    }

    private String toDisk(String editorText) {
        String text = lineBreak.equals("\n") ? editorText : editorText.replace("\n", lineBreak);
        return byteOrderMark && !text.startsWith(BOM) ? BOM + text : text;
    }

    private static String toEditor(String diskText) {
        String text = diskText.replace("\r\n", "\n");
        return text.startsWith(BOM) ? text.substring(1) : text;
    }

    /** {@code \r\n} when more line breaks are {@code \r\n} than bare {@code \n}. */
    static String lineBreakOf(String text) {
        if (text == null) {
            return "\n";
        }
        int crlf = 0;
        int lf = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (i > 0 && text.charAt(i - 1) == '\r') {
                crlf++;
            } else {
                lf++;
            }
        }
        return crlf > lf ? "\r\n" : "\n";
    }

    private static Optional<String> read(Path p) throws IOException {
        try {
            return Optional.of(decode(p, Files.readAllBytes(p)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** A file that is not UTF-8 text; the message says which file, where and why. */
    public static final class NotTextException extends IOException {
        private final long byteOffset;

        NotTextException(String message, long byteOffset) {
            super(message);
            this.byteOffset = byteOffset;
        }

        public long byteOffset() {
            return byteOffset;
        }
    }

    /**
     * UTF-8 bytes → text, refusing (rather than guessing or replacing) bytes that are not UTF-8 and
     * NUL bytes (a binary file, or UTF-16): the message names the file, the byte offset and the
     * line:column where the first such byte is, so the user learns what they opened.
     */
    static String decode(Path file, byte[] bytes) throws NotTextException {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new NotTextException(file + ": a binary file, not UTF-8 text (NUL byte at byte offset " + i + ", "
                        + position(bytes, i) + "); not opened", i);
            }
        }
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            throw new NotTextException(String.format("%s: not UTF-8 text (byte 0x%02X at byte offset %d, %s); not opened",
                    file, bytes[at] & 0xff, at, position(bytes, at)), at);
        }
        dec.flush(out);
        out.flip();
        return out.toString();
    }

    /** "line L, column C" of a byte offset (columns count characters of the valid text before it). */
    private static String position(byte[] bytes, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1;
        for (int i = lineStart; i < offset; i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                column++; // count code points: skip UTF-8 continuation bytes
            }
        }
        return "line " + line + ", column " + column;
    }
}
