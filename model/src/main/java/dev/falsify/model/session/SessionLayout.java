package dev.falsify.model.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The one description of a session folder's layout: what makes a folder a session, where its logs,
 * artifacts, histories, check results, event log and documents are, and how their names are built
 * and read back. The runner, the testkit, the report, the command line and the window all ask here;
 * none spells {@code "logs"} or {@code ".check.json"} itself.
 *
 * <pre>
 * &lt;session&gt;/
 *   session-log.md                      the log (header, timeline, results)
 *   logs/&lt;label&gt;/&lt;process&gt;.&lt;stream&gt;.log  process output per seed
 *   metrics/
 *   artifacts/&lt;label&gt;.history.jsonl       recorded history of one seed
 *   artifacts/&lt;label&gt;.&lt;checker&gt;.check.json its check result (the testkit writes &lt;label&gt;.check.json)
 *   artifacts/rerun&lt;n&gt;/…                  same-seed re-runs
 *   artifacts/events.jsonl               the run's events, one JSON object a line (replay reads it)
 *   findings/report.md, findings/&lt;id&gt;.md
 * </pre>
 *
 * Names written by people and agents in another spelling ({@code Session_Log.MD}, {@code Findings/})
 * are found when reading; Falsify writes the spellings above.
 */
public final class SessionLayout {
    public static final String LOG = "session-log.md";
    public static final String LOGS = "logs";
    public static final String METRICS = "metrics";
    public static final String ARTIFACTS = "artifacts";
    public static final String FINDINGS = "findings";
    public static final String REPORT = "report.md";
    /** A hand-written session record: the window shows such a folder read-only, the command line does not write into it. */
    public static final String HAND_WRITTEN = "session.md";
    /** The machine-readable event log of a run, inside {@link #ARTIFACTS}. */
    public static final String EVENTS = "events.jsonl";
    public static final String HISTORY_SUFFIX = ".history.jsonl";
    public static final String CHECK_SUFFIX = ".check.json";
    /** The sub-folders a session has; a missing one is reported by the reader. */
    public static final List<String> SUBDIRS = List.of(LOGS, METRICS, ARTIFACTS, FINDINGS);

    /** A checker name as it may appear inside a file name: one segment, no dot, no separator. */
    private static final Pattern CHECKER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*");

    private SessionLayout() {
    }

    /**
     * The one decision "is this a session folder": it holds a session log or a findings report, names
     * in any spelling. The reader, {@code falsify report/override/import}, the path classifier and the
     * workspace tree all ask this.
     */
    public static boolean isSession(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        SessionEntries layout = SessionEntries.of(dir, new ArrayList<>());
        return layout.log().isPresent() || layout.subdir(FINDINGS)
                .flatMap(f -> SessionEntries.entry(f, REPORT, Files::isRegularFile)).isPresent();
    }

    /**
     * Whether a folder has a part of the session layout ({@code logs/}, {@code artifacts/}, {@code metrics/},
     * {@code findings/} in any spelling) or a hand-written {@code session.md}: used only where the place
     * already says "session" (a child of a session root), so a run that was cut before its log was
     * written is still listed. Anywhere else a {@code logs/} folder does not make a session.
     */
    public static boolean hasSessionParts(Path dir) {
        SessionEntries layout = SessionEntries.of(dir, new ArrayList<>());
        return SUBDIRS.stream().anyMatch(s -> layout.subdir(s).isPresent()) || handWritten(dir).isPresent();
    }

    /** {@code session.md} in any spelling. */
    public static Optional<Path> handWritten(Path dir) {
        return SessionEntries.entry(dir, HAND_WRITTEN, Files::isRegularFile);
    }

    /**
     * The Markdown record a session folder is shown through: the findings report, else the session log,
     * else {@code session.md}, {@code README.md} or the first {@code .md} file. Empty for a folder that is
     * neither a session nor a hand-written one (with a {@code session.md}).
     */
    public static Optional<Path> document(Path dir) throws IOException {
        if (!isSession(dir) && handWritten(dir).isEmpty()) {
            return Optional.empty();
        }
        Path report = reportPath(dir);
        if (Files.isRegularFile(report)) {
            return Optional.of(report);
        }
        List<Path> markdown;
        try (Stream<Path> s = Files.list(dir)) {
            markdown = s.filter(Files::isRegularFile)
                    .filter(f -> SessionEntries.isMarkdown(f.getFileName().toString()))
                    .sorted().toList();
        }
        for (String wanted : List.of(LOG, HAND_WRITTEN, "README.md")) {
            for (Path f : markdown) {
                if (SessionEntries.norm(f.getFileName().toString()).equals(SessionEntries.norm(wanted))) {
                    return Optional.of(f);
                }
            }
        }
        return markdown.stream().findFirst();
    }

