package dev.falsify.runner.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.session.SessionHeader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BudgetTier;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionStoreTest {
    /** The hand-written agent-style sessions of the model module's tests. */
    static final Path AGENT_SESSIONS = Path.of("../model/src/test/resources/agent-repo/test-sessions");
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T05:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;
    Path sessions;
    Path db;

    @BeforeEach
    void folders() throws IOException {
        sessions = tmp.resolve("test-sessions");
        copy(AGENT_SESSIONS, sessions);
        db = tmp.resolve("home/falsify.db");
        // a third session written by Falsify itself: S01 passes here (the agent's run failed it), with an override on S02
        SessionHeader h = new SessionHeader("", "replicated-kv", "docs/testing-plans/replicated-kv.md", "abc1234", "", "ci",
                "", "", Map.of());
        SessionWriter w = SessionWriter.create(sessions, "replicated-kv", h,
                Clock.fixed(Instant.parse("2026-11-30T04:00:00Z"), ZoneOffset.UTC));
        w.event("S01", "start", "seed 3");
        w.armFinished("", ArmEvidence.builder("S01", "").declaredCheckers(List.of("linearizability"))
                .oracles(List.of(new OracleResult("linearizability", Validity.VALID, 900, 900, List.of(), "")))
                .budgetMet(BudgetTier.SMOKE).build(), null);
        w.armFinished("", ArmEvidence.builder("S02", "").oracles(List.of(new OracleResult("no-lost-ack",
                        Validity.INVALID, 10, 10, List.of(), "key k9 lost")))
                .seeds(List.of(new SeedRun(3, false, SeedRun.Outcome.VIOLATION))).build(), null);
        Files.createDirectories(w.logsDir().resolve("S01-3"));
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            log.append("line ").append(i).append('\n');
        }
        Files.writeString(w.logsDir().resolve("S01-3/n1.out.log"), log);
        w.finish();
        SessionWriter.appendOverride(w.dir(), new VerdictOverride("S02", Verdict.PASS_SMOKE, Blame.HARNESS, null, null,
                "reviewer", Instant.parse("2026-11-30T04:30:00Z"), "the workload never wrote k9"));
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Everything a user can ask the store, as comparable values. */
    record Answers(List<StoredSession> sessions, List<HistoryEntry> s01, List<HistoryEntry> s03, List<List<StoredArm>> arms,
                   List<Object> timelines, List<Object> logs) {
    }

    Answers ask(SessionStore store) throws IOException {
        List<StoredSession> all = store.sessions(Optional.empty());
        List<List<StoredArm>> arms = new ArrayList<>();
        List<Object> timelines = new ArrayList<>();
        List<Object> logs = new ArrayList<>();
        for (StoredSession s : all) {
            arms.add(store.arms(Path.of(s.dir())));
            timelines.add(store.timeline(Path.of(s.dir())));
            for (LogFileInfo l : store.logFiles(Path.of(s.dir()))) {
                logs.add(List.of(l.path(), l.size(), l.lines(), store.readLines(l.id(), 0, 2)));
            }
        }
        return new Answers(all, store.history("S1", Optional.empty()), store.history("S03", Optional.of("replicated-kv")),
                arms, timelines, logs);
    }

    @Test
    void importsListsAndShowsHistoryWithFlips() throws IOException {
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            List<ImportResult> r = store.importAll(List.of(sessions));
            assertThat(r).extracting(ImportResult::status).containsOnly(ImportResult.Status.ADDED).hasSize(3);
            List<StoredSession> all = store.sessions(Optional.of("replicated-kv"));
            assertThat(all).extracting(StoredSession::name)
                    .containsExactly("2026-11-28T101500Z", "2026-11-29T090000Z", "2026-11-30T040000Z");
            assertThat(all).extracting(StoredSession::headline).containsExactly("FAIL", "DONE_WITH_CONCERNS", "DONE");
            assertThat(all.get(1).interrupted()).isTrue();
            assertThat(all.get(0).scenarios()).containsEntry("S03", "PARTIAL-surface");
            assertThat(store.sessions(Optional.of("other"))).isEmpty();

            List<HistoryEntry> h = store.history("S1", Optional.empty());
            assertThat(h).extracting(HistoryEntry::verdict).containsExactly("FAIL-reproducible", "PASS-smoke", "PASS-smoke");
            assertThat(h).extracting(HistoryEntry::flip).containsExactly(false, true, false);

            assertThat(store.history("s03/API", Optional.empty())).extracting(HistoryEntry::session, HistoryEntry::verdict)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("2026-11-28T101500Z", "PASS-smoke"));

            List<StoredArm> arms = store.arms(Path.of(all.get(2).dir()));
            assertThat(arms.get(1).computedVerdict()).isEqualTo("FAIL-nondeterministic");
            assertThat(arms.get(1).overrideVerdict()).isEqualTo("PASS-smoke");
            assertThat(arms.get(1).overrideReason()).isEqualTo("the workload never wrote k9");
            assertThat(arms.get(1).effective()).isEqualTo("PASS-smoke");
            assertThat(store.schemaVersion()).isEqualTo(Migrations.STEPS.size());
        }
    }

    @Test
    void anOverrideNamingTheArmInAnotherSpellingIsStoredWithIt() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("other/test-sessions/kv/2026-12-03T101500Z/findings"));
        Files.writeString(dir.resolveSibling("session-log.md"), "# Log\n\n**Plan:** p.md\n\n## Scenario verdicts\n\n"
                + "| Scenario / arm | Verdict |\n|---|---|\n| S02 | INCONCLUSIVE-env |\n");
        Files.writeString(dir.resolve("overrides.md"), "| Arm | Verdict | Blame | Reviewer | When | Reason |\n|---|---|---|---|---|---|\n"
                + "| s2 | | environment | J. Ortiz | 2026-12-03 11:00 UTC | host lacks faketime |\n");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importFolder(dir.getParent());
            List<StoredArm> arms = store.arms(dir.getParent());
            // "s2" in overrides.md is the folder's S02: the override belongs to that arm in the index as in the report
            assertThat(arms).singleElement().satisfies(a -> assertThat(a.overrideReason()).isEqualTo("host lacks faketime"));
        }
    }

    @Test
    void foldersNamedByPeopleAreOrderedByTheirSessionTimeSoFlipsAreRight() throws IOException {
        Path root = tmp.resolve("named/test-sessions/kv");
        // "run-a" ran last (Started line), "run-b" first: by name the history would read fail, pass, fail
        writeSession(root.resolve("run-b"), "**Started:** 2026-12-01T10:00:00+01:00\n", "PASS-smoke");
        writeSession(root.resolve("run-a"), "**Started:** 2026-12-05 08:00 UTC\n", "FAIL-reproducible");
        writeSession(root.resolve("2026-12-03T000000Z"), "", "FAIL-reproducible");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(root));
            assertThat(store.sessions(Optional.of("kv"))).extracting(StoredSession::name)
                    .containsExactly("run-b", "2026-12-03T000000Z", "run-a");
            assertThat(store.history("S1", Optional.of("kv"))).extracting(HistoryEntry::session, HistoryEntry::flip)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("run-b", false),
                            org.assertj.core.groups.Tuple.tuple("2026-12-03T000000Z", true),
                            org.assertj.core.groups.Tuple.tuple("run-a", false));
        }
    }

    private static void writeSession(Path dir, String header, String verdict) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("session-log.md"), "# Log\n\n**Plan:** kv.md\n" + header
                + "\n## Scenario verdicts\n\n| Scenario / arm | Verdict | Notes |\n|---|---|---|\n| S1 | " + verdict
                + " | linearizability checker: 900 ops |\n");
    }

    @Test
    void importIsIdempotentAndNoticesChanges() throws IOException {
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(sessions));
            Answers first = ask(store);
            assertThat(store.importAll(List.of(sessions))).extracting(ImportResult::status)
                    .containsOnly(ImportResult.Status.UNCHANGED);
            assertThat(ask(store)).isEqualTo(first);
            Path cut = sessions.resolve("replicated-kv/2026-11-29T090000Z");
            Files.writeString(cut.resolve("findings/S02.md"), "# S02 \u2014 INCONCLUSIVE-fault-not-proven\n");
            assertThat(store.importFolder(cut).status()).isEqualTo(ImportResult.Status.UPDATED);
            assertThat(store.sessions(Optional.empty()).get(1).scenarios()).containsEntry("S02", "INCONCLUSIVE-fault-not-proven");
        }
    }

    @Test
    void deletingTheDatabaseAndReimportingGivesTheSameAnswers() throws IOException {
        Answers before;
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(sessions));
            before = ask(store);
        }
        for (String suffix : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + suffix));
        }
        List<String> messages = new ArrayList<>();
        try (SessionStore store = SessionStore.open(db, CLOCK, messages::add)) {
            // rebuilt on open from the folder list kept beside it, as a corrupt one is: not "No sessions"
            assertThat(messages).singleElement().asString().contains("was missing").contains("rebuilt it from 3 session folders")
                    .contains("falsify.db.folders");
            assertThat(ask(store)).isEqualTo(before);
            store.importAll(List.of(sessions));
            assertThat(ask(store)).isEqualTo(before);
        }
    }

    @Test
    void aNewDatabaseWithoutAFolderListSaysNothing() throws IOException {
        List<String> messages = new ArrayList<>();
        try (SessionStore store = SessionStore.open(db, CLOCK, messages::add)) {
            assertThat(store.sessions(Optional.empty())).isEmpty();
        }
        assertThat(messages).isEmpty();
    }

    /** Many session folders, imported at once by several stores on one database: the folder list keeps every one. */
    @Test
    void concurrentImportsNeverLoseAFolderListEntry() throws Exception {
        List<Path> folders = manyFolders(32);
        int threads = 8;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int me = t;
                done.add(pool.submit(() -> {
                    // all open the new database at once too (they contend for its creation), and a failed
                    // open fails its own task instead of leaving the others waiting at the barrier
                    start.await(60, java.util.concurrent.TimeUnit.SECONDS);
                    try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
                        for (int i = me; i < folders.size(); i += threads) store.importFolder(folders.get(i));
                    }
                    return null;
                }));
            }
            for (var f : done) f.get(120, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            assertThat(store.knownFolders()).containsExactlyInAnyOrderElementsOf(folders);
            assertThat(store.sessions(Optional.empty())).hasSize(folders.size());
        }
    }

    /** The same from two processes (each holding the file lock in turn). */
    @Test
    void twoProcessesImportingAtOnceKeepEveryEntry() throws Exception {
        List<Path> folders = manyFolders(24);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> procs = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            List<String> cmd = new ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path"),
                    ConcurrentImportMain.class.getName(), db.toString()));
            for (int i = p; i < folders.size(); i += 2) cmd.add(folders.get(i).toString());
            procs.add(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        }
        for (Process pr : procs) {
            String out = new String(pr.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(pr.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).as(out).isTrue();
            assertThat(pr.exitValue()).as(out).isZero();
        }
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            assertThat(store.knownFolders()).containsExactlyInAnyOrderElementsOf(folders);
        }
    }

    private List<Path> manyFolders(int n) throws IOException {
        Path one = sessions.resolve("replicated-kv/2026-11-29T090000Z");
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path d = tmp.resolve("many/kv/2026-11-29T09" + String.format("%04d", i) + "Z");
            copy(one, d);
            out.add(d.toAbsolutePath().normalize());
        }
        return out;
    }

    @Test
    void aCorruptDatabaseIsMovedAsideAndRebuiltFromTheFolders() throws IOException {
        Answers before;
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(sessions));
            before = ask(store);
        }
        Files.writeString(db, "this is not an SQLite database, it was overwritten by accident");
        for (String suffix : List.of("-wal", "-shm")) {
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + suffix));
        }
        List<String> messages = new ArrayList<>();
        try (SessionStore store = SessionStore.open(db, CLOCK, messages::add)) {
            assertThat(messages).singleElement().asString().contains("was corrupt").contains("rebuilt it from 3 session folders")
                    .contains("falsify.db.corrupt-20261130T050000Z");
            assertThat(ask(store)).isEqualTo(before);
        }
        assertThat(db.resolveSibling("falsify.db.corrupt-20261130T050000Z")).hasContent(
                "this is not an SQLite database, it was overwritten by accident");
    }

    @Test
    void aDatabaseWithDamagedPagesIsDetectedToo() throws IOException {
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(sessions));
        }
        byte[] bytes = Files.readAllBytes(db);
        assertThat(bytes.length).isGreaterThan(8192);
        // keep the header, scribble over the schema and data pages
        for (int i = 100; i < bytes.length; i += 7) {
            bytes[i] = (byte) 0xA5;
        }
        Files.write(db, bytes);
        List<String> messages = new ArrayList<>();
        try (SessionStore store = SessionStore.open(db, CLOCK, messages::add)) {
            assertThat(messages).singleElement().asString().contains("was corrupt");
            assertThat(store.sessions(Optional.empty())).hasSize(3);
        }
    }

    @Test
    void aNewerSchemaIsRefusedWithAMessageNotRebuilt() throws Exception {
        Files.createDirectories(db.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 99");
        }
        assertThatThrownBy(() -> SessionStore.open(db, CLOCK, m -> { })).isInstanceOf(IOException.class)
                .hasMessageContaining("schema version 99 is newer");
        assertThat(db).exists();
    }

    @Test
    void logLinesAreFoundThroughTheOffsetIndex() throws IOException {
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(sessions));
            StoredSession mine = store.sessions(Optional.empty()).get(2);
            LogFileInfo log = store.logFiles(Path.of(mine.dir())).get(0);
            assertThat(log.path()).isEqualTo("logs/S01-3/n1.out.log");
            assertThat(log.lines()).isEqualTo(1000);
            assertThat(store.readLines(log.id(), 0, 1)).containsExactly("line 0");
            assertThat(store.readLines(log.id(), 255, 3)).containsExactly("line 255", "line 256", "line 257");
            assertThat(store.readLines(log.id(), 998, 5)).containsExactly("line 998", "line 999");
            assertThat(store.readLines(log.id(), 1000, 5)).isEmpty();
        }
    }

    @Test
    void lineIndexCountsAFinalLineWithoutNewline() throws IOException {
        Path f = tmp.resolve("x.log");
        Files.writeString(f, "a\r\nb\nc");
        LineIndex idx = LineIndex.build(f, 2);
        assertThat(idx.lines()).isEqualTo(3);
        assertThat(idx.offsets()).containsExactly(0L, 5L);
        assertThat(LineIndex.read(f, 2, idx.offsets(), 0, 10)).containsExactly("a", "b", "c");
        assertThat(LineIndex.read(f, 2, idx.offsets(), 2, 10)).containsExactly("c");
    }

    /**
     * The store reads verdicts against the plan, as report.md and the Session view do: a surface
     * scenario whose plan lists no fault is not INCONCLUSIVE-fault-not-proven, and its NOT-RUN arm
     * caps it at PARTIAL-surface (plan-less, the store said INCONCLUSIVE-fault-not-proven). Editing
     * the plan re-indexes the folder.
     */
    @Test
    void verdictsAreReadAgainstThePlanAndAPlanEditReindexes() throws IOException {
        Path repo = tmp.resolve("agent-repo");
        copy(Path.of("../model/src/test/resources/agent-sessions"), repo);
        Path dir = repo.resolve("test-sessions/tenant-store/2026-12-10T070000Z");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            assertThat(store.importFolder(dir).status()).isEqualTo(ImportResult.Status.ADDED);
            StoredSession s = store.sessions(Optional.empty()).get(0);
            assertThat(s.scenarios()).containsEntry("S1", Verdict.PARTIAL_SURFACE.label());
            assertThat(store.arms(dir)).extracting(StoredArm::effective)
                    .containsExactly(Verdict.PASS_SMOKE.label(), Verdict.PASS_SMOKE.label(), Verdict.NOT_RUN.label());
            assertThat(store.importFolder(dir).status()).isEqualTo(ImportResult.Status.UNCHANGED);
            Path plan = repo.resolve("docs/testing-plans/tenant-store.md");
            Files.writeString(plan, Files.readString(plan) + "\n");
            Files.setLastModifiedTime(plan, java.nio.file.attribute.FileTime.fromMillis(
                    Files.getLastModifiedTime(plan).toMillis() + 5_000));
            assertThat(store.importFolder(dir).status()).isEqualTo(ImportResult.Status.UPDATED);
        }
    }
}
