package dev.falsify.runner.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 item 8: a verdict that changes between sessions run under different configurations (the demo's second
 * session switches the seeded bug on) is not a flake; only a change under the same configuration is.
 */
class RunConfigurationHistoryTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T09:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    static void session(Path dir, String started, String configuration, String verdict) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("session-log.md"), "# Log\n\n**Plan:** kv.md\n**Commit under test:** 0aea88a\n"
                + "**Started:** " + started + "\n" + configuration
                + "\n## Scenario verdicts\n\n| Scenario / arm | Verdict | Notes |\n|---|---|---|\n| S1 | " + verdict
                + " | linearizability checker: 900 ops |\n");
    }

    @Test
    void theDemosBugOnSessionIsAnotherConfigurationNotAFlip() throws IOException {
        Path root = tmp.resolve("test-sessions/replicated-kv");
        String fingerprint = "**Plan fingerprint:** sha256:0123456789abcdef\n";
        session(root.resolve("2026-12-01T080933Z"), "2026-12-01T08:09:33Z", "**Environment:** none\n" + fingerprint,
                "PASS-smoke");
        session(root.resolve("2026-12-01T081030Z"), "2026-12-01T08:10:30Z",
                "**Environment:** KV_BUG=stale-follower-reads,ack-before-replication\n" + fingerprint, "FAIL-reproducible");
        Path db = tmp.resolve("falsify.db");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(root));
            List<HistoryEntry> h = store.history("S1", Optional.empty());
            assertThat(h).extracting(HistoryEntry::session, HistoryEntry::flip, HistoryEntry::configurationChange).containsExactly(
                    tuple("2026-12-01T080933Z", false, ""),
                    tuple("2026-12-01T081030Z", false, "environment: none \u2192 KV_BUG=stale-follower-reads,ack-before-replication"));
            assertThat(HistoryEntry.summary("S1", h)).isEqualTo("S1: 2 sessions in 2 run configurations, 0 flips under the"
                    + " same configuration \u2014 stable; the outcome changed 1 time with the configuration (not a flake)");
        }

        // a third session: bug off again, and this time S1 fails: under the first session's configuration that is a flake
        session(root.resolve("2026-12-01T090000Z"), "2026-12-01T09:00:00Z", "**Environment:** none\n" + fingerprint,
                "FAIL-reproducible");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(root));
            List<HistoryEntry> h = store.history("S1", Optional.empty());
            assertThat(h).extracting(HistoryEntry::flip).containsExactly(false, false, true);
            assertThat(HistoryEntry.summary("S1", h)).startsWith("S1: 3 sessions in 2 run configurations, 1 flip under the"
                    + " same configuration \u2014 flaky");
        }
    }

    @Test
    void aChangedPlanOrPinnedSeedIsAnotherConfigurationAndSessionsThatRecordNoneCompareAsBefore() throws IOException {
        Path root = tmp.resolve("test-sessions/kv");
        session(root.resolve("a"), "2026-12-01T08:00:00Z", "**Plan fingerprint:** sha256:aaaa\n", "PASS-smoke");
        session(root.resolve("b"), "2026-12-01T09:00:00Z", "**Plan fingerprint:** sha256:bbbb\n", "FAIL-reproducible");
        session(root.resolve("c"), "2026-12-01T10:00:00Z", "**Plan fingerprint:** sha256:bbbb\n**Seed:** 7\n", "PASS-smoke");
        // recorded before fingerprints were written: compared with the rest on what both record
        session(root.resolve("d"), "2026-12-01T11:00:00Z", "", "FAIL-reproducible");
        try (SessionStore store = SessionStore.open(tmp.resolve("f.db"), CLOCK, m -> { })) {
            store.importAll(List.of(root));
            assertThat(store.history("S1", Optional.of("kv"))).extracting(HistoryEntry::session, HistoryEntry::flip,
                    HistoryEntry::configurationChange).containsExactly(
                    tuple("a", false, ""),
                    tuple("b", false, "plan: sha256:aaaa \u2192 sha256:bbbb"),
                    tuple("c", false, "seed: none \u2192 7"),
                    tuple("d", true, ""));
        }
    }

    @Test
    void aStoreFromBeforeConfigurationsWereKeptIsMigratedAndReindexed() throws IOException, java.sql.SQLException {
        Path root = tmp.resolve("test-sessions/kv");
        session(root.resolve("a"), "2026-12-01T08:00:00Z", "**Environment:** none\n", "PASS-smoke");
        session(root.resolve("b"), "2026-12-01T09:00:00Z", "**Environment:** KV_BUG=on\n", "FAIL-reproducible");
        Path db = tmp.resolve("old.db");
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            store.importAll(List.of(root));
        }
        // as a store of schema 2 would hold them: no configuration column, version 2
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE sessions DROP COLUMN configuration");
            s.execute("PRAGMA user_version = 2");
        }
        try (SessionStore store = SessionStore.open(db, CLOCK, m -> { })) {
            assertThat(store.schemaVersion()).isEqualTo(Migrations.STEPS.size());
            // the migration empties the fingerprints: the next import reads the folders again, configurations included
            assertThat(store.importAll(List.of(root))).extracting(ImportResult::status)
                    .containsOnly(ImportResult.Status.UPDATED);
            assertThat(store.history("S1", Optional.empty())).extracting(HistoryEntry::flip).containsExactly(false, false);
        }
    }
}
