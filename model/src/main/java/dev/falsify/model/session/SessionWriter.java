package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.verdict.VerdictRules;
import dev.falsify.model.vocabulary.PlanId;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a session folder as a run proceeds, in the layout of {@code sessions-and-verdicts.md}.
 * Every change rewrites the affected file whole and atomically ({@link AtomicFiles}), so a reader (or a
 * crash) only ever sees complete files; a folder without the end marker reads as interrupted.
 * Thread-safe: the runner may report events from several threads.
 */
public final class SessionWriter {
    /** Folder-name form of a UTC time: {@code 2026-11-30T041500Z}. */
    public static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path dir;
    private final Clock clock;
    private SessionHeader header;
    private final List<String> toolbox = new ArrayList<>();
    private final List<CapabilityRow> capabilities = new ArrayList<>();
    private final List<Precondition> preconditions = new ArrayList<>();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final Map<String, VerdictRow> verdictRows = new LinkedHashMap<>();
    private final Map<String, Verdict> armVerdicts = new LinkedHashMap<>();
    private final List<String> artifacts = new ArrayList<>();
    private boolean finished;
    /** How often timeline rows alone rewrite the log (see {@link #event(TimelineEvent)}). */
    static final long TIMELINE_FLUSH_NANOS = 1_000_000_000L;
    private long lastFlushNanos = System.nanoTime();
    private boolean lastFlushWasTimeline;
    private boolean pendingRows;

    private SessionWriter(Path dir, SessionHeader header, Clock clock) {
        this.dir = dir;
        this.header = header;
        this.clock = clock;
    }

    /**
     * Creates {@code <sessionsRoot>/<folder name of planSlug>/<UTC start>/} with its sub-folders and an
     * initial session-log.md. If that folder exists (two runs in the same second), a {@code -2},
     * {@code -3}, … suffix is added: an existing session is never overwritten.
     *
     * @param planSlug the plan's slug as written (its title): only its {@link #folderName} is used,
     *                 so the session can never land outside {@code sessionsRoot}
     * @param header   header lines; {@code sessionDir} and {@code started} are filled in when blank
     */
    public static SessionWriter create(Path sessionsRoot, String planSlug, SessionHeader header, Clock clock)
            throws IOException {
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Path parent = sessionsRoot.resolve(folderName(planSlug));
        createDirectories(parent);
        String base = FOLDER_TIME.format(start);
        Path dir = parent.resolve(base);
        for (int n = 2; ; n++) {
            try {
                Files.createDirectory(dir);
                break;
            } catch (FileAlreadyExistsException e) {
                dir = parent.resolve(base + "-" + n);
            } catch (IOException e) {
                throw cannotWrite(dir, e);
            }
        }
        return open(dir, header, clock);
    }

    /**
     * The folder name for a plan slug: lower case, every run of characters outside {@code [a-z0-9._-]}
     * one {@code -}, no leading dot or dash (so never {@code .}, {@code ..} or hidden), at most 80
     * characters; {@code plan} when nothing is left. A title such as {@code ../../x}, {@code /abs/path}
     * or {@code x$(touch pwned)y} is just a name inside the sessions root.
     */
    public static String folderName(String slug) {
        String s = slug == null ? "" : slug.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[.-]+", "").replaceAll("-+$", "");
        if (s.length() > 80) s = s.substring(0, 80).replaceAll("[.-]+$", "");
        return s.isEmpty() ? "plan" : s;
    }

    /**
     * A name from the plan (a service, a fault) as part of a file name inside the session: kept as it
     * is when it is already safe ({@code [A-Za-z0-9_-][A-Za-z0-9._-]*}), else every run of other
     * characters becomes {@code -} and a leading dot {@code _}, so no name can reach outside its folder.
     */
    public static String fileNamePart(String name) {
        if (name != null && name.matches("[A-Za-z0-9_-][A-Za-z0-9._-]*")) return name;
        String s = name == null ? "" : name.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^\\.", "_");
        return s.isEmpty() ? "_" : s;
    }

