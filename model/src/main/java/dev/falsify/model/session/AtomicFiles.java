package dev.falsify.model.session;

import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Whole-file writes that readers never see half done: write a temp file in the same directory,
 * force it to disk, then rename it over the target with ATOMIC_MOVE. A crash leaves either the old
 * file or the new one (plus at most a stray {@code .*.tmp} file, which readers ignore).
 */
public final class AtomicFiles {
    /** Prefix and suffix of temp files; {@link #isTemp} recognises them. */
    static final String TEMP_PREFIX = ".";
    static final String TEMP_SUFFIX = ".tmp";

    private AtomicFiles() {
    }

    /** Something that writes the content; may throw to abandon the write (the target is left untouched). */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    public static void write(Path target, String content) throws IOException {
        write(target, out -> out.write(content));
    }

    public static void write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, TEMP_PREFIX + target.getFileName(), TEMP_SUFFIX);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 Writer out = Channels.newWriter(ch, StandardCharsets.UTF_8)) {
                content.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // some file systems (network mounts) cannot rename atomically; a plain replace is the best left
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** A temp file left by an interrupted {@link #write}. */
    public static boolean isTemp(Path file) {
        String n = file.getFileName().toString();
        return n.startsWith(TEMP_PREFIX) && n.endsWith(TEMP_SUFFIX);
    }
}
