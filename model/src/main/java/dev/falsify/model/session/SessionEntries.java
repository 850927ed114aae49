package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The entries of one session folder as they are actually spelled (what {@link SessionLayout} names). Agents and people write
 * {@code Session-Log.md}, {@code SESSION_LOG.md} or {@code Findings/}; on a case-sensitive file system
 * a literal lookup of {@code session-log.md} would lose the whole session, so names are matched by
 * {@link #norm}: case, {@code _} / space / {@code -} and a {@code .markdown} extension do not matter.
 *
 * @param dir        the session folder
 * @param entries    its direct entries, sorted by name
 */
record SessionEntries(Path dir, List<Path> entries) {
    static final List<String> SUBDIRS = SessionLayout.SUBDIRS;

    static SessionEntries of(Path dir, List<String> problems) {
        try (Stream<Path> s = Files.list(dir)) {
            return new SessionEntries(dir, s.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList());
        } catch (IOException | RuntimeException e) {
            problems.add(dir.getFileName() + "/: unreadable: " + e.getMessage());
            return new SessionEntries(dir, List.of());
        }
    }

    /** session-log.md in any spelling. */
    Optional<Path> log() {
        return find(SessionLayout.LOG, Files::isRegularFile);
    }

    /** logs/, metrics/, artifacts/ or findings/ in any spelling. */
    Optional<Path> subdir(String name) {
        return find(name, Files::isDirectory);
    }

    /**
     * Top-level entries that are not part of the layout (a core dump, a scratch folder): listed so the
     * report can say they exist, never read. Hidden files and temp files are housekeeping.
     */
    List<String> otherFiles() {
        List<String> known = new ArrayList<>();
        log().ifPresent(p -> known.add(p.getFileName().toString()));
        SUBDIRS.forEach(s -> subdir(s).ifPresent(p -> known.add(p.getFileName().toString())));
        return entries.stream().filter(p -> !AtomicFiles.isTemp(p))
                .map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".") && !known.contains(n))
                .map(n -> Files.isDirectory(dir.resolve(n)) ? n + "/" : n).toList();
    }

    private Optional<Path> find(String name, Predicate<Path> kind) {
        Path exact = dir.resolve(name);
        if (kind.test(exact)) {
            return Optional.of(exact);
        }
        return entries.stream().filter(p -> norm(p.getFileName().toString()).equals(norm(name))).filter(kind).findFirst();
    }

    /** {@code name} inside {@code dir}, exactly or in another spelling. */
    static Optional<Path> entry(Path dir, String name, Predicate<Path> kind) {
        Path exact = dir.resolve(name);
        if (kind.test(exact)) {
            return Optional.of(exact);
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> norm(p.getFileName().toString()).equals(norm(name))).filter(kind)
                    .min(Comparator.comparing(p -> p.getFileName().toString()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static boolean isMarkdown(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.endsWith(".md") || n.endsWith(".markdown");
    }

    /** {@code Session_Log.MD} → {@code sessionlog.md}; {@code Findings} → {@code findings}. */
    static String norm(String name) {
        String n = name.toLowerCase(Locale.ROOT).replaceFirst("\\.markdown$", ".md");
        return n.replaceAll("[-_ ]", "");
    }
}
