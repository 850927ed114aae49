package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code falsify lint}: golden JSON for every fixture plan, compiler-style text, exit codes.
 * Regenerate goldens with {@code -Dfalsify.updateGolden=true} and review the diff.
 */
class LintCommandTest {
    static final Path FIXTURES = Path.of("../model/src/test/resources/plans");
    static final Path GOLDEN = Path.of("src/test/resources/golden/lint");
    static final Path EXAMPLE = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md");

    @ParameterizedTest
    @ValueSource(strings = {"agent-style", "divergent", "boundary", "seed-compact", "lint-errors"})
    void jsonMatchesGolden(String name) throws Exception {
        CliRun r = CliRun.run("lint", "--json", FIXTURES.resolve(name + ".md").toString());
        Path golden = GOLDEN.resolve(name + ".json");
        if (Boolean.getBoolean("falsify.updateGolden")) {
            Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        }
        assertThat(r.out()).isEqualTo(Files.readString(golden));
        boolean hasError = r.out().contains("\"severity\" : \"error\"");
        assertThat(r.exit()).isEqualTo(hasError ? 1 : 0);
    }

    @Test
    void examplePlanIsClean() {
        CliRun r = CliRun.run("lint", EXAMPLE.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.err()).contains("0 errors");
    }

    @Test
    void textOutputIsOneCompilerStyleLinePerDiagnostic() {
        Path plan = FIXTURES.resolve("lint-errors.md");
        CliRun r = CliRun.run("lint", plan.toString());
        assertThat(r.exit()).isEqualTo(1);
        String[] lines = r.out().split("\n");
        assertThat(lines).allMatch(l -> l.matches("\\Q" + plan + "\\E:\\d+:\\d+: (error|warning|info) \\[P0\\d\\d] .+"));
        assertThat(r.out()).contains(plan + ":15:1: error [P002] claim id C1 is duplicated");
    }

    @Test
    void divergentPlanOpensWithoutErrors() {
        CliRun r = CliRun.run("lint", FIXTURES.resolve("divergent.md").toString());
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(r.out()).contains("[P019]");
    }

    @Test
    void missingFileExits2WithTheFileName(@TempDir Path dir) {
        Path missing = dir.resolve("nope.md");
        CliRun r = CliRun.run("lint", missing.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(missing.toString()).contains("no such file").doesNotContain("Exception");
    }

    @Test
    void binaryOrNonPlanExits2(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("x.md");
        Files.write(bin, new byte[] {1, 0, 2, 3});
        CliRun r = CliRun.run("lint", bin.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("binary");

        Path prose = dir.resolve("readme.md");
        Files.writeString(prose, "# Hello\n\nJust some notes.\n");
        r = CliRun.run("lint", prose.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(prose + ":1:1: not a test plan");
    }
}
