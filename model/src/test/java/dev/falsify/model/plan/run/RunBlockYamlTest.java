package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * {@link RunBlockYaml} against SnakeYAML, the reader it stands in for: whatever it accepts,
 * SnakeYAML composes too, into the same tree (node kinds, scalar values and styles, flow styles,
 * start marks, scalars' end marks); and it accepts the run blocks plans are written with, or it
 * would save nothing.
 */
class RunBlockYamlTest {

    @Test
    void everyRunBlockOfThePlansHereReadsAsSnakeYamlReadsIt() throws IOException {
        List<String> blocks = new ArrayList<>();
        List<Path> plans = new ArrayList<>();
        plans.add(Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md"));
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/plans"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(plans::add);
        }
        int example = 0;
        for (Path plan : plans) {
            List<String> found = runBlocks(Files.readString(plan, StandardCharsets.UTF_8));
            if (plan.toString().contains("replicated-kv")) example = found.size();
            blocks.addAll(found);
        }
        assertThat(example).as("run blocks of the example plan").isGreaterThanOrEqualTo(5);
        int accepted = 0;
        for (int i = 0; i < blocks.size(); i++) {
            if (agrees(blocks.get(i), "block " + i)) accepted++;
        }
        // the example plan's blocks are what a big plan is made of: every one of them is read here
        for (String b : runBlocks(Files.readString(plans.get(0), StandardCharsets.UTF_8))) {
            assertThat(RunBlockYaml.read(b)).as("the example plan's block\n%s", b).isNotNull();
        }
        assertThat(accepted).isGreaterThanOrEqualTo(blocks.size() * 3 / 4);
        assertThat(agrees(RunSpecParserTest.FULL, "FULL")).as("the spec's full example").isTrue();
    }

    @Test
    void generatedDocumentsReadAsSnakeYamlReadsThem() {
        int accepted = 0;
        int n = 3000;
        for (int seed = 0; seed < n; seed++) {
            String doc = new Generator(new Random(seed)).document();
            if (agrees(doc, "seed " + seed)) accepted++;
        }
        // the generator writes mostly within the subset: most documents must be read here
        assertThat(accepted).as("documents read without SnakeYAML").isGreaterThan(n / 2);
    }

    @Test
    void mutatedDocumentsAreReadAsSnakeYamlReadsThemOrDeclined() {
        int accepted = 0;
        int n = 4000;
        for (int seed = 0; seed < n; seed++) {
            Random r = new Random(1_000_000L + seed);
            String doc = mutate(new Generator(r).document(), r);
            if (agrees(doc, "mutated seed " + seed)) accepted++;
        }
        assertThat(accepted).as("mutated documents still read here").isGreaterThan(n / 10);
    }

    @Test
    void literalBlocksKeepTheirLinesAndChomp() {
        String doc = "setup: |\n  ./build.sh\n\n    --verbose\n  # not a comment\n\nteardown: |-\n  echo done\n\nseeds: [1]\n";
        assertThat(agrees(doc, "literal")).isTrue();
        MappingNode m = (MappingNode) RunBlockYaml.read(doc);
        assertThat(((ScalarNode) m.getValue().get(0).getValueNode()).getValue()).isEqualTo("./build.sh\n\n  --verbose\n# not a comment\n");
        assertThat(((ScalarNode) m.getValue().get(1).getValueNode()).getValue()).isEqualTo("echo done");
    }

    @Test
    void declinesWhatItDoesNotRead() {
        for (String doc : List.of(
                "cwd:\t.\n",                           // a tab
                "a: &x [1]\nb: *x\n",                  // anchor, alias
                "a: !!str 1\n",                        // tag
                "\"a\": 1\n",                          // quoted key
                "? a\n: 1\n",                          // complex key
                "a:\nb: 1\n",                          // empty value
                "a: one\n  two\n",                     // plain scalar over two lines
                "a: \"one\n  two\"\n",                 // quoted scalar over two lines
                "a: >\n  folded\n",                    // folded block
                "a: |+\n  kept\n\n",                   // keep chomping
                "a: \"x\\qy\"\n",                      // an escape SnakeYAML rejects
                "---\na: 1\n",                         // document marker
                "a: { b: [1, 2\n  ] }\n",              // flow over two lines
                "a: { b: c:d }\n",                     // ':' inside a flow plain scalar
                "a: 1\r\n",                            // carriage return
                "a: \uFEFF1\n",                        // byte order mark
                "- a\n- b\n",                          // a sequence at the root
                "")) {
            assertThat(RunBlockYaml.read(doc)).as("%s", doc).isNull();
        }
    }

    @Test
    void declinesNestingSnakeYamlRefuses() {
        StringBuilder block = new StringBuilder();
        StringBuilder flow = new StringBuilder("a: ");
        for (int d = 0; d < 60; d++) {
            block.append(" ".repeat(d)).append("k:\n");
            flow.append('[');
        }
        block.append(" ".repeat(60)).append("k: v\n");
        flow.append("1").append("]".repeat(60)).append('\n');
        for (String doc : List.of(block.toString(), flow.toString())) {
            assertThat(RunBlockYaml.read(doc)).isNull();
            assertThatThrownBy(() -> RunSpecParser.Composed.snakeYaml(doc)).hasMessageContaining("Nesting Depth");
        }
        assertThat(agrees("a:\n b:\n  c: [[[1]]]\n", "three levels")).isTrue();
    }

    @Test
    void declinesTextsOverItsLimit() {
        String big = "seeds: [" + "1, ".repeat(RunBlockYaml.MAX_CHARS / 3) + "1]\n";
        assertThat(RunBlockYaml.read(big)).isNull();
        assertThat(RunBlockYaml.read("seeds: [1, 2]\n")).isNotNull();
    }

    // ---- the comparison ----

    /** True when {@link RunBlockYaml} reads {@code doc}; fails when it reads it otherwise than SnakeYAML. */
    private static boolean agrees(String doc, String what) {
        Node fast = RunBlockYaml.read(doc);
        if (fast == null) return false;
        Node snake;
        try {
            snake = RunSpecParser.Composed.snakeYaml(doc);
        } catch (RuntimeException e) {
            fail("%s: read here, but SnakeYAML rejects it (%s):\n%s", what, e.getMessage(), doc);
            return false;
        }
        assertThat(describe(fast)).as("%s:\n%s", what, doc).isEqualTo(describe(snake));
        return true;
    }

    private static String describe(Node n) {
        StringBuilder sb = new StringBuilder();
        describe(n, sb, 0);
        return sb.toString();
    }

    private static void describe(Node n, StringBuilder sb, int depth) {
        sb.append("  ".repeat(depth));
        if (n == null) {
            sb.append("null\n");
            return;
        }
        sb.append(n.getClass().getSimpleName()).append(" @").append(at(n.getStartMark()));
        if (n instanceof ScalarNode s) {
            sb.append(' ').append(s.getScalarStyle());
            if (s.getScalarStyle() != DumperOptions.ScalarStyle.LITERAL) sb.append(" ..").append(at(s.getEndMark()));
            sb.append(" [").append(s.getValue().replace("\n", "\\n")).append("]\n");
        } else if (n instanceof MappingNode m) {
            sb.append(' ').append(m.getFlowStyle()).append('\n');
            for (NodeTuple t : m.getValue()) {
                describe(t.getKeyNode(), sb, depth + 1);
                describe(t.getValueNode(), sb, depth + 2);
            }
        } else if (n instanceof SequenceNode q) {
            sb.append(' ').append(q.getFlowStyle()).append('\n');
            for (Node c : q.getValue()) describe(c, sb, depth + 1);
        } else {
            sb.append(" ?\n");
        }
    }

    private static String at(Mark m) {
        return m == null ? "-" : m.getLine() + ":" + m.getColumn() + "/" + m.getIndex();
    }

    // ---- inputs ----

    /** The contents of the run fences of a plan ({@code ```run}, {@code ```yaml run}), their indent stripped. */
    static List<String> runBlocks(String plan) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = null;
        for (String line : plan.split("\n", -1)) {
            String t = line.strip();
            if (cur == null) {
                if (t.startsWith("```") && t.substring(3).matches(".*\\brun\\b.*")) cur = new StringBuilder();
            } else if (t.startsWith("```")) {
                out.add(cur.toString());
                cur = null;
            } else {
                cur.append(line).append('\n');
            }
        }
        return out;
    }

    private static String mutate(String doc, Random r) {
        StringBuilder sb = new StringBuilder(doc);
        String chars = "\t :#-\"'\n{}[],|&*\\?>!%@`x1é";
        for (int k = 1 + r.nextInt(3); k > 0 && sb.length() > 0; k--) {
            int p = r.nextInt(sb.length());
            switch (r.nextInt(4)) {
                case 0 -> sb.insert(p, chars.charAt(r.nextInt(chars.length())));
                case 1 -> sb.deleteCharAt(p);
                case 2 -> sb.insert(p, ' ');
                default -> {
                    int ls = p == 0 ? 0 : sb.lastIndexOf("\n", p - 1) + 1;
                    int le = sb.indexOf("\n", p);
                    if (le < 0) le = sb.length();
                    sb.insert(ls, sb.substring(ls, le) + "\n");   // a line twice
                }
            }
        }
        return sb.toString();
    }

    /** Writes documents mostly within the subset, with the forms and spellings run blocks use and a few they do not. */
    private static final class Generator {
        private final Random r;
        private final StringBuilder sb = new StringBuilder();
        private final int step;

        Generator(Random r) {
            this.r = r;
            this.step = 1 + r.nextInt(4);
        }

        String document() {
            if (r.nextInt(5) == 0) sb.append("# a comment\n");
            mapping(0, r.nextInt(4));
            return sb.toString();
        }

        private String key() {
            String[] keys = {"cwd", "timeout", "seeds", "services", "name", "cmd", "ready", "proxy", "kind", "params",
                    "a b", "x.y", "k_1", "on", "n1-peer", "a[0]", "é", "k:v", "key#1"};
            return keys[r.nextInt(keys.length)];
        }

        /** Escapes in double quotes: the regular expressions of message fields, and some SnakeYAML rejects. */
        private static final String[] ESCAPED = {"^(\\\\w+)", "\\\"", "\\n", "\\t", "\\x41", "\\u00e9", "\\ud800", "\\U0001F600",
                "\\q", "\\x4", "\\/", "\\ ", "\\0", "\\e", "\\N", "\\_", "\\L"};

        private String plainText() {
            String[] words = {"n1", "./kv", "--port", "{port:n1}", "127.0.0.1:7001", "20s", "$HOME", "a#b", "x,y",
                    "{seed}", "it's", "say \"hi\"", "é", "50%", "a  b", "[x]", "a?b", "-1", "1.5", "true", "~", "null"};
            StringBuilder w = new StringBuilder(words[r.nextInt(words.length)]);
            for (int k = r.nextInt(3); k > 0; k--) w.append(r.nextInt(6) == 0 ? "  " : " ").append(words[r.nextInt(words.length)]);
            return w.toString();
        }

        private String scalar(boolean flow) {
            String t = plainText();
            return switch (r.nextInt(flow ? 3 : 4)) {
                case 0 -> "\"" + t.replace("\"", "") + (r.nextInt(3) == 0 ? ESCAPED[r.nextInt(ESCAPED.length)] : "") + "\"";
                case 1 -> "'" + t.replace("'", "''") + "'";
                default -> flow ? t.replace(",", "").replace(":", "").replace("#", "").replace("?", "").replace("[", "")
                        .replace("]", "").replace("{", "").replace("}", "") : t;
            };
        }

        private String flowNode(int depth) {
            int kind = depth > 2 ? 2 : r.nextInt(3);
            if (kind == 2) {
                String s = scalar(true);
                return s.isBlank() ? "x" : s.strip();
            }
            StringBuilder f = new StringBuilder(kind == 0 ? "{" : "[");
            String sp = r.nextBoolean() ? " " : "";
            f.append(sp);
            int n = r.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0) f.append(",").append(r.nextInt(4) == 0 ? "" : " ");
                if (kind == 0) f.append(key().replace(":", "").replace("#", "").replace("[", "").replace("]", "")
                        .replace("{", "").replace("}", "")).append(": ");
                f.append(flowNode(depth + 1));
            }
            f.append(sp).append(kind == 0 ? "}" : "]");
            return f.toString();
        }

        private void comment() {
            if (r.nextInt(4) == 0) sb.append(r.nextBoolean() ? "   # note" : " # x: y");
        }

        private void mapping(int indent, int depth) {
            int n = 1 + r.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(" ".repeat(indent));
                entry(indent, depth);
                if (r.nextInt(8) == 0) sb.append(r.nextBoolean() ? "\n" : " ".repeat(r.nextInt(6)) + "# between\n");
            }
        }

        /** One key and its value; the key's indentation is already written. */
        private void entry(int indent, int depth) {
            sb.append(key()).append(r.nextInt(10) == 0 ? " :" : ":");
            value(indent, depth, true);
        }

        /** A value after "key:" or "-", for a collection at column {@code indent}. */
        private void value(int indent, int depth, boolean ofKey) {
            int kind = r.nextInt(depth > 0 ? 7 : 4);
            switch (kind) {
                case 0 -> {
                    sb.append(' ').append(scalar(false));
                    comment();
                    sb.append('\n');
                }
                case 1 -> {
                    sb.append(' ').append(flowNode(0));
                    comment();
                    sb.append('\n');
                }
                case 2 -> literal(indent);
                case 3 -> {
                    sb.append(' ').append(scalar(false)).append('\n');
                }
                case 4 -> {   // a block mapping below
                    comment();
                    sb.append('\n');
                    int in = indent + step;
                    sb.append(" ".repeat(in));
                    mapping(in, depth - 1);
                }
                default -> {   // a block sequence below, indented or (after a key) not
                    comment();
                    sb.append('\n');
                    int in = ofKey && r.nextBoolean() ? indent : indent + step;
                    int n = 1 + r.nextInt(3);
                    for (int i = 0; i < n; i++) {
                        sb.append(" ".repeat(in)).append('-');
                        if (r.nextBoolean()) {
                            sb.append(" ".repeat(1 + r.nextInt(2)));
                            int col = sb.length() - sb.lastIndexOf("\n") - 1;
                            mapping(col, depth - 1);
                        } else {
                            value(in, depth - 1, false);
                        }
                    }
                }
            }
        }

        private void literal(int indent) {
            sb.append(r.nextBoolean() ? " |" : " |-");
            comment();
            sb.append('\n');
            int own = indent + 1 + r.nextInt(3);
            int n = 1 + r.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0 && r.nextInt(4) == 0) sb.append('\n');
                sb.append(" ".repeat(own + (r.nextInt(4) == 0 ? 2 : 0))).append(r.nextInt(5) == 0 ? "# hash" : plainText()).append('\n');
            }
            if (r.nextInt(3) == 0) sb.append('\n');
        }
    }
}
