package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seven ways a plan could make {@code falsify run} execute something the user never approved
 * (issue 12), each played through the real command line with tiny shell-only plans.
 */
@Timeout(60)
class TrustAttacksTest {
    @TempDir
    Path dir;
    private InputStream stdin;

    @BeforeEach
    void saveStdin() {
        stdin = System.in;
    }

    @AfterEach
    void restoreStdin() {
        System.setIn(stdin);
    }

    static final String OPS = "{\"op_id\":\"1\",\"process_id\":\"p1\",\"invoke_ts\":1,\"complete_ts\":2,\"op_type\":\"write\","
            + "\"key\":null,\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n"
            + "{\"op_id\":\"2\",\"process_id\":\"p2\",\"invoke_ts\":3,\"complete_ts\":4,\"op_type\":\"read\","
            + "\"key\":null,\"input\":null,\"output\":1,\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";

    /** A one-scenario plan whose workload runs {@code before}, then copies ops.jsonl (from its cwd) as the history. */
    static String plan(String title, String cwd, String before, String workloadExtra, String sections) {
        return "# Test Plan: " + title + "\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n" + sections
                + "## 7. Scenarios\n\n### Scenario S1: register_reads_its_write\n\n- **Falsifies if it FAILs:** C1\n\n"
                + "```run\ncwd: " + cwd + "\nseeds: [1]\nworkload:\n  cmd: \"" + before + " && cp ops.jsonl {artifacts}/h.jsonl\"\n"
                + workloadExtra + "history: { path: \"{artifacts}/h.jsonl\", format: jsonl, model: register }\n"
                + "checkers: [linearizability]\n```\n";
    }

