package dev.falsify.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: the session and workspace layout is known in one place each. A grep over the product
 * sources of every module: no other class spells the layout's folder names or file suffixes as a
 * string literal, and no other class decides "is this a session folder".
 */
class LayoutOwnershipTest {
    private static final List<String> MODULES = List.of("model", "checkers", "catalog", "runner", "testkit", "app");
    private static final Pattern LITERAL = Pattern.compile(
            "\"(test-sessions[\"/]|docs/testing-plans|testing-plans\"|logs\"|artifacts\"|logs/|artifacts/|session-log\\.md\"|[^\" ]*\\.check\\.json\"|[^\" ]*\\.history\\.jsonl\")");
    private static final Pattern SESSION_DECISION = Pattern.compile(
            "boolean\\s+(isSession|looksLikeSession)\\s*\\(|resolve\\(\"session-log\\.md\"\\)");
    /** Where the layout is defined. */
    private static final Pattern OWNERS = Pattern.compile(".*/model/session/(SessionLayout|WorkspaceLayout)\\.java");
    /**
     * Developer tools (benchmarks, screenshots, CDS training) build throw-away folders of their own and
     * move out of the product (issue 31, problem 7); {@code Placeholders} names the plan's {logs} and
     * {artifacts} placeholders, which are plan syntax, not folders.
     */
    private static final Pattern EXEMPT = Pattern.compile(
            ".*/(\\w*Benchmark|ScreenshotRenderer|ScreenshotsCommand|BenchCliCommand|CliTraining|ColdStartProbe|Placeholders)\\.java");

    @Test
    void onlyTheLayoutClassesSpellTheLayout() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Path file : sources()) {
            String path = file.toString().replace('\\', '/');
            if (OWNERS.matcher(path).matches() || EXEMPT.matcher(path).matches()) continue;
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) continue;
                if (LITERAL.matcher(line).find() || SESSION_DECISION.matcher(line).find()) {
                    offenders.add(path + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertThat(offenders).as("use SessionLayout / WorkspaceLayout (model.session) instead").isEmpty();
    }

    @Test
    void theGrepSeesTheSources() throws IOException {
        assertThat(sources()).as("the scan must read the modules' sources, or it proves nothing")
                .anyMatch(p -> p.endsWith(Path.of("model/session/SessionLayout.java")))
                .anyMatch(p -> p.endsWith(Path.of("runner/run/SeedExecution.java")));
        assertThat(LITERAL.matcher("x.resolve(\"test-sessions\")").find()).isTrue();
        assertThat(LITERAL.matcher("label + \".check.json\"").find()).isTrue();
        assertThat(SESSION_DECISION.matcher("static boolean looksLikeSession(Path dir) {").find()).isTrue();
    }

    private static List<Path> sources() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String m : MODULES) {
            Path src = Path.of("..", m, "src/main/java");
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> s = Files.walk(src)) {
                s.filter(p -> p.toString().endsWith(".java")).forEach(out::add);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return out;
    }
}
