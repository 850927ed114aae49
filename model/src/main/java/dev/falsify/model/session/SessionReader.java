package dev.falsify.model.session;

import dev.falsify.model.verdict.VerdictOverride;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Opens any session folder: written by Falsify, by an agent or by hand, complete or not, even while
 * it is being written. Never refuses: what is absent goes to {@code missing}, what is unreadable to
 * {@code problems}.
 */
public final class SessionReader {
    public static final String LOG = "session-log.md";
    public static final String FINDINGS = "findings";
    public static final String REPORT = "report.md";
    /** The line {@code ReportWriter} puts in the report of an interrupted session. */
    public static final String INTERRUPTED_MARK = "**Session state:** interrupted";

    /** The results table header {@code ReportWriter} emits; an author's report rarely matches it to the character. */
    public static final String RESULTS_HEADER = "| ID | Scenario | Verdict | Oracle | Oracle execution evidence |"
            + " Nemesis landing evidence | Artifact link |";

    private SessionReader() {
    }

    /**
     * Whether {@code reportText} is a report Falsify wrote (read back on the next run) rather than an
     * author's: its rows restate verdicts computed from this folder and must not count as written ones,
     * or regenerating the report would change its own reasons.
     */
    public static boolean isFalsifyReport(String reportText) {
        return reportText.startsWith("# Findings: ") && reportText.contains("\n" + RESULTS_HEADER + "\n")
                && reportText.contains("\n## Green-but-broken check\n");
    }

