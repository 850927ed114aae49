package dev.falsify.app.ui.editor;

import dev.falsify.model.session.AtomicFiles;
import java.io.IOException;
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
 * <p>Not thread-safe; the editor calls it from one thread at a time (autosave from a background
 * writer hands it the text snapshot it took on the FX thread).
 */
public final class DocumentFile {
    static final String AUTOSAVE_PREFIX = ".falsify-autosave.";

    private final Path file;
    /** What we last read from or wrote to {@link #file}; null if the file does not exist yet. */
    private String knownDiskText;

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
        return knownDiskText == null ? "" : knownDiskText;
    }

    /** Atomic save; afterwards the autosave side file is obsolete and removed. */
    public void save(String text) throws IOException {
        AtomicFiles.write(file, text);
        knownDiskText = text;
        Files.deleteIfExists(autosavePath());
    }

    /** Writes the unsaved text to the side file (atomically, so a crash mid-write keeps the old one). */
    public void autosave(String text) throws IOException {
        if (text.equals(knownDiskText)) {
            Files.deleteIfExists(autosavePath());
            return;
        }
        AtomicFiles.write(autosavePath(), text);
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
        return side;
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
        return disk;
    }

    /** Accepts the disk state as known without reloading (the user chose to keep their text). */
    public void acknowledgeDiskText(String diskText) {
        knownDiskText = diskText;
    }

    private static Optional<String> read(Path p) throws IOException {
        try {
            return Optional.of(Files.readString(p, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
