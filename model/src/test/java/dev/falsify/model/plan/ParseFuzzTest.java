package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.session.FindingsFormat;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionLogFormat;
import dev.falsify.model.session.SessionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded fuzz of the plan and session readers: a few thousand generated and mutated plans and
 * session files (session-log.md, findings/*.md, report.md) each parse, lint or render without an
 * exception escaping and within a time limit. The limit is generous (a loaded CI machine must not
 * flake it) and is not a speed target ({@code falsify bench plan} and the benchmark figures are); it is
 * the hang detector: the pathological shapes below (lines of hundreds of KB, tens of thousands of table
 * rows, deep nesting, thousands of markers) take well under a second each when parsing is linear, and
 * far longer than the limit when a reader turns quadratic again (a 300 KB line after a §7.M marker
 * took more than 97 s of CPU, 50,000 verdict rows more than 45 s).
 */
class ParseFuzzTest {
    static final Duration LIMIT = Duration.ofSeconds(10);
    static final Duration WALL_LIMIT = Duration.ofMinutes(5);
    static final long SEED = 0x5eed_f00dL;
    static final int MUTATED_PLANS = 1500;
    static final int MUTATED_SESSION_FILES = 1000;
    /** Long enough that a quadratic reader needs minutes, short enough that a linear one needs milliseconds. */
    static final int LONG = 300_000;

    /** Runs of these make the long lines: whitespace, Markdown punctuation, and the tokens the readers look for. */
    static final String[] UNITS = {" ", "\t", "a", "a ", "*", "**", "_", "-", "- ", "—", "|", "| ", "(", ")", "[", "]", "`",
            "#", "# ", ".", ":", ": ", "/", "1", "1 ", "C1", "C1 ", "C1,", "H1 ", "S1", "S1/", "§7.M ", "->", "→ C1 ", "(→",
            "n/a ", "not ", "{#", "[a](", "<", "~", "a-", "x - ", "PASS ", "FAIL-", "violat", "\\|", "\u00a0", "budget ",
            "source: ", "revisit ", "inferred ", "{", "}", "=", "= "};
    /** What precedes a long line: nothing, a list item, bold, a table cell, a heading, a label. */
    static final String[] LEADS = {"", "- ", "**", "| ", "#### ", "§7.M ", "**Checker:** ", "- **Falsifies:** ", "1. "};

    static final String[] SESSION_SNIPPETS = {"|", "||", "\n| S1 | smoke | PASS-smoke | |\n", "\n## Scenario verdicts\n",
            "\n## Scenario timeline\n", "| Scenario / arm | Budget tier met | Verdict | Notes |\n|---|---|---|---|\n",
            "**Verdict:** ", "FAIL-reproducible", "**Session ended:** ", "```", "- [x] ", "- [ ] ", "\n# Finding: ",
            "\u0000", "\uFFFF", "\r\n", "**", "—", "S01/api", "| 09:00:05 | S1 | start | seed 1 |\n", "\n---\n",
            "**Session state:** interrupted", "violations: 0", "linearizability: valid on 2 310 ops"};

    @TempDir
    Path tmp;

    /**
     * Fails when the reader has used more than {@link #LIMIT} of its own thread's CPU time. CPU time,
     * not wall time: on a busy CI machine (load 20 on 2 cores) a linear reader waits for the CPU far
     * longer than it computes, while a quadratic one burns the CPU itself. The wall-clock bound is
     * only there so that a reader blocked forever cannot hang the build.
     */
    static void inTime(String what, Executable e) {
        inTime(what, LIMIT, e);
    }

    static void inTime(String what, Duration limit, Executable e) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                e.execute();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "fuzz-reader");
        worker.setDaemon(true);
        worker.start();
        long wallDeadline = System.nanoTime() + WALL_LIMIT.toNanos();
        try {
            while (worker.isAlive()) {
                worker.join(20);
                long cpu = mx.getThreadCpuTime(worker.getId());
                if (cpu > limit.toNanos() || System.nanoTime() > wallDeadline) {
                    worker.interrupt();
                    fail(what + ": not done in " + limit.toMillis() + " ms of CPU (a reader is not linear)");
                }
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            fail(what + ": interrupted");
        }
        Throwable t = failure.get();
        if (t instanceof Error err) throw err;
        if (t instanceof RuntimeException re) throw re;
        if (t != null) throw new AssertionError(what, t);
    }

    @Test
    void theHangDetectorCatchesAReaderThatKeepsComputing() {
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> inTime("spinner", Duration.ofMillis(200), () -> {
                    long x = 0;
                    while (!Thread.currentThread().isInterrupted()) x++;
                }));
        assertThat(e).hasMessageContaining("spinner: not done in 200 ms of CPU");
        inTime("sleeper", Duration.ofMillis(200), () -> Thread.sleep(400)); // waiting is not computing
    }

    @Test
    void mutatedPlansParseAndLintInTime() {
        Random rnd = new Random(SEED);
        List<String> texts = ParserNeverThrowsPropertiesTest.TEXTS;
        for (int i = 0; i < MUTATED_PLANS; i++) {
            String text = mutate(texts.get(rnd.nextInt(texts.size())), rnd, ParserNeverThrowsPropertiesTest.SNIPPETS);
            int n = i;
            inTime("mutated plan #" + n, () -> ParserNeverThrowsPropertiesTest.check(text));
        }
    }

    /** One long line of each unit, after each lead, in each place of the example plan. */
    @Test
    void plansWithHugeLinesParseAndLintInTime() {
        String plan = Fixtures.text("example");
        String[] anchors = {"#### §7.M", "| C7 |", "## 4.", "- **Technique:**", "```run", "### Scenario S2", "## 7."};
        Random rnd = new Random(SEED);
        int count = 0;
        for (String unit : UNITS) {
            // every unit after a §7.M marker (the former hang), and in two more places drawn at random
            List<String> places = new ArrayList<>(List.of(anchors[0], anchors[1 + rnd.nextInt(anchors.length - 1)], "title"));
            for (String place : places) {
                // right after the marker, the line itself is the former hang; elsewhere after a random lead
                String lead = place.equals(anchors[0]) ? "" : LEADS[rnd.nextInt(LEADS.length)];
                String line = lead + unit.repeat(LONG / unit.length()) + "x";
                String text = place.equals("title") ? "# Test Plan: " + line + "\n" + plan.substring(plan.indexOf('\n') + 1)
                        : insertAfterLineOf(plan, place, line);
                inTime("plan with a " + LONG + "-char line of '" + unit + "' after '" + lead + "' at " + place,
                        () -> ParserNeverThrowsPropertiesTest.check(text));
                count++;
            }
        }
        assertThat(count).isEqualTo(UNITS.length * 3);
    }

    @Test
    void plansOfManyRowsMarkersAndDeepNestingParseInTime() {
        String plan = Fixtures.text("example");
        StringBuilder rows = new StringBuilder("\n| ID | Claim | Category | Source | Inferred? |\n|---|---|---|---|---|\n");
        for (int i = 1; i <= 30_000; i++) rows.append("| C").append(i).append(" | claim ").append(i).append(" | safety | doc | no |\n");
        inTime("30,000 claim rows", () -> ParserNeverThrowsPropertiesTest.check(insertAfterLineOf(plan, "## 1b.", rows.toString())));

        StringBuilder markers = new StringBuilder();
        for (int i = 0; i < 5_000; i++) markers.append("#### §7.M — Model\n\n§7.M: not applicable (x)\n\n**Checker:** none\n\n");
        inTime("5,000 §7.M markers", () -> ParserNeverThrowsPropertiesTest.check(insertAfterLineOf(plan, "### Scenario S2", markers.toString())));

        StringBuilder scenarios = new StringBuilder();
        for (int i = 1; i <= 3_000; i++) {
            scenarios.append("### Scenario S").append(i).append(": s").append(i).append("\n\n- **Falsifies:** C1 (H1)\n- **Technique:** smoke\n\n");
        }
        inTime("3,000 scenarios", () -> ParserNeverThrowsPropertiesTest.check(insertAfterLineOf(plan, "## 7.", scenarios.toString())));

        StringBuilder nested = new StringBuilder();
        for (int i = 0; i < 3_000; i++) nested.append("  ".repeat(i % 500)).append("- **H").append(i).append("** ").append("> ".repeat(i % 200)).append("x\n");
        nested.append("(".repeat(50_000)).append("[".repeat(50_000)).append("\n").append("> ".repeat(50_000)).append("\n");
        inTime("deep nesting", () -> ParserNeverThrowsPropertiesTest.check(insertAfterLineOf(plan, "## 4.", nested.toString())));

        StringBuilder big = new StringBuilder();
        while (big.length() < 3_000_000) big.append(plan).append('\n');
        inTime("a 3 MB plan", () -> ParserNeverThrowsPropertiesTest.check(big.toString()));
    }

    @Test
    void mutatedSessionFilesReadInTime() throws IOException {
        List<Path> files = sessionFiles();
        assertThat(files).hasSizeGreaterThan(10);
        Random rnd = new Random(SEED);
        for (int i = 0; i < MUTATED_SESSION_FILES; i++) {
            Path f = files.get(rnd.nextInt(files.size()));
            String text = mutate(Files.readString(f, StandardCharsets.UTF_8), rnd, SESSION_SNIPPETS);
            String name = f.getFileName().toString();
            int n = i;
            inTime("mutated " + name + " #" + n, () -> readAsSessionFile(name, text));
            if (i % 25 == 0) {
                Path dir = tmp.resolve("mutated-" + i);
                inTime("session folder with a mutated " + name + " #" + n, () -> readAndRenderFolder(dir, name, text));
            }
        }
    }

    @Test
    void pathologicalSessionFilesReadInTime() {
        String head = "# Session log: kv @ 2026-11-29T090000Z\n\n- **SUT:** kv\n- **Plan:** docs/testing-plans/kv.md\n\n";
        String table = "## Scenario verdicts\n\n| Scenario / arm | Budget tier met | Verdict | Notes |\n|---|---|---|---|\n";
        StringBuilder rows = new StringBuilder(head).append(table);
        for (int i = 0; i < 100_000; i++) {
            rows.append("| S1 | smoke | ").append(i % 7 == 0 ? "PASS" : "PASS-smoke").append(" | seed ").append(i).append(" |\n");
        }
        inTime("100,000 verdict rows of one arm", () -> readAndRenderFolder(tmp.resolve("rows"), SessionReader.LOG, rows.toString()));

        StringBuilder timeline = new StringBuilder(head).append("## Scenario timeline\n\n| Time (UTC) | Scenario | Event | Notes |\n|---|---|---|---|\n");
        for (int i = 0; i < 50_000; i++) timeline.append("| 09:00:05 | S").append(i % 300).append(" | start | seed ").append(i).append(" |\n");
        inTime("50,000 timeline rows", () -> readAndRenderFolder(tmp.resolve("timeline"), SessionReader.LOG, timeline.toString()));

        StringBuilder reportRows = new StringBuilder("# Findings report\n\n").append(SessionReader.RESULTS_HEADER).append("\n|---|---|---|---|---|\n");
        for (int i = 0; i < 50_000; i++) reportRows.append("| S").append(i).append(" | s | PASS-smoke | lin | ok |\n");
        inTime("a report.md of 50,000 rows", () -> readAndRenderFolder(tmp.resolve("report"), "report.md", reportRows.toString()));

        Random rnd = new Random(SEED);
        for (String unit : UNITS) {
            String line = unit.repeat(LONG / unit.length());
            String lead = LEADS[rnd.nextInt(LEADS.length)];
            String log = head + table + "| S1 | " + lead + line + " | PASS " + line + " |\n- **Verdict:** " + line + "\n";
            inTime("a session log with a long line of '" + unit + "'", () -> SessionLogFormat.parse(log));
            String finding = "# S1 " + lead + line + " — PASS-smoke\n\n**Verdict:** " + line + "\n\n- [x] " + line + "\n" + line + ": x\n";
            inTime("a finding with a long line of '" + unit + "'", () -> FindingsFormat.parse("S1.md", finding));
            String report = "# Findings report\n\n| " + lead + line + " | x |\n|---|---|\n| S1 " + line + " | PASS-smoke " + line + " |\n";
            inTime("a report.md with a long line of '" + unit + "'", () -> SessionLogFormat.reportRows(report));
        }
    }

    private static void readAsSessionFile(String name, String text) {
        if (name.equalsIgnoreCase(SessionReader.REPORT)) SessionLogFormat.reportRows(text);
        else if (name.toLowerCase(java.util.Locale.ROOT).contains("log")) SessionLogFormat.parse(text);
        else FindingsFormat.parse(name, text);
    }

    /** Writes {@code text} as the folder's file {@code name} (report.md and findings under findings/), reads the folder and renders its report. */
    private static void readAndRenderFolder(Path dir, String name, String text) {
        try {
            Path file = name.equalsIgnoreCase(SessionReader.LOG) || name.toLowerCase(java.util.Locale.ROOT).contains("log")
                    ? dir.resolve(SessionReader.LOG) : dir.resolve(SessionReader.FINDINGS).resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
            SessionFolder s = SessionReader.read(dir);
            assertThat(ReportWriter.render(s, PlanFacts.missing("fuzz"))).isNotBlank();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> sessionFiles() throws IOException {
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources"))) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> p.toString().replace('\\', '/').matches(".*/(test-)?sessions/.*")).sorted().toList();
        }
    }

    static String mutate(String text, Random rnd, String[] snippets) {
        StringBuilder sb = new StringBuilder(text);
        int mutations = 1 + rnd.nextInt(12);
        for (int i = 0; i < mutations; i++) {
            int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length());
            switch (rnd.nextInt(8)) {
                case 0 -> sb.setLength(at);                                                  // truncated
                case 1 -> sb.insert(at, snippets[rnd.nextInt(snippets.length)]);            // stray structure
                case 2 -> sb.delete(at, Math.min(sb.length(), at + rnd.nextInt(200)));       // a chunk cut
                case 3 -> {                                                                  // a region repeated
                    int end = Math.min(sb.length(), at + rnd.nextInt(400));
                    String region = sb.substring(at, end);
                    sb.insert(end, region.repeat(1 + rnd.nextInt(20)));
                }
                case 4 -> {                                                                  // binary noise
                    for (int k = 0; k < 20; k++) sb.insert(Math.min(at, sb.length()), (char) rnd.nextInt(0x3000));
                }
                case 5 -> sb.insert(at, UNITS[rnd.nextInt(UNITS.length)].repeat(1 + rnd.nextInt(3_000)));   // a long run
                case 6 -> {                                                                  // a line repeated many times
                    int start = at == 0 ? 0 : sb.lastIndexOf("\n", at - 1) + 1;
                    int end = sb.indexOf("\n", start);
                    String line = sb.substring(start, end < 0 ? sb.length() : end) + "\n";
                    sb.insert(start, line.repeat(1 + rnd.nextInt(500)));
                }
                default -> {                                                                 // two lines swapped
                    List<String> lines = new ArrayList<>(List.of(sb.toString().split("\n", -1)));
                    java.util.Collections.swap(lines, rnd.nextInt(lines.size()), rnd.nextInt(lines.size()));
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
            }
        }
        return sb.toString();
    }

    static String insertAfterLineOf(String text, String anchor, String insert) {
        int at = text.indexOf(anchor);
        if (at < 0) throw new IllegalArgumentException("no '" + anchor + "' in the plan");
        int eol = text.indexOf('\n', at);
        return text.substring(0, eol + 1) + insert + (insert.endsWith("\n") ? "" : "\n") + text.substring(eol + 1);
    }
}
