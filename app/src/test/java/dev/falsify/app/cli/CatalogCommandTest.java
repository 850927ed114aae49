package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.catalog.Catalog;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code falsify catalog} in-process. Golden files live in src/test/resources/golden/catalog; run with
 * {@code -Dfalsify.updateGolden=true} to rewrite them after a deliberate content change, then review
 * the diff.
 */
class CatalogCommandTest {
    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = FalsifyCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static void assertGolden(String name, String actual) throws IOException {
        Path golden = Path.of("src/test/resources/golden/catalog", name);
        if (Boolean.getBoolean("falsify.updateGolden")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void anIdPrintsThatPitfallAsJson() throws IOException {
        Run r = run("catalog", "PF01", "--json");
        assertThat(r.exit).isZero();
        assertGolden("pf01.json", r.out);
    }

    @Test
    void searchTermsPrintRankedHitsAsJson() throws IOException {
        Run r = run("catalog", "lost", "update", "--json");
        assertThat(r.exit).isZero();
        assertGolden("lost-update.json", r.out);
    }

    @Test
    void kindFilterListsEveryLabelAsJson() throws IOException {
        Run r = run("catalog", "--kind", "label", "--json");
        assertThat(r.exit).isZero();
        assertGolden("labels.json", r.out);
    }

    @Test
    void aNemesisPrintsInFullAsText() throws IOException {
        Run r = run("catalog", "n07");
        assertThat(r.exit).isZero();
        assertGolden("n07.txt", r.out);
    }

    @Test
    void severalHitsPrintAsAListWithSummaries() {
        Run r = run("catalog", "partition");
        assertThat(r.exit).isZero();
        assertThat(r.out).contains("N07                    nemesis   Full partition of one node\n")
                .contains("PF16                   pitfall   Split brain after a partial partition\n")
                .contains("entries; `falsify catalog ID` prints one in full");
    }

    @Test
    void aSystemsNameFindsItsFailureModesAndAnEmptySearchSaysWhatToTry() {
        Run raft = run("catalog", "raft");
        assertThat(raft.exit).isZero();
        assertThat(raft.out.toLowerCase(java.util.Locale.ROOT)).contains("leader");
        Run none = run("catalog", "xyzzy");
        assertThat(none.exit).isEqualTo(1);
        assertThat(none.err).contains("no catalog entry matches xyzzy").contains("Try what the system does")
                .contains("'falsify catalog' to list every entry");
    }

    @Test
    void fullPrintsEveryHitInFull() {
        Run r = run("catalog", "--full", "--kind", "oracle", "exactly-once");
        assertThat(r.exit).isZero();
        assertThat(r.out).startsWith("O08 · oracle · Exactly-once effect per idempotency key\n")
                .contains("Checkers: exactly-once, unique-ids\n");
    }

    @Test
    void noTermsListsTheWholeCatalogGroupedByKind() throws IOException {
        Run r = run("catalog");
        assertThat(r.exit).isZero();
        Catalog c = Catalog.standard();
        assertThat(r.out).startsWith("Techniques (8)\n  T1 ")
                .contains("\nPitfalls (" + c.pitfalls().size() + ")\n")
                .contains("\nNemeses (" + c.nemeses().size() + ")\n")
                .contains("\nOracle patterns (14)\n")
                .contains("\nFinding labels (" + c.labels().size() + ")\n");
        JsonNode all = new ObjectMapper().readTree(run("catalog", "--json").out);
        assertThat(all.get("count").asInt()).isEqualTo(c.entries().size());
        assertThat(all.get("results").get(0).has("score")).isFalse();
    }

    @Test
    void limitCutsTheHitList() throws IOException {
        JsonNode r = new ObjectMapper().readTree(run("catalog", "partition", "--limit", "2", "--json").out);
        assertThat(r.get("count").asInt()).isEqualTo(2);
        assertThat(run("catalog", "partition", "--limit", "-1").exit).isEqualTo(2);
    }

    @Test
    void nothingMatchingExitsOneWithAMessage() {
        Run r = run("catalog", "zzqx");
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.out).isEmpty();
        assertThat(r.err).startsWith("falsify: no catalog entry matches zzqx\nTry what the system does");
        Run json = run("catalog", "zzqx", "--json");
        assertThat(json.exit).isEqualTo(1);
        assertThat(json.out).contains("\"count\" : 0");
    }

    @Test
    void anUnknownKindIsBadInput() {
        Run r = run("catalog", "--kind", "gadget", "x");
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err).startsWith("falsify: --kind: unknown entry kind 'gadget' (expected one of technique,")
                .doesNotContain("Exception");
    }