    private static void script(Path file, String body) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.writeString(file.resolveSibling("ops.jsonl"), OPS, StandardCharsets.UTF_8);
        return file;
    }

    private CliRun run(Path plan, InputStream answer, String... extra) {
        System.setIn(answer);
        boolean ownSessions = Stream.of(extra).anyMatch("--sessions"::equals);
        String[] base = {"run", plan.toString(), "--sessions", dir.resolve("sessions").toString(),
                "--trust-file", dir.resolve("trust.json").toString(), "--no-index"};
        if (ownSessions) base = new String[]{"run", plan.toString(), "--trust-file", dir.resolve("trust.json").toString(), "--no-index"};
        return CliRun.run(Stream.concat(Stream.of(base), Stream.of(extra)).toArray(String[]::new));
    }

    private CliRun run(Path plan, String answer, String... extra) {
        return run(plan, new java.io.ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)), extra);
    }

    /** Answers "y", but first rewrites the plan: an edit made while the prompt is open. */
    private static InputStream editThenYes(Path plan, String newText) {
        return new InputStream() {
            private final byte[] yes = "y\n".getBytes(StandardCharsets.UTF_8);
            private int at;

            private void editOnce() {
                if (at > 0) return;
                try {
                    Files.writeString(plan, newText, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public int read() {
                editOnce();
                return at < yes.length ? yes[at++] : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                editOnce();
                if (at >= yes.length) return -1;
                int n = Math.min(len, yes.length - at);
                System.arraycopy(yes, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    @Test
    void attack1_anEditWhileThePromptIsOpenDoesNotRun() throws Exception {
        Path p = write(dir.resolve("plan.md"), plan("toctou", ".", "touch shown.flag", "", ""));
        String edited = plan("toctou", ".", "touch swapped.flag", "", "");
        CliRun r = run(p, editThenYes(p, edited));
        assertThat(r.out()).contains("S1: workload: touch shown.flag").doesNotContain("swapped");
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(dir.resolve("shown.flag")).as("what was shown ran").exists();
        assertThat(dir.resolve("swapped.flag")).as("what was written during the prompt did not run").doesNotExist();
        // the file as it is now was never approved
        CliRun next = run(p, "");
        assertThat(next.exit()).isEqualTo(2);
        assertThat(next.out()).contains("+ S1: workload: touch swapped.flag", "- S1: workload: touch shown.flag");
    }

    @Test
    void attack2_aTitleCannotInjectACommandThroughAPlaceholder() throws Exception {
        Path p = write(dir.resolve("plan.md"), plan("safe", ".", "true", "", ""));
        assertThat(run(p, "y\n").exit()).isZero();
        write(p, plan("x$(touch PWNED)y", ".", "true", "", ""));
        CliRun r = run(p, "");
        assertThat(r.out()).as("the title is prose: trust is kept").doesNotContain("Trust this plan");
        assertThat(dir.resolve("PWNED")).as("the title's $(…) never ran").doesNotExist();
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("S1  PASS-smoke");
    }

    @Test
    void attack2_aPlaceholderValueIsNeverPastedUnquotedIntoTheShell() throws Exception {
        // the plan's own folder name is the value of {plan_dir}; here it carries a command substitution
        Path folder = dir.resolve("p$(touch PWNED2)q 'and' \"more\"");
        Path p = write(folder.resolve("plan.md"), plan("quoted", ".",
                "test -f {plan_dir}/ops.jsonl && test -f \\\"{plan_dir}/ops.jsonl\\\" && test -f '{plan_dir}/ops.jsonl'", "", ""));
        CliRun r = run(p, "", "--trust");
        assertThat(dir.resolve("PWNED2")).doesNotExist();
        assertThat(folder.resolve("PWNED2")).doesNotExist();
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("S1  PASS-smoke");
    }

    @Test
    void attack3_changingCwdAsksAgain() throws Exception {
        script(dir.resolve("a/build.sh"), "touch '" + dir.resolve("ran-a") + "'");
        script(dir.resolve("b/build.sh"), "touch '" + dir.resolve("ran-b") + "'");
        Files.writeString(dir.resolve("a/ops.jsonl"), OPS);
        Files.writeString(dir.resolve("b/ops.jsonl"), OPS);
        Path p = write(dir.resolve("plan.md"), plan("cwd", "a", "./build.sh", "", ""));
        assertThat(run(p, "y\n").exit()).isZero();
        assertThat(dir.resolve("ran-a")).exists();
        write(p, plan("cwd", "b", "./build.sh", "", ""));
        CliRun r = run(p, "");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(dir.resolve("ran-b")).as("the other folder's build.sh did not run").doesNotExist();
        assertThat(r.out()).contains("- S1: cwd: " + dir.resolve("a"), "+ S1: cwd: " + dir.resolve("b"));
    }

    @Test
    void attack4_changingEnvAsksAgain() throws Exception {
        script(dir.resolve("evil/bin/date"), "touch '" + dir.resolve("fake-date-ran") + "'");
        Path p = write(dir.resolve("plan.md"), plan("env", ".", "date", "", ""));
        assertThat(run(p, "y\n").exit()).isZero();
        String env = "  env: { PATH: \"" + dir.resolve("evil/bin") + ":/usr/bin:/bin\" }\n";
        write(p, plan("env", ".", "date", env, ""));
        CliRun r = run(p, "");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(dir.resolve("fake-date-ran")).doesNotExist();
        assertThat(r.out()).contains("+ S1: workload env: PATH=" + dir.resolve("evil/bin"));
    }

    @Test
    void attack5_capabilityProbesAreShownBeforeTheyRun() throws Exception {
        script(dir.resolve("tool.sh"), "touch '" + dir.resolve("probe-ran") + "'; echo tool 1.2");
        String req = "## 6b. Environment requirements\n\n| Requirement | Version floor | Used by scenarios | Install hint |\n"
                + "|---|---|---|---|\n| `./tool.sh` | 1.0 | S1 | none |\n\n";
        Path p = write(dir.resolve("plan.md"), plan("probe", ".", "true", "", req));
        CliRun no = run(p, "n\n");
        assertThat(no.exit()).isEqualTo(2);
        assertThat(no.out()).contains("§6b probe: " + dir.resolve("tool.sh") + " --version");
        assertThat(dir.resolve("probe-ran")).doesNotExist();
        CliRun yes = run(p, "y\n");
        assertThat(yes.exit()).as(yes.out() + yes.err()).isZero();
        assertThat(dir.resolve("probe-ran")).as("shown and trusted, so it ran").exists();
    }

    @Test
    void attack6_aSymlinkedPlanRunsInTheRealPlansFolder() throws Exception {
        script(dir.resolve("good/build.sh"), "touch '" + dir.resolve("good-ran") + "'");
        script(dir.resolve("evil/build.sh"), "touch '" + dir.resolve("evil-ran") + "'");
        Files.writeString(dir.resolve("evil/ops.jsonl"), OPS);
        Path good = write(dir.resolve("good/plan.md"), plan("link", ".", "./build.sh", "", ""));
        assertThat(run(good, "y\n").exit()).isZero();
        Files.delete(dir.resolve("good-ran"));
        Path link = Files.createSymbolicLink(dir.resolve("evil/plan.md"), good);
        CliRun r = run(link, "");
        assertThat(dir.resolve("evil-ran")).as("the link's folder is not the cwd").doesNotExist();
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(dir.resolve("good-ran")).as("the trusted plan ran where it was trusted").exists();
    }

    @Test
    void attack7_theTitleCannotPutTheSessionOutsideSessions() throws Exception {
        Path sessions = Files.createDirectories(dir.resolve("a/b/c/sessions"));
        for (String title : new String[]{"../../../../escaped", dir.resolve("absolute-escape").toString()}) {
            Path p = write(dir.resolve("plan.md"), plan(title, ".", "true", "", ""));
            CliRun r = run(p, "", "--trust", "--sessions", sessions.toString());
            assertThat(r.exit()).as(r.out() + r.err()).isZero();
        }
        assertThat(dir.resolve("escaped")).doesNotExist();
        assertThat(dir.resolve("absolute-escape")).doesNotExist();
        try (Stream<Path> s = Files.list(sessions)) {
            assertThat(s.map(f -> f.getFileName().toString()).toList()).hasSize(2)
                    .allMatch(n -> n.matches("[a-z0-9._-]+") && !n.startsWith("."));
        }
    }
}
