package dev.falsify.runner.store;

import dev.falsify.model.report.SessionVerdicts;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.session.EvidenceJson;
import dev.falsify.model.session.FindingFile;
import dev.falsify.model.session.RunConfiguration;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionTime;
import dev.falsify.model.session.TimelineEvent;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.PlanId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The SQLite index of session folders (WAL mode). The folders are the record: everything here is
 * derived from them by {@link #importFolder}, and a lost or corrupt database is rebuilt from the
 * folders listed in the {@code <db>.folders} file kept beside it.
 */
public final class SessionStore implements AutoCloseable {
    private static final DateTimeFormatter ASIDE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path db;
    private final Clock clock;
    private final Consumer<String> messages;
    private Connection c;

    private SessionStore(Path db, Clock clock, Consumer<String> messages) {
        this.db = db;
        this.clock = clock;
        this.messages = messages;
    }

    /**
     * Opens (creating or migrating) the database at {@code db}. A file that is not a usable SQLite
     * database is moved aside to {@code <db>.corrupt-<UTC>}, a new one is created and the folders
     * previously imported are re-imported; {@code messages} is told so.
     */
    public static SessionStore open(Path db, Clock clock, Consumer<String> messages) throws IOException {
        SessionStore s = new SessionStore(db.toAbsolutePath(), clock, messages);
        Path parent = s.db.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // a deleted database (its folder list still beside it) is rebuilt like a corrupt one
        boolean lost = !Files.exists(s.db) && !s.knownFolders().isEmpty();
        try {
            s.connectWaitingForOthers();
        } catch (SQLException e) {
            if (!isCorruption(e)) {
                s.closeQuietly();
                throw new IOException("cannot open the session store " + s.db + ": " + e.getMessage(), e);
            }
            s.recover(e.getMessage());
            return s;
        }
        if (lost) {
            int rebuilt = s.reimportKnown();
            messages.accept("session store " + s.db + " was missing; rebuilt it from " + rebuilt + " session folder"
                    + (rebuilt == 1 ? "" : "s") + " listed in " + s.foldersFile());
        }
        return s;
    }

    public static SessionStore open(Path db) throws IOException {
        return open(db, Clock.systemUTC(), m -> { });
    }

    public Path path() {
        return db;
    }

    /**
     * Connects and verifies, retrying while another connection holds the database: several stores
     * opening a new database at once (parallel imports, two processes) contend for the switch to WAL
     * and the schema's creation, which SQLite may refuse at once with SQLITE_BUSY rather than wait
     * out the busy timeout. Gives up after about 30 s.
     */
    private void connectWaitingForOthers() throws SQLException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        for (int attempt = 1; ; attempt++) {
            try {
                connect();
                verify();
                return;
            } catch (SQLException e) {
                if (!isBusy(e) || System.nanoTime() > deadline) throw e;
                closeQuietly();
                try {
                    Thread.sleep(Math.min(500, 20L * attempt));
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static boolean isBusy(SQLException e) {
        if (e instanceof SQLiteException se) {
            String code = se.getResultCode().name();
            return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
        }
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return m.contains("database is locked") || m.contains("sqlite_busy");
    }

    private void connect() throws SQLException {
        c = DriverManager.getConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
            s.execute("PRAGMA foreign_keys = ON");
            s.execute("PRAGMA synchronous = NORMAL"); // safe with WAL: a crash loses at most the last commit, never consistency
            try (ResultSet r = s.executeQuery("PRAGMA journal_mode = WAL")) {
                r.next();
            }
        }
    }

    /** Reads the whole schema and runs SQLite's quick check; throws on a file that is not a sound database. */
    private void verify() throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA quick_check")) {
            String first = r.next() ? r.getString(1) : "no answer";
            if (!"ok".equalsIgnoreCase(first)) {
                throw new SQLiteException("integrity check failed: " + first, SQLiteErrorCode.SQLITE_CORRUPT);
            }
        }
        Migrations.migrate(c);
    }

    private static boolean isCorruption(SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            return code == SQLiteErrorCode.SQLITE_CORRUPT || code == SQLiteErrorCode.SQLITE_NOTADB
                    || code.name().startsWith("SQLITE_CORRUPT") || code.name().startsWith("SQLITE_IOERR_SHORT_READ");
        }
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return m.contains("malformed") || m.contains("not a database") || m.contains("corrupt");
    }

    private void recover(String why) throws IOException {
        closeQuietly();
        Path aside = db.resolveSibling(db.getFileName() + ".corrupt-" + ASIDE.format(clock.instant()));
        if (Files.exists(db)) {
            Files.move(db, aside, StandardCopyOption.REPLACE_EXISTING);
        }
        for (String suffix : List.of("-wal", "-shm")) {
            Path side = db.resolveSibling(db.getFileName() + suffix);
            if (Files.exists(side)) {
                Files.move(side, aside.resolveSibling(aside.getFileName() + suffix), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try {
            connect();
            verify();
        } catch (SQLException e) {
            throw new IOException("cannot create a new session store at " + db + ": " + e.getMessage(), e);
        }
        int rebuilt = reimportKnown();
        messages.accept("session store " + db + " was corrupt (" + why + "); moved it to " + aside
                + " and rebuilt it from " + rebuilt + " session folder" + (rebuilt == 1 ? "" : "s"));
    }

    /** Imports every known folder that still exists; returns how many. */
    private int reimportKnown() throws IOException {
        int rebuilt = 0;
        for (Path f : knownFolders()) {
            if (Files.isDirectory(f)) {
                importFolder(f);
                rebuilt++;
            }
        }
        return rebuilt;
    }

    private Path foldersFile() {
        return db.resolveSibling(db.getFileName() + ".folders");
    }

    /** The folders ever imported into this database (kept in a text file beside it so a rebuild can find them). */
    public List<Path> knownFolders() throws IOException {
        Path f = foldersFile();
        if (!Files.isRegularFile(f)) {
            return List.of();
        }
        return Files.readAllLines(f, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).map(Path::of).toList();
    }

    /**
     * Adds {@code dir} to the folder list. Read-modify-write under a lock, so that two imports at once (two
     * processes, or two stores in one process) never drop each other's entry: a file lock on
     * {@code <db>.folders.lock} between processes, and a lock in this JVM, as a file lock is held per process
     * (a second channel of the same process locking it throws instead of waiting).
     */
    private void remember(Path dir) throws IOException {
        if (knownFolders().contains(dir)) return;
        synchronized (FOLDERS_LOCK) {
            Path lockFile = db.resolveSibling(db.getFileName() + ".folders.lock");
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                Set<Path> all = new LinkedHashSet<>(knownFolders());
                if (all.add(dir)) {
                    AtomicFiles.write(foldersFile(), all.stream().map(Path::toString).collect(Collectors.joining("\n", "", "\n")));
                }
            }
        }
    }

    private static final Object FOLDERS_LOCK = new Object();

    /** Imports every session folder at or under each of {@code roots}. */
    public synchronized List<ImportResult> importAll(List<Path> roots) throws IOException {
        List<ImportResult> out = new ArrayList<>();
        for (Path root : roots) {
            for (Path dir : SessionReader.discover(root)) {
                out.add(importFolder(dir));
            }
        }
        return out;
    }

    /**
     * Records a reviewer override: appended to the folder's {@code findings/overrides.md} (the folder is
     * the record), then the folder re-indexed so the effective verdict and history follow. The one way
     * {@code falsify override} and the workbench store an override.
     */
    public synchronized ImportResult recordOverride(Path sessionDir, dev.falsify.model.verdict.VerdictOverride override)
            throws IOException {
        dev.falsify.model.session.SessionWriter.appendOverride(sessionDir, override);
        return importFolder(sessionDir);
    }

    /** Undoes {@link #recordOverride}: the row is removed from the folder and the folder re-indexed. */
    public synchronized boolean withdrawOverride(Path sessionDir, dev.falsify.model.verdict.VerdictOverride override)
            throws IOException {
        boolean removed = dev.falsify.model.session.SessionWriter.withdrawOverride(sessionDir, override);
        importFolder(sessionDir);
        return removed;
    }

    /**
     * Indexes one session folder. Idempotent: a folder whose files are unchanged since the last import
     * is left untouched; a changed one is replaced as a whole.
     */
    public synchronized ImportResult importFolder(Path folder) throws IOException {
        Path dir = folder.toAbsolutePath().normalize();
        // the fingerprint first: an unchanged folder (files and the plan it was read against) is not parsed again
        String files = fingerprint(dir);
        try {
            Optional<String> stored = fingerprintOf(dir.toString());
            if (stored.isPresent() && unchanged(stored.get(), files)) {
                remember(dir);
                return new ImportResult(dir.toString(), ImportResult.Status.UNCHANGED, headlineOf(dir.toString()));
            }
        } catch (SQLException e) {
            throw new IOException("cannot index " + dir + ": " + e.getMessage(), e);
        }
        SessionFolder s = SessionReader.read(dir);
        // the arms once: each computation combines every verdict row and vets every claim (a
        // 50,000-row log took a second per computation, and headline, rows and scenarios each made one);
        // read against the plan, as report.md and the Session view read them
        SessionVerdicts verdicts = SessionVerdicts.of(s, Path.of("").toAbsolutePath());
        List<ArmVerdict> arms = verdicts.arms();
        Map<String, Verdict> scenarios = verdicts.scenarios();
        String headline = verdicts.headline().name();
        // the plan is part of what the stored verdicts depend on: a changed plan re-indexes the folder
        String fingerprint = files + verdicts.planFile().map(SessionStore::planStamp).orElse("");
        try {
            Optional<String> existing = fingerprintOf(dir.toString());
            if (existing.isPresent() && existing.get().equals(fingerprint)) {
                remember(dir);
                return new ImportResult(dir.toString(), ImportResult.Status.UNCHANGED, headline);
            }
            c.setAutoCommit(false);
            try {
                try (PreparedStatement del = c.prepareStatement("DELETE FROM sessions WHERE dir = ?")) {
                    del.setString(1, dir.toString());
                    del.executeUpdate();
                }
                insert(s, arms, scenarios, headline, dir, fingerprint);
                c.commit();
            } catch (SQLException | IOException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
            remember(dir);
            return new ImportResult(dir.toString(), existing.isPresent() ? ImportResult.Status.UPDATED
                    : ImportResult.Status.ADDED, headline);
        } catch (SQLException e) {
            throw new IOException("cannot index " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether a stored fingerprint still holds without reading the folder: the files' part is equal and
     * the plan the verdicts were read against is the same file, unchanged. A session stored without a
     * plan is read again (a plan may have appeared since).
     */
    static boolean unchanged(String stored, String files) {
        if (!stored.startsWith(files + " plan ")) return false;
        String rest = stored.substring(files.length() + " plan ".length());
        int mtime = rest.lastIndexOf(' ');
        int size = mtime < 0 ? -1 : rest.lastIndexOf(' ', mtime - 1);
        if (size <= 0) return false;
        return planStamp(Path.of(rest.substring(0, size))).equals(stored.substring(files.length()));
    }

    private String headlineOf(String dir) throws IOException {
        try (PreparedStatement p = c.prepareStatement("SELECT headline FROM sessions WHERE dir = ?")) {
            p.setString(1, dir);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : "";
            }
        } catch (SQLException e) {
            throw new IOException("cannot read the index of " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String planStamp(Path plan) {
        try {
            return " plan " + plan.toAbsolutePath().normalize() + " " + Files.size(plan) + " " + Files.getLastModifiedTime(plan).toMillis();
        } catch (IOException e) {
            return " plan " + plan;
        }
    }

    private Optional<String> fingerprintOf(String dir) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT fingerprint FROM sessions WHERE dir = ?")) {
            p.setString(1, dir);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(r.getString(1)) : Optional.empty();
            }
        }
    }

    private void insert(SessionFolder s, List<ArmVerdict> arms, Map<String, Verdict> scenarios, String headline, Path dir,
                        String fingerprint) throws SQLException, IOException {
        var h = s.log().header();
        long sessionId;
        try (PreparedStatement p = c.prepareStatement("INSERT INTO sessions (dir, plan_slug, name, plan, sut, commit_sha,"
                + " operator, started, ended, headline, interrupted, missing, fingerprint, imported_at, configuration)"
                + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", Statement.RETURN_GENERATED_KEYS)) {
            int i = 1;
            p.setString(i++, dir.toString());
            p.setString(i++, s.planSlug());
            p.setString(i++, s.name());
            p.setString(i++, h.plan());
            p.setString(i++, h.sut());
            p.setString(i++, h.commit());
            p.setString(i++, h.operator());
            p.setString(i++, h.started());
            p.setString(i++, h.ended());
            p.setString(i++, headline);
            p.setInt(i++, s.interrupted() ? 1 : 0);
            p.setString(i++, String.join("\n", s.missing()));
            p.setString(i++, fingerprint);
            p.setString(i++, clock.instant().toString());
            p.setString(i, RunConfiguration.of(h).key());
            p.executeUpdate();
            sessionId = generatedKey(p);
        }
        int ordinal = 0;
        for (ArmVerdict a : arms) {
            long armRow;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO arms (session_id, ordinal, arm_id, scenario, budget,"
                    + " written_verdict, computed_verdict, computed_reason, computed_release, effective_verdict)"
                    + " VALUES (?,?,?,?,?,?,?,?,?,?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, sessionId);
                p.setInt(2, ordinal++);
                p.setString(3, a.armId());
                p.setString(4, a.scenario());
                p.setString(5, a.budget());
                p.setString(6, a.written().map(Verdict::label).orElse(null));
                p.setString(7, a.computed().map(d -> d.verdict().label()).orElse(null));
                p.setString(8, a.computed().map(Decision::reason).orElse(null));
                p.setInt(9, a.computed().map(Decision::release).orElse(false) ? 1 : 0);
                p.setString(10, a.effective().label());
                p.executeUpdate();
                armRow = generatedKey(p);
            }
            Optional<String> json = a.finding().flatMap(FindingFile::evidence).map(EvidenceJson::write);
            if (json.isPresent()) {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO evidence (arm, json) VALUES (?,?)")) {
                    p.setLong(1, armRow);
                    p.setString(2, json.get());
                    p.executeUpdate();
                }
            }
            for (VerdictOverride o : s.overrides()) {
                if (!PlanId.key(o.armId()).equals(PlanId.key(a.armId()))) { // S2 and S02 are one arm, as in SessionFolder
                    continue;
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO overrides (arm, verdict, blame, taxdc_top,"
                        + " taxdc_tags, severity, author, at, reason) VALUES (?,?,?,?,?,?,?,?,?)")) {
                    p.setLong(1, armRow);
                    p.setString(2, o.verdict() == null ? null : o.verdict().label());
                    p.setString(3, o.blame() == null ? null : o.blame().label());
                    p.setString(4, o.bugType() == null ? null : o.bugType().top().label());
                    p.setString(5, o.bugType() == null ? null : o.bugType().tags().stream().sorted()
                            .map(BugType.Tag::label).collect(Collectors.joining(", ")));
                    p.setString(6, o.severity() == null ? null : o.severity().name());
                    p.setString(7, o.author());
                    p.setString(8, o.time().toString());
                    p.setString(9, o.reason());
                    p.executeUpdate();
                }
            }
        }
        for (Map.Entry<String, Verdict> e : scenarios.entrySet()) {
            try (PreparedStatement p = c.prepareStatement("INSERT OR REPLACE INTO scenario_verdicts (session_id, scenario,"
                    + " scenario_key, verdict) VALUES (?,?,?,?)")) {
                p.setLong(1, sessionId);
                p.setString(2, e.getKey());
                p.setString(3, PlanId.key(e.getKey()));
                p.setString(4, e.getValue().label());
                p.executeUpdate();
            }
        }
        for (FindingFile f : s.findings()) {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO findings (session_id, arm_id, file, title,"
                    + " written_verdict, blame, taxdc, severity) VALUES (?,?,?,?,?,?,?,?)")) {
                p.setLong(1, sessionId);
                p.setString(2, f.armId());
                p.setString(3, "findings/" + f.fileName());
                p.setString(4, f.detail().title());
                p.setString(5, f.verdict().map(Verdict::label).orElse(null));
                p.setString(6, f.blame().map(b -> b.label()).orElse(null));
                p.setString(7, f.bugType().map(BugType::display).orElse(null));
                p.setString(8, f.severity().map(Enum::name).orElse(null));
                p.executeUpdate();
            }
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO timeline (session_id, seq, time, scenario, event, notes)"
                + " VALUES (?,?,?,?,?,?)")) {
            int seq = 0;
            for (TimelineEvent t : s.log().timeline()) {
                p.setLong(1, sessionId);
                p.setInt(2, seq++);
                p.setString(3, t.time());
                p.setString(4, t.scenario());
                p.setString(5, t.event());
                p.setString(6, t.notes());
                p.addBatch();
            }
            p.executeBatch();
        }
        for (String rel : s.logFiles()) {
            LineIndex idx = LineIndex.build(dir.resolve(rel), LineIndex.DEFAULT_STRIDE);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO log_files (session_id, path, size, lines, stride,"
                    + " offsets) VALUES (?,?,?,?,?,?)")) {
                p.setLong(1, sessionId);
                p.setString(2, rel);
                p.setLong(3, idx.size());
                p.setLong(4, idx.lines());
                p.setInt(5, idx.stride());
                p.setBytes(6, idx.offsetsBlob());
                p.executeUpdate();
            }
        }
    }

    private static long generatedKey(PreparedStatement p) throws SQLException {
        try (ResultSet k = p.getGeneratedKeys()) {
            if (!k.next()) {
                throw new SQLException("no generated key");
            }
            return k.getLong(1);
        }
    }

    /**
     * A content hash of what the index is derived from: the Markdown files (content) and the
     * names and sizes of logs, artifacts and metrics.
     */
    static String fingerprint(Path dir) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir, 4)) {
            files = s.filter(Files::isRegularFile).filter(p -> !AtomicFiles.isTemp(p))
                    .sorted(java.util.Comparator.comparing(p -> dir.relativize(p).toString())).toList();
        }
        for (Path f : files) {
            String rel = dir.relativize(f).toString().replace('\\', '/');
            md.update(rel.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            if (rel.endsWith(".md")) {
                try (InputStream in = Files.newInputStream(f)) {
                    byte[] buf = new byte[8192];
                    int n;
                    while ((n = in.read(buf)) > 0) {
                        md.update(buf, 0, n);
                    }
                }
            } else {
                md.update(Long.toString(Files.size(f)).getBytes(StandardCharsets.UTF_8));
            }
            md.update((byte) 0);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * Sessions, by plan, then oldest first by {@link SessionTime} (the Started: line, a time in the folder
     * name, the end marker), then by folder name.
     */
    public synchronized List<StoredSession> sessions(Optional<String> planSlug) throws IOException {
        List<Dated<StoredSession>> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT id, dir, plan_slug, name, commit_sha, headline, interrupted,"
                + " missing, started, ended FROM sessions WHERE (? IS NULL OR plan_slug = ?) ORDER BY plan_slug, name, dir")) {
            p.setString(1, planSlug.orElse(null));
            p.setString(2, planSlug.orElse(null));
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    String missing = r.getString(8);
                    out.add(new Dated<>(r.getString(3), SessionTime.of(r.getString(4), r.getString(9), r.getString(10)),
                            r.getString(4), new StoredSession(r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                            r.getString(6), r.getInt(7) == 1, scenarioVerdicts(r.getLong(1)),
                            missing.isEmpty() ? List.of() : List.of(missing.split("\n")))));
                }
            }
        } catch (SQLException e) {
            throw new IOException("cannot list sessions: " + e.getMessage(), e);
        }
        return Dated.sorted(out);
    }

    /** A row with its plan and session time, sorted per plan oldest first. */
    private record Dated<T>(String plan, Optional<java.time.Instant> at, String name, T value) implements SessionTime.Dated {
        static <T> List<T> sorted(List<Dated<T>> rows) {
            return rows.stream().sorted(java.util.Comparator.<Dated<T>, String>comparing(Dated::plan)
                    .thenComparing(SessionTime.ORDER)).map(Dated::value).toList();
        }
    }

    private Map<String, String> scenarioVerdicts(long sessionId) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT scenario, verdict FROM scenario_verdicts WHERE session_id = ?"
                + " ORDER BY rowid")) {
            p.setLong(1, sessionId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(1), r.getString(2));
                }
            }
        }
        return out;
    }

    /**
     * One scenario's (or arm's: {@code S5/api}) verdicts across sessions, oldest first, each with its run
     * configuration; flips are decided by {@link HistoryEntry#flips}: only a pass/fail change under the same
     * configuration (or any FAIL-nondeterministic) is a flip, a change between configurations is marked as such.
     */
    public synchronized List<HistoryEntry> history(String scenario, Optional<String> planSlug) throws IOException {
        boolean arm = !PlanId.armOf(scenario).isEmpty();
        String sql = arm
                ? "SELECT s.plan_slug, s.name, s.dir, a.arm_id, a.effective_verdict, s.started, s.ended, s.configuration"
                        + " FROM arms a JOIN sessions s ON s.id = a.session_id WHERE (? IS NULL OR s.plan_slug = ?)"
                        + " ORDER BY s.plan_slug, s.name, s.dir"
                : "SELECT s.plan_slug, s.name, s.dir, v.scenario, v.verdict, s.started, s.ended, s.configuration"
                        + " FROM scenario_verdicts v JOIN sessions s ON s.id = v.session_id"
                        + " WHERE (? IS NULL OR s.plan_slug = ?) AND v.scenario_key = ? ORDER BY s.plan_slug, s.name, s.dir";
        String key = PlanId.key(scenario);
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, planSlug.orElse(null));
            p.setString(2, planSlug.orElse(null));
            if (!arm) {
                p.setString(3, key);
            }
            List<Dated<HistoryEntry>> rows = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    if (arm && !PlanId.key(r.getString(4)).equals(key)) {
                        continue;
                    }
                    rows.add(new Dated<>(r.getString(1), SessionTime.of(r.getString(2), r.getString(6), r.getString(7)),
                            r.getString(2), new HistoryEntry(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                            r.getString(5), false, r.getString(8), "")));
                }
            }
            // flips are decided in session-time order, not in folder-name order
            return HistoryEntry.flips(Dated.sorted(rows));
        } catch (SQLException e) {
            throw new IOException("cannot read history: " + e.getMessage(), e);
        }
    }

    /** The arms of a session with computed and overriding verdicts side by side. */
    public synchronized List<StoredArm> arms(Path sessionDir) throws IOException {
        List<StoredArm> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT a.arm_id, a.budget, a.written_verdict, a.computed_verdict,"
                + " a.computed_reason, o.verdict, o.author, o.reason, a.effective_verdict FROM arms a"
                + " JOIN sessions s ON s.id = a.session_id"
                + " LEFT JOIN overrides o ON o.id = (SELECT max(id) FROM overrides WHERE arm = a.id)"
                + " WHERE s.dir = ? ORDER BY a.ordinal")) {
            p.setString(1, sessionDir.toAbsolutePath().normalize().toString());
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new StoredArm(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                            r.getString(6), r.getString(7), r.getString(8), r.getString(9)));
                }
            }
        } catch (SQLException e) {
            throw new IOException("cannot read arms: " + e.getMessage(), e);
        }
        return out;
    }

    /** Timeline rows of a session, in order. */
    public synchronized List<TimelineEvent> timeline(Path sessionDir) throws IOException {
        List<TimelineEvent> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT t.time, t.scenario, t.event, t.notes FROM timeline t"
                + " JOIN sessions s ON s.id = t.session_id WHERE s.dir = ? ORDER BY t.seq")) {
            p.setString(1, sessionDir.toAbsolutePath().normalize().toString());
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new TimelineEvent(r.getString(1), r.getString(2), r.getString(3), r.getString(4)));
                }
            }
        } catch (SQLException e) {
            throw new IOException("cannot read timeline: " + e.getMessage(), e);
        }
        return out;
    }

    public synchronized List<LogFileInfo> logFiles(Path sessionDir) throws IOException {
        List<LogFileInfo> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT l.id, l.path, l.size, l.lines FROM log_files l"
                + " JOIN sessions s ON s.id = l.session_id WHERE s.dir = ? ORDER BY l.path")) {
            p.setString(1, sessionDir.toAbsolutePath().normalize().toString());
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new LogFileInfo(r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4)));
                }
            }
        } catch (SQLException e) {
            throw new IOException("cannot list log files: " + e.getMessage(), e);
        }
        return out;
    }

    /** Lines {@code [from, from + count)} (0-based) of an indexed log file, found through its offset index. */
    public synchronized List<String> readLines(long logFileId, long from, int count) throws IOException {
        try (PreparedStatement p = c.prepareStatement("SELECT s.dir, l.path, l.stride, l.offsets FROM log_files l"
                + " JOIN sessions s ON s.id = l.session_id WHERE l.id = ?")) {
            p.setLong(1, logFileId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new IOException("no log file with id " + logFileId);
                }
                return LineIndex.read(Path.of(r.getString(1)).resolve(r.getString(2)), r.getInt(3),
                        LineIndex.offsetsFrom(r.getBytes(4)), from, count);
            }
        } catch (SQLException e) {
            throw new IOException("cannot read log index: " + e.getMessage(), e);
        }
    }

    /** Schema version (number of migrations applied). */
    public synchronized int schemaVersion() throws IOException {
        try {
            return Migrations.current(c);
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing a broken connection has nothing left to tell
            }
            c = null;
        }
    }
}