    /** The write failure as the user needs it: which file or folder could not be written, and why. */
    private static IOException cannotWrite(Path file, IOException e) {
        String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e instanceof java.nio.file.FileSystemException ? e.getClass().getSimpleName().replaceAll("Exception$", "")
                : e.getMessage();
        return new CannotWrite("could not write " + file + ": " + why, e);
    }

    /** A session file could not be written (disk full, no permission), as opposed to one that could not be read. */
    public static final class CannotWrite extends IOException {
        CannotWrite(String message, IOException cause) {
            super(message, cause);
        }
    }

    private static void createDirectories(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw cannotWrite(dir, e);
        }
    }

    private static void write(Path file, String content) throws IOException {
        try {
            AtomicFiles.write(file, content);
        } catch (IOException e) {
            throw cannotWrite(file, e);
        }
    }

    /** Starts writing into an existing or new folder {@code dir} (its session-log.md is replaced). */
    public static SessionWriter open(Path dir, SessionHeader header, Clock clock) throws IOException {
        for (String sub : SessionLayout.SUBDIRS) {
            createDirectories(dir.resolve(sub));
        }
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        SessionHeader h = new SessionHeader(
                header.title().isBlank() ? "Session log: " + dir.toAbsolutePath().getParent().getFileName() + " @ "
                        + dir.getFileName() : header.title(),
                header.sut(), header.plan(), header.commit(),
                header.sessionDir().isBlank() ? dir.toString().replace('\\', '/') : header.sessionDir(),
                header.operator(), header.started().isBlank() ? start.toString() : header.started(), "", header.other());
        SessionWriter w = new SessionWriter(dir, h, clock);
        w.flushLog();
        return w;
    }

    public Path dir() {
        return dir;
    }

    public Path logsDir() {
        return SessionLayout.logsDir(dir);
    }

    public Path artifactsDir() {
        return SessionLayout.artifactsDir(dir);
    }

    public Path metricsDir() {
        return SessionLayout.metricsDir(dir);
    }

    public Path findingsDir() {
        return dir.resolve(SessionLayout.FINDINGS);
    }

    public synchronized void toolbox(List<String> tools) throws IOException {
        toolbox.clear();
        toolbox.addAll(tools);
        flushLog();
    }

    public synchronized void capabilities(List<CapabilityRow> rows) throws IOException {
        capabilities.clear();
        capabilities.addAll(rows);
        flushLog();
    }

    public synchronized void preconditions(List<Precondition> items) throws IOException {
        preconditions.clear();
        preconditions.addAll(items);
        flushLog();
    }

    /** Appends a timeline row stamped now. */
    public void event(String scenario, String event, String notes) throws IOException {
        event(new TimelineEvent(clock.instant().truncatedTo(ChronoUnit.MILLIS).toString(), scenario, event, notes));
    }

    /**
     * A timeline row. The log is not rewritten for every row (a run publishes hundreds, and each rewrite
     * is the whole file): the first row after any other change is written at once, later ones at most
     * every {@link #TIMELINE_FLUSH_NANOS} and with the next other change ({@link #flush()}, an arm, the end).
     * The run's complete, appended record of events is {@code artifacts/events.jsonl}.
     */
    public synchronized void event(TimelineEvent e) throws IOException {
        checkOpen();
        timeline.add(e);
        if (!lastFlushWasTimeline || System.nanoTime() - lastFlushNanos >= TIMELINE_FLUSH_NANOS) {
            flushLog();
            lastFlushWasTimeline = true;
        } else {
            pendingRows = true;
        }
    }

    /** Writes timeline rows held back by {@link #event(TimelineEvent)}; a no-op when none are. */
    public synchronized void flush() throws IOException {
        if (pendingRows) flushLog();
    }

    public synchronized void artifact(String description) throws IOException {
        artifacts.add(description);
        flushLog();
    }

    /**
     * An arm ended (or was skipped): computes its verdict from the evidence, writes
     * {@code findings/<arm>.md} and the verdict-table row, and returns the decision.
     *
     * @param scenarioName the scenario's name from the plan (may be blank)
     */
    public synchronized Decision armFinished(String scenarioName, ArmEvidence evidence, FindingDetail detail)
            throws IOException {
        checkOpen();
        Decision d = VerdictRules.decide(evidence);
        write(findingsDir().resolve(FindingsFormat.fileName(evidence.armId())),
                FindingsFormat.render(scenarioName == null ? "" : scenarioName, evidence, d,
                        detail == null ? FindingDetail.EMPTY : detail));
        verdictRows.put(evidence.armId(), new VerdictRow(evidence.armId(), evidence.budgetMet().label(), d.display(),
                d.reason()));
        armVerdicts.put(evidence.armId(), d.verdict());
        flushLog();
        return d;
    }

    /** The headline from the arms finished so far. */
    public synchronized SessionHeadline headline() {
        Map<String, List<Verdict>> byScenario = new LinkedHashMap<>();
        armVerdicts.forEach((arm, v) -> byScenario.computeIfAbsent(PlanId.scenarioOf(arm), k -> new ArrayList<>()).add(v));
        return VerdictRules.headline(byScenario.values().stream().map(VerdictRules::aggregate).toList());
    }

    /** Writes the end marker ({@code **Session ended:** <UTC> — <HEADLINE>}); no further writes are accepted. */
    public synchronized SessionHeadline finish() throws IOException {
        checkOpen();
        SessionHeadline h = headline();
        header = header.withEnded(clock.instant().truncatedTo(ChronoUnit.SECONDS) + " \u2014 " + h.name());
        flushLog();
        finished = true;
        return h;
    }

    /** Appends a reviewer override to {@code findings/overrides.md} of an existing folder. */
    public static void appendOverride(Path sessionDir, VerdictOverride override) throws IOException {
        overridesInside(sessionDir);
        List<VerdictOverride> all = readOverrides(sessionDir);
        all.add(override);
        write(overridesFile(sessionDir), OverridesFormat.render(all));
    }

    /** overrides.md is written, like the report, only inside the session folder ({@link SessionBounds}). */
    private static void overridesInside(Path sessionDir) throws IOException {
        SessionBounds.folderInside(sessionDir, overridesFile(sessionDir).getParent(),
                "overrides are written only inside it (remove the link)");
    }

    /**
     * Takes back an override (the reviewer's undo): removes the last row equal to {@code override}, so
     * the arm's previous override, if any, counts again. The file is removed when no row is left.
     *
     * @return false when no such row was found (the file changed under us)
     */
    public static boolean withdrawOverride(Path sessionDir, VerdictOverride override) throws IOException {
        overridesInside(sessionDir);
        List<VerdictOverride> all = readOverrides(sessionDir);
        int at = all.lastIndexOf(override);
        if (at < 0) {
            return false;
        }
        all.remove(at);
        if (all.isEmpty()) {
            Files.deleteIfExists(overridesFile(sessionDir));
        } else {
            write(overridesFile(sessionDir), OverridesFormat.render(all));
        }
        return true;
    }

    private static Path overridesFile(Path sessionDir) {
        return sessionDir.resolve(SessionLayout.FINDINGS).resolve(OverridesFormat.FILE);
    }

    private static List<VerdictOverride> readOverrides(Path sessionDir) throws IOException {
        Path file = overridesFile(sessionDir);
        List<VerdictOverride> all = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            List<String> problems = new ArrayList<>();
            all.addAll(OverridesFormat.parse(Files.readString(file), problems));
            if (!problems.isEmpty()) {
                throw new IOException(String.join("; ", problems) + " (fix the file before adding overrides)");
            }
        }
        return all;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("session " + dir + " already finished");
        }
    }

    private void flushLog() throws IOException {
        pendingRows = false;
        lastFlushWasTimeline = false;
        lastFlushNanos = System.nanoTime();
        SessionLog log = new SessionLog(header, toolbox, capabilities, preconditions, timeline,
                List.copyOf(verdictRows.values()), artifacts, List.of());
        write(dir.resolve(SessionLayout.LOG), SessionLogFormat.render(log));
    }
}