    /**
     * Where {@code falsify report} writes: the folder's existing findings directory and report file in
     * whatever case the author spelled them ({@code Findings/Report.md}), else {@code findings/report.md}.
     */
    public static Path reportPath(Path dir) {
        Path fdir = findingsDir(dir);
        return SessionEntries.entry(fdir, REPORT, Files::isRegularFile).orElse(fdir.resolve(REPORT));
    }

    /** The findings folder as the author spelled it, else {@code findings/}. */
    public static Path findingsDir(Path dir) {
        return SessionEntries.of(dir, new ArrayList<>()).subdir(FINDINGS).orElse(dir.resolve(FINDINGS));
    }

    public static Path logsDir(Path dir) {
        return dir.resolve(LOGS);
    }

    /** {@code logs/<label>/}: one seed's process output. */
    public static Path logsDir(Path dir, String label) {
        return logsDir(dir).resolve(label);
    }

    /** {@code logs/<label>/<process>.<stream>.log}; the process name is made safe for a file name. */
    public static Path processLog(Path dir, String label, String process, String stream) {
        return logsDir(dir, label).resolve(SessionWriter.fileNamePart(process) + "." + stream + ".log");
    }

    public static Path metricsDir(Path dir) {
        return dir.resolve(METRICS);
    }

    public static Path artifactsDir(Path dir) {
        return dir.resolve(ARTIFACTS);
    }

    /** {@code artifacts/rerun<n>/}: where the n-th same-seed re-run keeps its artifacts. */
    public static Path rerunArtifactsDir(Path dir, int rerun) {
        return artifactsDir(dir).resolve("rerun" + rerun);
    }

    /** {@code artifacts/events.jsonl}. */
    public static Path eventsFile(Path dir) {
        return artifactsDir(dir).resolve(EVENTS);
    }

    /** {@code <label>.history.jsonl}. */
    public static String historyName(String label) {
        return label + HISTORY_SUFFIX;
    }

    /** The label of a {@code <label>.history.jsonl} file name, if it is one. */
    public static Optional<String> historyLabel(String fileName) {
        return fileName.endsWith(HISTORY_SUFFIX) && fileName.length() > HISTORY_SUFFIX.length()
                ? Optional.of(fileName.substring(0, fileName.length() - HISTORY_SUFFIX.length())) : Optional.empty();
    }

    /** {@code <label>.<checker>.check.json}. A checker name with a dot or a separator would make the name ambiguous: refused. */
    public static String checkResultName(String label, String checker) {
        if (!CHECKER.matcher(checker).matches()) {
            throw new IllegalArgumentException("not a checker name for a file: '" + checker + "'");
        }
        return label + "." + checker + CHECK_SUFFIX;
    }

    /**
     * {@code <label>.check.json}: the testkit's name, one result per label, the checker inside the file
     * (kept: JUnit teams' golden reports link these names).
     */
    public static String checkResultName(String label) {
        return label + CHECK_SUFFIX;
    }

    /** A check result's file name read back. {@code checker} is empty for the testkit's {@code <label>.check.json}. */
    public record CheckResultName(String label, String checker) {
    }

    /**
     * Reads {@code <label>.<checker>.check.json} (the runner) or {@code <label>.check.json} (the testkit)
     * given the checker the file itself names: labels may hold dots ({@code S1.2-1}), so the name alone
     * cannot say where the label ends. Empty if the name is no check result.
     */
    public static Optional<CheckResultName> parseCheckResult(String fileName, String checker) {
        if (!fileName.endsWith(CHECK_SUFFIX) || fileName.length() == CHECK_SUFFIX.length()) {
            return Optional.empty();
        }
        String stem = fileName.substring(0, fileName.length() - CHECK_SUFFIX.length());
        if (checker != null && !checker.isEmpty() && stem.endsWith("." + checker) && stem.length() > checker.length() + 1) {
            return Optional.of(new CheckResultName(stem.substring(0, stem.length() - checker.length() - 1), checker));
        }
        return Optional.of(new CheckResultName(stem, ""));
    }

    /** Whether {@code fileName} is a check result of {@code label}: {@code <label>.check.json} or {@code <label>.<one segment>.check.json}. */
    public static boolean isCheckResultOf(String fileName, String label) {
        if (!fileName.endsWith(CHECK_SUFFIX)) {
            return false;
        }
        String stem = fileName.substring(0, fileName.length() - CHECK_SUFFIX.length());
        if (stem.equals(label)) {
            return true;
        }
        return stem.startsWith(label + ".") && CHECKER.matcher(stem.substring(label.length() + 1)).matches();
    }

    /** Whether a file name is a check result at all. */
    public static boolean isCheckResult(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(CHECK_SUFFIX) && fileName.length() > CHECK_SUFFIX.length();
    }
}
