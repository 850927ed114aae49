package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.PlanId;
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
    /** The names of the layout, kept here for callers that read sessions; {@link SessionLayout} owns them. */
    public static final String LOG = SessionLayout.LOG;
    public static final String FINDINGS = SessionLayout.FINDINGS;
    public static final String REPORT = SessionLayout.REPORT;
    /** The line {@code ReportWriter} puts in the report of an interrupted session. */
    public static final String INTERRUPTED_MARK = "**Session state:** interrupted";

    /** The results table header {@code ReportWriter} emits; an author's report rarely matches it to the character. */
    public static final String RESULTS_HEADER = "| ID | Scenario | Verdict | Oracle | Oracle execution evidence |"
            + " Nemesis landing evidence | Artifact link |";

    private SessionReader() {
    }

    /**
     * The last line of every report {@link dev.falsify.model.report.ReportWriter} renders: the report is derived
     * from the folder and is never read back as written verdicts. An author's report in the same layout does not
     * carry it; SUT text cannot forge it (every {@code <} in data is escaped, and it must be the last line).
     */
    public static final String REPORT_MARK = "<!-- falsify report: derived from this folder's records;"
            + " not read back as written verdicts -->";

    /** {@code body} with its {@link #REPORT_MARK} line appended. */
    public static String markReport(String body) {
        return (body.endsWith("\n") ? body : body + "\n") + REPORT_MARK + "\n";
    }

    /** What a findings report is to the reader. */
    public enum ReportKind {
        /** Falsify rendered it ({@link #REPORT_MARK} on its last line): never read as verdicts. */
        FALSIFY,
        /**
         * No mark, but the layout Falsify wrote before reports were marked (its title, results-table header and
         * checklist heading) — which is also the executing skill's template. Its rows count only for arms the rest
         * of the folder does not name: those cannot be a restatement of the folder; for the others only the
         * evidence cells that say something are kept.
         */
        FALSIFY_LAYOUT,
        /** Anything else: an author's report, every row of which is a written verdict with its evidence. */
        AUTHOR
    }

    public static ReportKind reportKind(String reportText) {
        String text = reportText.replace("\r\n", "\n");
        if (text.strip().endsWith("\n" + REPORT_MARK)) {
            return ReportKind.FALSIFY;
        }
        boolean layout = text.startsWith("# Findings: ") && text.contains("\n" + RESULTS_HEADER + "\n")
                && text.contains("\n## Green-but-broken check\n");
        return layout && !text.contains(REPORT_MARK) ? ReportKind.FALSIFY_LAYOUT : ReportKind.AUTHOR;
    }

    /**
     * Whether {@code reportText} is a report Falsify wrote (or one in its layout without a mark) rather than
     * an author's own: it is derived from the folder and may be regenerated in place.
     */
    public static boolean isFalsifyReport(String reportText) {
        return reportKind(reportText) != ReportKind.AUTHOR;
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
        SessionEntries layout = SessionEntries.of(dir, problems);
        SessionLog log;
        Optional<String> logText = layout.log().flatMap(f -> readText(dir, f, problems));
        if (logText.isPresent()) {
            log = SessionLogFormat.parse(logText.get());
            log.missing().forEach(m -> missing.add(LOG + ": " + m));
        } else {
            missing.add(LOG);
            log = SessionLogFormat.parse("");
        }
        for (String sub : SessionEntries.SUBDIRS) {
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
        List<String> originals = new ArrayList<>();
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
                if (!Files.isRegularFile(f) || !SessionEntries.isMarkdown(name)) {
                    other.add(prefix + name + (Files.isDirectory(f) ? "/" : ""));
                    continue;
                }
                Optional<String> text = readText(dir, f, problems);
                if (text.isEmpty()) {
                    continue;
                }
                if (name.equalsIgnoreCase(REPORT)) {
                    report = text;
                } else if (ORIGINAL_REPORT.matcher(name).matches()) {
                    // an author's report set aside by `falsify report`: still the author's record
                    originals.add(text.get());
                } else if (name.equalsIgnoreCase(OverridesFormat.FILE)) {
                    overrides.addAll(OverridesFormat.parse(prefix + name, text.get(), problems));
                } else {
                    if (isSummary(text.get())) {
                        // a findings report under another name (summary.md, results.md): every arm's row, as report.md's
                        originals.add(text.get());
                        continue;
                    }
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
        // an author's summary (another name, or report.md kept aside) counts like a results table; one in Falsify's
        // layout only for arms nothing else names
        List<String> layoutOnly = new ArrayList<>();
        for (String original : originals) {
            if (reportKind(original) == ReportKind.AUTHOR) {
                resultRows.addAll(SessionLogFormat.reportRows(original));
            } else {
                layoutOnly.add(original);
            }
        }
        List<VerdictRow> reportRows = new ArrayList<>(resultRows);
        java.util.Set<String> named = namedArms(log, findings, resultRows);
        for (String original : layoutOnly) {
            reportRows.addAll(rowsOf(original, named));
        }
        List<VerdictRow> fromReport = report.map(r -> rowsOf(r, named)).orElse(List.of());
        reportRows.addAll(fromReport);
        boolean reportIsRecord = report.map(r -> reportKind(r) == ReportKind.AUTHOR || !fromReport.isEmpty()).orElse(false);
        return new SessionFolder(dir, log, findings, overrides, report, reportRows, files(dir, layout, List.of(SessionLayout.LOGS), problems),
                files(dir, layout, List.of(SessionLayout.ARTIFACTS, SessionLayout.METRICS), problems), missing, problems, interrupted, other, pictures,
                reportIsRecord);
    }

    /** {@code report.original.md}, {@code report.original-2.md}: an author's report kept aside by {@link ReportFile}. */
    static final java.util.regex.Pattern ORIGINAL_REPORT = java.util.regex.Pattern.compile(
            "(?i)report\\.original(?:-\\d+)?\\.(?:md|markdown)");

    /**
     * A findings Markdown file that is a report of several arms, not one arm's findings: its results tables (as
     * {@link SessionLogFormat#reportRows} finds them) name two or more arms.
     */
    static boolean isSummary(String text) {
        if (!text.contains("|")) {
            return false;
        }
        return SessionLogFormat.reportRows(text).stream().map(r -> PlanId.key(r.armId())).distinct().limit(2).count() > 1;
    }

    /** The written verdicts of a findings report, as its {@link ReportKind} allows. */
    static List<VerdictRow> rowsOf(String reportText, java.util.Set<String> named) {
        return switch (reportKind(reportText)) {
            case FALSIFY -> List.of();
            case AUTHOR -> SessionLogFormat.reportRows(reportText);
            case FALSIFY_LAYOUT -> SessionLogFormat.reportRows(reportText).stream()
                    .map(r -> !named.contains(PlanId.key(r.armId())) && !named.contains(PlanId.key(PlanId.scenarioOf(r.armId())))
                            ? r : evidenceOnly(r))
                    .filter(r -> r != null)
                    .toList();
        };
    }

    /**
     * The evidence cells of a row about an arm the folder names elsewhere, without its verdict, budget, notes or
     * checklists (those restate the folder, or are the author's second word on an arm that has a first), or null
     * when its cells say nothing ("not recorded", "did not run", "no fault planned").
     */
    private static VerdictRow evidenceOnly(VerdictRow r) {
        String oracle = ClaimCheck.says(r.oracleEvidence()) ? r.oracleEvidence() : "";
        String landing = ClaimCheck.says(r.landingEvidence()) ? r.landingEvidence() : "";
        return oracle.isEmpty() && landing.isEmpty() ? null : new VerdictRow(r.armId(), "", "", "", oracle, landing);
    }

    /**
     * Keys ({@link PlanId#key}) of the arms and scenarios the folder gives a verdict outside its reports: verdict
     * rows, findings files, a results summary. A report in Falsify's layout restates these; for an arm only the
     * timeline shows, it could only have said NOT-RUN, so its row there is read (an author's FAIL for an arm the
     * timeline shows running is not lost).
     */
    static java.util.Set<String> namedArms(SessionLog log, List<FindingFile> findings, List<VerdictRow> resultRows) {
        java.util.Set<String> out = new java.util.HashSet<>();
        java.util.function.Consumer<String> add = id -> {
            if (!id.isBlank()) {
                out.add(PlanId.key(id));
                out.add(PlanId.key(PlanId.scenarioOf(id)));
            }
        };
        log.verdicts().forEach(r -> add.accept(r.armId()));
        findings.forEach(f -> add.accept(f.armId()));
        resultRows.forEach(r -> add.accept(r.armId()));
        return out;
    }

    /** Session folders under {@code root}: {@code root} itself if it is one, else any descendant that is ({@link SessionLayout#isSession}). */
    public static List<Path> discover(Path root) throws IOException {
        if (SessionLayout.isSession(root)) {
            return List.of(root);
        }
        try (Stream<Path> s = Files.walk(root, 4)) {
            return s.filter(Files::isDirectory).filter(SessionLayout::isSession).sorted().toList();
        }
    }

    /** Where {@code falsify report} writes; see {@link SessionLayout#reportPath}. */
    public static Path reportPath(Path dir) {
        return SessionLayout.reportPath(dir);
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

    private static List<String> files(Path dir, SessionEntries layout, List<String> subs, List<String> problems) {
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
