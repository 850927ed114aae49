package dev.falsify.runner.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust fingerprint: everything that decides what runs, and nothing else. */
class PlanCommandsTest {
    @TempDir
    Path dir;

    static String plan(String prose, String runBlock, String requirements) {
        return "# Test Plan: fp\n\n" + prose + "\n\n## 1b. Claims under test\n\n| ID | Claim | Category | Source | Inferred? |\n"
                + "|---|---|---|---|---|\n| C1 | a register | liveness | doc | documented |\n\n" + requirements
                + "## 7. Scenarios\n\n### Scenario S1: register_reads_its_write\n\n- **Falsifies if it FAILs:** C1\n\n"
                + "```run\n" + runBlock + "```\n";
    }

    static final String FULL = "cwd: sub\nsetup: [\"make\"]\nservices:\n  - name: n1\n    cmd: \"./n1 {port}\"\n"
            + "    cwd: svc\n    env: { B: \"2\", A: \"1\" }\n    ready: { cmd: \"test -f up\" }\n"
            + "workload:\n  cmd: \"./w\"\n  env: { PATH: \"/evil\" }\n"
            + "faults:\n  - name: f\n    at: 1s\n    for: 1s\n    inject: \"inj\"\n    heal: \"heal\"\n"
            + "    landing: { probe: \"probe\", expect: \"delta > 0\" }\n"
            + "history: { path: \"h.jsonl\", format: jsonl, model: register }\ncheckers: [linearizability]\n"
            + "final_state: { cmd: \"dump\", format: json }\nteardown: [\"clean\"]\n";

    static final String REQS = "## 6b. Environment requirements\n\n| Requirement | Version floor | Used by scenarios | Install hint |\n"
            + "|---|---|---|---|\n| `./tool.sh` | 1.0 | S1 | none |\n| JDK | 17 | S1 | x |\n| `plain` | — | S1 | x |\n\n";

    private PlanSnapshot snapshot(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return PlanSnapshot.read(p);
    }

    @Test
    void everyCommandCwdEnvAndExecutingProbeIsALine() throws Exception {
        PlanSnapshot s = snapshot("plan.md", plan("Prose.", FULL, REQS));
        Path real = dir.toRealPath();
        assertThat(PlanCommands.of(s)).containsExactly(
                "plan: " + real.resolve("plan.md"),
                "S1: cwd: " + real.resolve("sub"),
                "S1: setup: make",
                "S1: service n1: ./n1 {port}",
                "S1: service n1 cwd: svc",
                "S1: service n1 env: A=1",
                "S1: service n1 env: B=2",
                "S1: ready check n1: test -f up",
                "S1: workload: ./w",
                "S1: workload env: PATH=/evil",
                "S1: fault f inject: inj",
                "S1: fault f heal: heal",
                "S1: landing probe f: probe",
                "S1: final state: dump",
                "S1: teardown: clean",
                "§6b probe: " + real.resolve("sub/tool.sh") + " --version | -version | version",
                "§6b probe: java (from PATH) --version | -version | version");
    }

    @Test
    void proseKeepsTheFingerprintAndEachExecutingPartChangesIt() throws Exception {
        List<String> base = PlanCommands.of(snapshot("plan.md", plan("Prose.", FULL, REQS)));
        assertThat(PlanCommands.of(snapshot("plan.md", plan("Other prose, a new title is prose too.", FULL, REQS))))
                .isEqualTo(base);
        for (String[] edit : new String[][]{{"cwd: sub", "cwd: other"}, {"A: \"1\"", "A: \"9\""}, {"cwd: svc", "cwd: x"},
                {"test -f up", "test -f up2"}, {"\"probe\"", "\"probe2\""}, {"dump", "dump2"}, {"clean", "clean2"},
                {"PATH: \"/evil\"", "PATH: \"/evil2\""}}) {
            assertThat(FULL).contains(edit[0]);
            assertThat(PlanCommands.of(snapshot("plan.md", plan("Prose.", FULL.replace(edit[0], edit[1]), REQS))))
                    .as(edit[0] + " → " + edit[1]).isNotEqualTo(base);
        }
        assertThat(PlanCommands.of(snapshot("plan.md", plan("Prose.", FULL, REQS.replace("`./tool.sh`", "`./tool2.sh`")))))
                .isNotEqualTo(base);
    }

    @Test
    void aSymlinkedPlanHasTheRealPlansIdentityFolderAndFingerprint() throws Exception {
        PlanSnapshot real = snapshot("good/plan.md", plan("Prose.", FULL, REQS));
        Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("elsewhere/plan.md"), dir.resolve("good/plan.md"));
        PlanSnapshot viaLink = PlanSnapshot.read(link);
        assertThat(viaLink.realPath()).isEqualTo(real.realPath());
        assertThat(viaLink.planDir()).isEqualTo(dir.toRealPath().resolve("good"));
        assertThat(PlanCommands.of(viaLink)).isEqualTo(PlanCommands.of(real));
        assertThat(viaLink.file()).isEqualTo(link);
    }

    @Test
    void namesThatCouldBlurIntoTheCommandAreQuoted() {
        assertThat(PlanCommands.name("n1")).isEqualTo("n1");
        assertThat(PlanCommands.name("n1: x")).isEqualTo("\"n1: x\"");
        assertThat(PlanCommands.name("A=B")).isEqualTo("\"A=B\"");
        assertThat(PlanCommands.name("q\"\\")).isEqualTo("\"q\\\"\\\\\"");
    }

    @Test
    void displayShowsControlCharactersInsteadOfObeyingThem() {
        assertThat(PlanCommands.display("S1: setup: true\r\u001b[2Kecho safe\nrm -rf x \u202e")).isEqualTo(
                "S1: setup: true\\r\\u001b[2Kecho safe\\nrm -rf x \\u202e");
        assertThat(PlanCommands.display("plain ünïcode")).isEqualTo("plain ünïcode");
    }

    @Test
    void clockAndStorageFaultsAreShownThoughTheyRunNoPlanCommand() {
        var spec = dev.falsify.model.plan.run.RunSpecParser.parse("services:\n  - { name: n1, cmd: kv }\nworkload: { cmd: w }\n"
                + "faults:\n  - { name: j, at: 1s, for: 1s, clock: { service: n1, kind: jump, offset: 5s } }\n"
                + "  - { name: d, at: 1s, for: 1s, storage: { service: n1, kind: eio, dir: \"{artifacts}/n1\" } }\n").spec();
        List<String> lines = PlanCommands.of("S1", spec, dir);
        assertThat(lines).contains("S1: fault j clock jump: service n1 runs with LD_PRELOAD=libfaketime",
                "S1: fault d storage eio: FUSE layer mounted over {artifacts}/n1 (service n1)");
    }
}
