package dev.falsify.runner.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The schema as an ordered list of migrations; {@code PRAGMA user_version} records how many have
 * been applied. A migration is never edited once released: changes are new entries at the end.
 */
final class Migrations {
    private Migrations() {
    }

    static final List<List<String>> STEPS = List.of(
            // 1: sessions, arms, evidence, verdicts, overrides, findings, timeline, log files
            List.of(
                    "CREATE TABLE sessions (id INTEGER PRIMARY KEY, dir TEXT NOT NULL UNIQUE, plan_slug TEXT NOT NULL,"
                            + " name TEXT NOT NULL, plan TEXT NOT NULL, sut TEXT NOT NULL, commit_sha TEXT NOT NULL,"
                            + " operator TEXT NOT NULL, started TEXT NOT NULL, ended TEXT NOT NULL, headline TEXT NOT NULL,"
                            + " interrupted INTEGER NOT NULL, missing TEXT NOT NULL, fingerprint TEXT NOT NULL,"
                            + " imported_at TEXT NOT NULL)",
                    "CREATE TABLE arms (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id)"
                            + " ON DELETE CASCADE, ordinal INTEGER NOT NULL, arm_id TEXT NOT NULL, scenario TEXT NOT NULL,"
                            + " budget TEXT NOT NULL, written_verdict TEXT, computed_verdict TEXT, computed_reason TEXT,"
                            + " computed_release INTEGER NOT NULL DEFAULT 0, effective_verdict TEXT NOT NULL,"
                            + " UNIQUE (session_id, arm_id))",
                    "CREATE TABLE evidence (arm INTEGER PRIMARY KEY REFERENCES arms(id) ON DELETE CASCADE,"
                            + " json TEXT NOT NULL)",
                    "CREATE TABLE overrides (id INTEGER PRIMARY KEY, arm INTEGER NOT NULL REFERENCES arms(id)"
                            + " ON DELETE CASCADE, verdict TEXT, blame TEXT, taxdc_top TEXT, taxdc_tags TEXT, severity TEXT,"
                            + " author TEXT NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL)",
                    "CREATE TABLE scenario_verdicts (session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,"
                            + " scenario TEXT NOT NULL, scenario_key TEXT NOT NULL, verdict TEXT NOT NULL,"
                            + " PRIMARY KEY (session_id, scenario))",
                    "CREATE TABLE findings (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id)"
                            + " ON DELETE CASCADE, arm_id TEXT NOT NULL, file TEXT NOT NULL, title TEXT NOT NULL,"
                            + " written_verdict TEXT, blame TEXT, taxdc TEXT, severity TEXT)",
                    "CREATE TABLE timeline (session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,"
                            + " seq INTEGER NOT NULL, time TEXT NOT NULL, scenario TEXT NOT NULL, event TEXT NOT NULL,"
                            + " notes TEXT NOT NULL, PRIMARY KEY (session_id, seq))",
                    "CREATE TABLE log_files (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id)"
                            + " ON DELETE CASCADE, path TEXT NOT NULL, size INTEGER NOT NULL, lines INTEGER NOT NULL,"
                            + " stride INTEGER NOT NULL, offsets BLOB NOT NULL, UNIQUE (session_id, path))"),
            // 2: the lookups the CLI and the review UI make
            List.of(
                    "CREATE INDEX sessions_by_plan ON sessions(plan_slug, name)",
                    "CREATE INDEX scenario_verdicts_by_key ON scenario_verdicts(scenario_key)",
                    "CREATE INDEX arms_by_session ON arms(session_id, ordinal)"),
            // 3: the run configuration a session recorded (environment, seeded flags, seed, plan fingerprint), so that
            //    history compares like with like; folders indexed before it are re-read on their next import
            List.of(
                    "ALTER TABLE sessions ADD COLUMN configuration TEXT NOT NULL DEFAULT ''",
                    "UPDATE sessions SET fingerprint = ''"));

    static int current(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA user_version")) {
            return r.next() ? r.getInt(1) : 0;
        }
    }

    /**
     * Applies the missing migrations, each in its own transaction; returns the resulting version. Two
     * processes may open a new store at the same moment (two {@code falsify import} at once): each step
     * takes the write lock first ({@code BEGIN IMMEDIATE}, waiting out the busy timeout) and re-reads the
     * version under it, so a step the other one applied meanwhile is skipped, not applied twice.
     */
    static int migrate(Connection c) throws SQLException {
        int version = current(c);
        if (version > STEPS.size()) {
            throw new SQLException("database schema version " + version + " is newer than this falsify ("
                    + STEPS.size() + "); upgrade falsify or use another --db");
        }
        if (!c.getAutoCommit()) throw new IllegalStateException("migrate() runs its own transactions");
        while (current(c) < STEPS.size()) {
            try (Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
                try {
                    int v = current(c);
                    if (v < STEPS.size()) {
                        for (String sql : STEPS.get(v)) {
                            s.execute(sql);
                        }
                        s.execute("PRAGMA user_version = " + (v + 1));
                    }
                    s.execute("COMMIT");
                } catch (SQLException e) {
                    s.execute("ROLLBACK");
                    throw e;
                }
            }
        }
        return STEPS.size();
    }
}
