package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Run blocks read ahead on a second thread ({@link RunBlocks}) are exactly the blocks the parser
 * read in line before: same YAML text, spans, spec and errors, whichever thread read which block.
 * The in-line reading of before (the block's lines through {@code FieldReader.text}) is kept here
 * as the oracle.
 */
class RunBlocksTest {

    @Test
    void readAheadGivesTheInLineBlocks() {
        Random random = new Random(11);
        for (int round = 0; round < 20; round++) {
            String text = plan(random, RunBlocks.READ_AHEAD_MIN * 3);
            Plan plan = PlanParser.parse(text);
            List<RunBlock> parsed = new ArrayList<>();
            for (Scenario s : plan.scenarios()) parsed.addAll(s.runBlocks());
            MarkdownOutline outline = new MarkdownOutline(plan.lines());
            List<RunBlock> expected = new ArrayList<>();
            for (RunBlock b : parsed) expected.add(inLine(plan.lines(), outline.fenceAt(b.span().startLine() - 1)));
            assertThat(parsed).hasSizeGreaterThanOrEqualTo(RunBlocks.READ_AHEAD_MIN).isEqualTo(expected);
        }
    }

    @Test
    void everyBlockIsTheInLineOneWhoeverReadsIt() {
        Random random = new Random(12);
        String text = PlanParser.structural(plan(random, RunBlocks.READ_AHEAD_MIN * 4));
        MarkdownOutline outline = new MarkdownOutline(new SourceLines(text));
        List<MarkdownOutline.FenceBlock> runFences = outline.fences.stream().filter(f -> RunBlocks.isRunInfo(f.info())).toList();
        assertThat(runFences).hasSizeGreaterThanOrEqualTo(RunBlocks.READ_AHEAD_MIN);
        List<RunBlock> expected = runFences.stream().map(f -> inLine(outline.lines, f)).toList();
        for (int round = 0; round < 30; round++) {
            RunBlocks blocks = RunBlocks.of(outline);   // the read-ahead races this thread differently each round
            List<RunBlock> got = new ArrayList<>();
            for (MarkdownOutline.FenceBlock f : runFences) got.add(blocks.get(f));
            blocks.close();
            assertThat(got).isEqualTo(expected);
        }
    }

    @Test
    void aClosedReadAheadLeavesTheBlocksToTheParser() {
        String text = PlanParser.structural(plan(new Random(13), RunBlocks.READ_AHEAD_MIN * 2));
        MarkdownOutline outline = new MarkdownOutline(new SourceLines(text));
        RunBlocks blocks = RunBlocks.of(outline);
        blocks.close();
        for (MarkdownOutline.FenceBlock f : outline.fences) {
            if (RunBlocks.isRunInfo(f.info())) assertThat(blocks.get(f)).isEqualTo(inLine(outline.lines, f));
        }
    }

    /** The reading of before: each content line through FieldReader.text, the fence's indent stripped. */
    private static RunBlock inLine(SourceLines lines, MarkdownOutline.FenceBlock f) {
        StringBuilder yaml = new StringBuilder();
        int indent = f.indent();
        for (int k = f.contentStart(); k < f.contentEnd(); k++) {
            String l = FieldReader.text(lines, k);
            int strip = 0;
            while (strip < indent && strip < l.length() && l.charAt(strip) == ' ') strip++;
            yaml.append(l, strip, l.length()).append('\n');
        }
        assertThat(RunBlocks.yaml(lines, f)).isEqualTo(yaml.toString());
        return RunBlocks.read(lines, f, yaml.toString());
    }

    /** A §7 of {@code n} scenarios, each with a run block of one of several shapes (valid, invalid, indented, CRLF, empty, unclosed). */
    private static String plan(Random random, int n) {
        StringBuilder sb = new StringBuilder("# Test Plan: kv\n\n## 7. Scenarios\n\n");
        for (int i = 1; i <= n; i++) {
            sb.append("### Scenario S").append(i).append(": case ").append(i).append("\n\n");
            sb.append("- **Falsifies:** C1\n");
            String nl = random.nextInt(6) == 0 ? "\r\n" : "\n";
            String pad = random.nextInt(4) == 0 ? "  " : "";
            String info = switch (random.nextInt(4)) {
                case 0 -> "yaml run";
                case 1 -> "yaml {.run}";
                default -> "run";
            };
            if (!pad.isEmpty()) sb.append("- **Run:**").append(nl);
            sb.append(pad).append("```").append(info).append(nl);
            String body = switch (random.nextInt(7)) {
                case 0 -> "";
                case 1 -> "cwd: [unclosed\n";
                case 2 -> "services:\n  - { name: n1, cmd: \"./kv " + i + "\", ready: { tcp: \"127.0.0.1:{port:n1}\" } }\n"
                        + "proxies:\n  - { name: p1, listen: \"0.0.0.0:1\", upstream: \"127.0.0.1:{port:n1}\" }\n"
                        + "workload: { cmd: \"./kv workload --seed {seed}\" }\n"
                        + "faults:\n  - { name: cut, at: 1s, for: 2s, proxy: { name: p9, kind: partition } }\n";
                case 3 -> "bogus: 1\nseeds: [1, two, 0x1F, yes, ~]\nworkload: { cmd: \"true\" }\n";
                case 4 -> "base: &b { cmd: \"./w\" }\nworkload: *b\nhistory: { path: h.jsonl, format: edn }\n";
                default -> "timeout: " + (1 + random.nextInt(9)) + "m\nseeds: [" + i + "]\nworkload:\n  cmd: \"./kv workload " + i + "\"\n"
                        + "checkers: [linearizability, nope]\n";
            };
            for (String line : body.split("\n", -1)) {
                if (!line.isEmpty()) sb.append(pad).append(line).append(nl);
            }
            if (i < n || random.nextBoolean()) sb.append(pad).append("```").append(nl);
            sb.append(nl);
        }
        return sb.toString();
    }
}