    /**
     * Reads the folder.
     *
     * @throws IOException only when {@code dir} itself is not a readable directory
     */
    public static SessionFolder read(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "not a session folder (not a directory)");
        }
        List<String> missing = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        SessionLayout layout = SessionLayout.of(dir, problems);
        SessionLog log;
        Optional<String> logText = layout.log().flatMap(f -> readText(dir, f, problems));
        if (logText.isPresent()) {
            log = SessionLogFormat.parse(logText.get());
            log.missing().forEach(m -> missing.add(LOG + ": " + m));
        } else {
            missing.add(LOG);
            log = SessionLogFormat.parse("");
        }
        for (String sub : SessionLayout.SUBDIRS) {
            if (layout.subdir(sub).isEmpty()) {
                missing.add(sub + "/");
            }
        }
        List<FindingFile> findings = new ArrayList<>();
        List<VerdictOverride> overrides = new ArrayList<>();
        List<VerdictRow> resultRows = new ArrayList<>();
        Optional<String> report = Optional.empty();
        List<String> other = new ArrayList<>(layout.otherFiles());
        List<String> pictures = new ArrayList<>();
        Optional<Path> fdirFound = layout.subdir(FINDINGS);
        if (fdirFound.isPresent()) {
            Path fdir = fdirFound.get();
            String prefix = fdir.getFileName() + "/";
            for (Path f : list(fdir, problems)) {
                String name = f.getFileName().toString();
                if (AtomicFiles.isTemp(f) || name.startsWith(".")) {
                    continue;
                }
                if (Files.isRegularFile(f) && name.toLowerCase(java.util.Locale.ROOT).endsWith(".svg")) {
                    pictures.add(name);
                    continue;
                }
                if (!Files.isRegularFile(f) || !SessionLayout.isMarkdown(name)) {
                    other.add(prefix + name + (Files.isDirectory(f) ? "/" : ""));
                    continue;
                }
                Optional<String> text = readText(dir, f, problems);
                if (text.isEmpty()) {
                    continue;
                }
                if (name.equalsIgnoreCase(REPORT)) {
                    report = text;
                } else if (name.equalsIgnoreCase(OverridesFormat.FILE)) {
                    overrides.addAll(OverridesFormat.parse(prefix + name, text.get(), problems));
                } else {
                    FindingFile ff = FindingsFormat.parse(name, text.get());
                    ff.problems().forEach(p -> problems.add(prefix + name + ":" + p));
                    List<VerdictRow> rows = ff.isAboutAnArm() ? List.of() : SessionLogFormat.resultRows(text.get());
                    if (ff.isAboutAnArm()) {
                        findings.add(ff);
                    } else if (!rows.isEmpty()) {
                        // a summary of every arm (findings/results.md): its rows count like the verdict table's
                        resultRows.addAll(rows);
                    } else {
                        // notes, READMEs: kept in the folder and listed, never read as a verdict
                        other.add(prefix + name);
                    }
                }
            }
            if (report.isEmpty()) {
                missing.add(FINDINGS + "/" + REPORT);
            }
        }
        // a report regenerated for an interrupted session says so; it does not make the session complete
        boolean interrupted = !log.ended() && (report.isEmpty() || report.get().contains(INTERRUPTED_MARK));
        List<VerdictRow> reportRows = new ArrayList<>(resultRows);
        report.filter(r -> !isFalsifyReport(r)).map(SessionLogFormat::reportRows).ifPresent(reportRows::addAll);
        return new SessionFolder(dir, log, findings, overrides, report, reportRows, files(dir, layout, List.of("logs"), problems),
                files(dir, layout, List.of("artifacts", "metrics"), problems), missing, problems, interrupted, other, pictures);
    }

    /** Session folders under {@code root}: {@code root} itself if it holds a session log or findings, else any descendant that does. */
    public static List<Path> discover(Path root) throws IOException {
        if (isSession(root)) {
            return List.of(root);
        }
        try (Stream<Path> s = Files.walk(root, 4)) {
            return s.filter(Files::isDirectory).filter(SessionReader::isSession).sorted().toList();
        }
    }

    public static boolean isSession(Path dir) {
        SessionLayout layout = SessionLayout.of(dir, new ArrayList<>());
        return layout.log().isPresent() || layout.subdir(FINDINGS)
                .flatMap(f -> SessionLayout.entry(f, REPORT, Files::isRegularFile)).isPresent();
    }

    /**
     * Where {@code falsify report} writes: the folder's existing findings directory and report file in
     * whatever case the author spelled them ({@code Findings/Report.md}), else {@code findings/report.md}.
     */
    public static Path reportPath(Path dir) {
        Path fdir = SessionLayout.of(dir, new ArrayList<>()).subdir(FINDINGS).orElse(dir.resolve(FINDINGS));
        return SessionLayout.entry(fdir, REPORT, Files::isRegularFile).orElse(fdir.resolve(REPORT));
    }

    private static Optional<String> readText(Path dir, Path f, List<String> problems) {
        String name = dir.relativize(f).toString().replace('\\', '/');
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            byte[] bytes = Files.readAllBytes(f);
            try {
                return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString());
            } catch (CharacterCodingException e) {
                problems.add(name + ":" + firstBadByte(bytes) + ": not valid UTF-8; read as ISO-8859-1");
                return Optional.of(new String(bytes, StandardCharsets.ISO_8859_1));
            }
        } catch (IOException e) {
            problems.add(name + ": unreadable: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** {@code line:column} (1-based, column in bytes) of the first byte that is not valid UTF-8. */
    static String firstBadByte(byte[] bytes) {
        java.nio.charset.CharsetDecoder d = StandardCharsets.UTF_8.newDecoder();
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(Math.max(16, bytes.length));
        java.nio.charset.CoderResult r = d.decode(in, out, true);
        int at = r.isError() ? in.position() : bytes.length;
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return line + ":" + (at - lineStart + 1);
    }

    private static List<Path> list(Path dir, List<String> problems) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            problems.add(dir.getFileName() + "/: unreadable: " + e.getMessage());
            return List.of();
        }
    }

    private static List<String> files(Path dir, SessionLayout layout, List<String> subs, List<String> problems) {
        List<String> out = new ArrayList<>();
        for (String sub : subs) {
            Path d = layout.subdir(sub).orElse(null);
            if (d == null) {
                continue;
            }
            try (Stream<Path> s = Files.walk(d)) {
                // hidden files (.gitkeep, .DS_Store) are housekeeping, not session artifacts
                s.filter(Files::isRegularFile).filter(p -> !AtomicFiles.isTemp(p))
                        .filter(p -> !p.getFileName().toString().startsWith("."))
                        .map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().forEach(out::add);
            } catch (IOException | java.io.UncheckedIOException e) {
                problems.add(sub + "/: unreadable: " + e.getMessage());
            }
        }
        return out;
    }

}
