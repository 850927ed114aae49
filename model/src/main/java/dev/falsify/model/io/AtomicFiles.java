package dev.falsify.model.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.security.SecureRandom;

/**
 * Whole-file writes that readers never see half done: write a temp file in the same directory,
 * force it to disk, then rename it over the target with ATOMIC_MOVE. A crash leaves either the old
 * file or the new one (plus at most a stray {@code .*.tmp} file, which readers ignore).
 *
 * <p>Permissions are those a plain {@link Files#write} would leave: a replaced file keeps its mode, a
 * new one gets the process's default (the umask). {@link Files#createTempFile} would make every file
 * 0600 and strip a shared session folder's or a saved plan's group and other permissions.
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
        replace(target, target, ch -> {
            Writer out = Channels.newWriter(ch, StandardCharsets.UTF_8);
            content.writeTo(out);
            out.flush();
        });
    }

    /**
     * Copies {@code source} to {@code target} so that {@code target} is either absent or complete; the copy
     * has the source's permissions, as a move would have kept them.
     */
    public static void copy(Path source, Path target) throws IOException {
        replace(target, source, ch -> Files.copy(source, Channels.newOutputStream(ch)));
    }

    private interface Filler {
        void fill(FileChannel ch) throws IOException;
    }

    /** Fills a new temp file beside {@code target}, gives it {@code modeOf}'s permissions if that exists, then renames it over {@code target}. */
    private static void replace(Path target, Path modeOf, Filler filler) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = newTemp(dir, target.getFileName().toString());
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                filler.fill(ch);
                ch.force(true);
            }
            keepMode(modeOf, tmp);
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

    /** A temp file created without explicit permissions, so it gets the umask's default as Files.write would give. */
    private static Path newTemp(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(TEMP_PREFIX + name + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + TEMP_SUFFIX);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) throw e;
            }
        }
    }

    private static void keepMode(Path from, Path tmp) throws IOException {
        if (!Files.isRegularFile(from)) return;
        PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        if (view == null) return;   // not POSIX (Windows): the ACLs are inherited from the folder
        try {
            view.setPermissions(Files.getPosixFilePermissions(from));
        } catch (UnsupportedOperationException e) {
            // a file system without POSIX permissions under a POSIX view: nothing to keep
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    /** A temp file left by an interrupted {@link #write}. */
    public static boolean isTemp(Path file) {
        String n = file.getFileName().toString();
        return n.startsWith(TEMP_PREFIX) && n.endsWith(TEMP_SUFFIX);
    }
}