    @Test
    void draftsWhatThePanelInserts() throws IOException {
        Catalog c = Catalog.standard();
        Run h = run("catalog", "--hypothesis", "pf13", "--claims", "C1,C2", "--id", "H7");
        assertThat(h.exit).isZero();
        assertThat(h.out).isEqualTo(c.snippets().hypothesisFrom(c.entry("PF13", dev.falsify.catalog.Pitfall.class)
                .orElseThrow(), List.of("C1", "C2"), "H7"));
        Run m = run("catalog", "--seven-m", "cas-register", "--categories", "safety");
        assertThat(m.out).isEqualTo(c.sevenMSkeleton("cas-register", List.of("safety")))
                .contains("- **Checker:** linearizability");
        Run n = run("catalog", "--nemesis-line", "N07", "--json");
        JsonNode j = new ObjectMapper().readTree(n.out);
        assertThat(j.get("draft").asText()).isEqualTo("nemesis-line");
        assertThat(j.get("id").asText()).isEqualTo("N07");
        assertThat(j.get("text").asText()).startsWith("- **Nemesis + landing evidence:** Full partition of one node");
    }

    @Test
    void theWalkOfAPlanIsPrintedAndWrittenIntoSectionFour(@TempDir Path dir) throws IOException {
        Path plan = dir.resolve("plan.md");
        String original = """
                # Test Plan: p

                ## 4. Failure-mode hypotheses

                H1. **Stale** — a follower serves an old value
                   - Could falsify: C1
                   - Pitfall row: PF02

                ## 5. Coverage matrix
                """;
        Files.writeString(plan, original);
        Run printed = run("catalog", "--walk", plan.toString());
        assertThat(printed.exit).isZero();
        assertThat(printed.out).startsWith("**Pitfall walk**").contains("| PF02 Stale read | y | H1 |  |\n");
        assertThat(Files.readString(plan)).isEqualTo(original);

        JsonNode json = new ObjectMapper().readTree(run("catalog", "--walk", plan.toString(), "--json").out);
        assertThat(json.get("rows").get(1).get("applies").asText()).isEqualTo("y");
        int start = json.get("edit").get("start").asInt();
        assertThat(original.substring(0, start)).endsWith("- Pitfall row: PF02");

        Run written = run("catalog", "--walk", plan.toString(), "--write");
        assertThat(written.exit).isZero();
        assertThat(written.out).isEqualTo(plan + ": wrote the pitfall walk into §4 (1 of "
                + Catalog.standard().pitfalls().size() + " pitfalls answered)\n");
        String after = Files.readString(plan);
        assertThat(after).contains("- Pitfall row: PF02\n\n**Pitfall walk**").endsWith("|  |  |  |\n\n## 5. Coverage matrix\n");
        run("catalog", "--walk", plan.toString(), "--write");
        assertThat(Files.readString(plan)).as("writing an unchanged walk again changes nothing").isEqualTo(after);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("plan.md");
        }
    }

    @Test
    void draftingOptionsRejectBadInput(@TempDir Path dir) {
        assertThat(run("catalog", "--hypothesis", "PF99").err)
                .isEqualTo("falsify: --hypothesis: no pitfall 'PF99' (falsify catalog --kind pitfall lists them)\n");
        assertThat(run("catalog", "--nemesis-line", "PF01").exit).isEqualTo(2);
        Run missing = run("catalog", "--walk", dir.resolve("nope.md").toString());
        assertThat(missing.exit).isEqualTo(2);
        assertThat(missing.err).isEqualTo("falsify: " + dir.resolve("nope.md") + ": no such file\n");
        assertThat(run("catalog", "lost", "--seven-m", "kv").exit).isEqualTo(2);
        assertThat(run("catalog", "--seven-m", "kv", "--walk", "x.md").exit).isEqualTo(2);
        assertThat(run("catalog", "--write").exit).isEqualTo(2);
        assertThat(run("catalog", "--hypothesis", "PF01", "--write").err).isEqualTo("falsify: --write goes with --walk\n");
    }
}
