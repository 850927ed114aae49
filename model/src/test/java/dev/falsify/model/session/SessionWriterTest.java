package dev.falsify.model.session;

import dev.falsify.model.io.AtomicFiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.EvidenceFixtures;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.OracleResult;
import dev.falsify.model.verdict.SeedRun;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionWriterTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T04:15:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    static SessionHeader header() {
        return new SessionHeader("", "replicated-kv (3 nodes, loopback)", "docs/testing-plans/replicated-kv.md",
                "3f2c1d0-dirty", "", "falsify run (ci)", "", "", Map.of());
    }

    static ArmEvidence failing() {
        return EvidenceFixtures.cleanHardening().oracles(List.of(new OracleResult("linearizability",
                        Validity.INVALID, 4812, 4812, List.of(), "op 311 cannot be linearized")))
                .seeds(List.of(new SeedRun(7, false, SeedRun.Outcome.VIOLATION), new SeedRun(7, true, SeedRun.Outcome.VIOLATION)))
                .build();
    }

    @Test
    void writesTheSpecLayoutAndReadsItBack() throws IOException {
        SessionWriter w = SessionWriter.create(tmp.resolve("test-sessions"), "replicated-kv", header(), CLOCK);
        assertThat(w.dir()).isEqualTo(tmp.resolve("test-sessions/replicated-kv/2026-11-30T041500Z"));
        for (String sub : List.of("logs", "metrics", "artifacts", "findings")) {
            assertThat(w.dir().resolve(sub)).isDirectory();
        }
        w.toolbox(List.of("java 17.0.12", "iptables 1.8.9"));
        w.capabilities(List.of(new CapabilityRow("java >= 17", "yes", "17.0.12", "/usr/bin/java")));
        w.preconditions(List.of(new Precondition(true, "plan lints clean"), new Precondition(false, "SUT reachable")));
        w.event("S1", "start", "seed 7");
        w.event("S1", "fault injected", "partition-n1 | n1 isolated");
        Decision d1 = w.armFinished("linearizable_writes_under_partition", failing(),
                new FindingDetail("stale read after partition heal", "H1", "read returned 3 after write 4 was acked",
                        "falsify run plan.md --scenario S1 --seed 7", "", "", "re-run on second host"));
        Decision d2 = w.armFinished("reads_during_restart", EvidenceFixtures.cleanSmoke().id("S2", "").build(), null);
        w.armFinished("", ArmEvidence.notReached("S3", "api"), null);
        w.artifact("artifacts/S1-7.history.jsonl");

        SessionFolder mid = SessionReader.read(w.dir());
        assertThat(mid.interrupted()).isTrue();

        assertThat(w.finish()).isEqualTo(SessionHeadline.FAIL);
        assertThatThrownBy(() -> w.event("S1", "late", "")).isInstanceOf(IllegalStateException.class);

        SessionFolder f = SessionReader.read(w.dir());
        assertThat(f.interrupted()).isFalse();
        assertThat(f.log().header().plan()).isEqualTo("docs/testing-plans/replicated-kv.md");
        assertThat(f.log().header().commit()).isEqualTo("3f2c1d0-dirty");
        assertThat(f.log().header().ended()).isEqualTo("2026-11-30T04:15:00Z \u2014 FAIL");
        assertThat(f.log().toolbox()).containsExactly("java 17.0.12", "iptables 1.8.9");
        assertThat(f.log().capabilities()).singleElement().satisfies(c -> assertThat(c.isPresent()).isTrue());
        assertThat(f.log().preconditions()).extracting(Precondition::checked).containsExactly(true, false);
        assertThat(f.log().timeline()).extracting(TimelineEvent::event).containsExactly("start", "fault injected");
        assertThat(f.log().timeline().get(1).notes()).isEqualTo("partition-n1 | n1 isolated");
        assertThat(f.log().verdicts()).extracting(VerdictRow::armId).containsExactly("S1", "S2", "S3/api");
        assertThat(f.findings()).extracting(FindingFile::fileName).containsExactly("S1.md", "S2.md", "S3-api.md");
        assertThat(d1.verdict()).isEqualTo(Verdict.FAIL_REPRODUCIBLE);
        assertThat(d2.verdict()).isEqualTo(Verdict.PASS_SMOKE);
        assertThat(f.missing()).contains("findings/report.md").doesNotContain("session-log.md");
        assertThat(f.problems()).isEmpty();
    }

    @Test
    void evidenceSurvivesTheRoundTripThroughTheFindingsFile() throws IOException {
        SessionWriter w = SessionWriter.create(tmp, "kv", header(), CLOCK);
        ArmEvidence e = failing().toBuilder().historyGaps(List.of()).notes("two | pipes\nand a newline").build();
        w.armFinished("name", e, null);
        FindingFile f = SessionReader.read(w.dir()).findings().get(0);
        assertThat(f.evidence()).contains(e);
        assertThat(f.computed().map(Decision::verdict)).contains(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.written()).contains(Verdict.FAIL_REPRODUCIBLE);
        assertThat(f.blame()).contains(Blame.UNKNOWN);
        assertThat(Files.readString(w.dir().resolve("findings/S1.md")))
                .contains("- [ ] baseline comparison is fair \u2014 not evaluated")
                .contains("- [x] oracle ran on every intended cycle \u2014 4812 of 4812 ops")
                .doesNotContain("oracle ran on every intended cycle (op count consumed)");
    }

    @Test
    void twoSessionsInTheSameSecondGetDistinctFolders() throws IOException {
        Path a = SessionWriter.create(tmp, "kv", header(), CLOCK).dir();
        Path b = SessionWriter.create(tmp, "kv", header(), CLOCK).dir();
        assertThat(b).isNotEqualTo(a);
        assertThat(b.getFileName().toString()).isEqualTo("2026-11-30T041500Z-2");
    }

    @Test
    void overridesAreStoredBesideTheComputedVerdict() throws IOException {
        SessionWriter w = SessionWriter.create(tmp, "kv", header(), CLOCK);
        w.armFinished("n", failing(), null);
        w.finish();
        VerdictOverride o = new VerdictOverride("S1", Verdict.FAIL_NONDETERMINISTIC, Blame.HARNESS,
                BugType.find("timing / liveness").orElseThrow(), FindingSeverity.P2, "alice", Instant.parse("2026-11-30T06:00:00Z"),
                "re-run on host B did not fail | harness clock");
        SessionWriter.appendOverride(w.dir(), o);
        SessionFolder f = SessionReader.read(w.dir());
        assertThat(f.overrides()).containsExactly(o);
        SessionFolder.ArmVerdict arm = f.arms().get(0);
        assertThat(arm.computed().map(Decision::verdict)).contains(Verdict.FAIL_REPRODUCIBLE);
        assertThat(arm.effective()).isEqualTo(Verdict.FAIL_NONDETERMINISTIC);
        assertThat(f.problems()).isEmpty();
    }

    @Test
    void aCrashMidWriteLeavesTheOldFileWholeAndTheReaderIgnoresTheDebris() throws IOException {
        SessionWriter w = SessionWriter.create(tmp, "kv", header(), CLOCK);
        w.event("S1", "start", "");
        Path log = w.dir().resolve("session-log.md");
        String before = Files.readString(log);
        // the writer dies half way through producing the new content
        assertThatThrownBy(() -> AtomicFiles.write(log, out -> {
            out.write(before.substring(0, before.length() / 2));
            throw new IOException("simulated crash (disk full)");
        })).hasMessageContaining("simulated crash");
        assertThat(Files.readString(log)).isEqualTo(before);
        // a hard kill leaves its temp file behind: simulate that debris too
        Files.writeString(w.dir().resolve(".session-log.md123.tmp"), before.substring(0, 40));
        Files.writeString(w.findingsDir().resolve(".S1.md456.tmp"), "# S1 \u2014 PASS-sm");
        SessionFolder f = SessionReader.read(w.dir());
        assertThat(f.log().timeline()).hasSize(1);
        assertThat(f.findings()).isEmpty();
        assertThat(f.interrupted()).isTrue();
        try (Stream<Path> s = Files.list(w.dir())) {
            assertThat(s.filter(AtomicFiles::isTemp).count()).isEqualTo(1); // only the simulated debris
        }
    }

    @Test
    void aReaderShownAFolderBeingWrittenAlwaysSeesWholeFiles() throws Exception {
        SessionWriter w = SessionWriter.create(tmp, "kv", header(), Clock.systemUTC());
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                for (int i = 0; i < 150; i++) {
                    w.event("S" + (i % 3 + 1), "oracle", "event " + i);
                    if (i % 50 == 49) {
                        w.armFinished("", EvidenceFixtures.cleanSmoke().id("S" + (i / 50 + 1), "").build(), null);
                    }
                }
                w.finish();
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                done.set(true);
            }
        });
        writer.start();
        List<Integer> seen = new ArrayList<>();
        boolean sawInterrupted = false;
        while (!done.get()) {
            SessionFolder f = SessionReader.read(w.dir());
            assertThat(f.problems()).isEmpty();
            assertThat(f.log().header().plan()).isEqualTo("docs/testing-plans/replicated-kv.md");
            List<TimelineEvent> t = f.log().timeline();
            for (int i = 0; i < t.size(); i++) {
                assertThat(t.get(i).notes()).isEqualTo("event " + i);
            }
            sawInterrupted |= f.interrupted();
            seen.add(t.size());
        }
        writer.join();
        assertThat(failure.get()).isNull();
        assertThat(seen).isSorted();
        assertThat(sawInterrupted).isTrue();
        SessionFolder end = SessionReader.read(w.dir());
        assertThat(end.interrupted()).isFalse();
        assertThat(end.log().timeline()).hasSize(150);
        assertThat(end.headline()).isEqualTo(SessionHeadline.DONE);
    }

    @Test
    void anEmptyFolderOpensWithEverythingListedAsMissing() throws IOException {
        SessionFolder f = SessionReader.read(tmp);
        assertThat(f.missing()).contains("session-log.md", "logs/", "findings/");
        assertThat(f.interrupted()).isTrue();
        assertThat(f.arms()).isEmpty();
        assertThat(f.headline()).isEqualTo(SessionHeadline.BLOCKED);
        assertThat(f.reportText()).isEqualTo(Optional.empty());
    }

    @Test
    void theSessionFolderIsASlugInsideTheRootWhateverTheTitle(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        assertThat(SessionWriter.folderName("replicated-kv")).isEqualTo("replicated-kv");
        assertThat(SessionWriter.folderName("Replicated KV (v2)")).isEqualTo("replicated-kv-v2");
        assertThat(SessionWriter.folderName("../../../../x")).isEqualTo("x");
        assertThat(SessionWriter.folderName("/abs/path")).isEqualTo("abs-path");
        assertThat(SessionWriter.folderName("x$(touch pwned)y")).isEqualTo("x-touch-pwned-y");
        assertThat(SessionWriter.folderName("..")).isEqualTo("plan");
        assertThat(SessionWriter.folderName("")).isEqualTo("plan");
        assertThat(SessionWriter.folderName("a".repeat(200))).hasSize(80);
        Path root = tmp.resolve("a/b/sessions");
        for (String title : new String[]{"../../../../x", tmp.resolve("abs").toString(), "x$(touch pwned)y", ".hidden"}) {
            Path d = SessionWriter.create(root, title, header(), CLOCK).dir();
            assertThat(d.getParent().getParent()).isEqualTo(root);
            assertThat(d.getParent().getFileName().toString()).matches("[a-z0-9][a-z0-9._-]*");
        }
        assertThat(tmp.resolve("x")).doesNotExist();
        assertThat(tmp.resolve("abs")).doesNotExist();
    }

    @Test
    void aNameFromThePlanIsAFileNameInsideItsFolder() {
        assertThat(SessionWriter.fileNamePart("n1")).isEqualTo("n1");
        assertThat(SessionWriter.fileNamePart("partition-n1.v2")).isEqualTo("partition-n1.v2");
        assertThat(SessionWriter.fileNamePart("../../../../tmp/x")).isEqualTo("_.-..-..-..-tmp-x");
        assertThat(SessionWriter.fileNamePart("..")).isEqualTo("_.");
        assertThat(SessionWriter.fileNamePart("a b/c")).isEqualTo("a-b-c");
        for (String n : new String[]{"../x", "/abs", "..", ".", "a/../../b", ""}) {
            Path f = Path.of("/s/logs").resolve(SessionWriter.fileNamePart(n) + ".out.log").normalize();
            assertThat(f.getParent()).as(n).isEqualTo(Path.of("/s/logs"));
        }
    }
}
