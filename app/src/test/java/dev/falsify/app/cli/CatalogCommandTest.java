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
import org.junit.jupiter.api.Test;
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
    void fullPrintsEveryHitInFull() {
        Run r = run("catalog", "--full", "--kind", "oracle", "exactly-once");
        assertThat(r.exit).isZero();
        assertThat(r.out).startsWith("O08 · oracle · Exactly-once effect per idempotency key\n")
                .contains("Checkers: exactly-once\n");
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
        assertThat(r.err).isEqualTo("falsify: no catalog entry matches zzqx\n");
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
}
