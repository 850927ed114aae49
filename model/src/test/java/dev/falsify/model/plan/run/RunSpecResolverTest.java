package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * {@link RunSpecParser#RESOLVER} skips the implicit resolvers (their regular expressions ran on
 * every plain scalar). The node tree it composes is SnakeYAML's default one in everything but the
 * scalars' tags, which the run-block reader never looks at: same node kinds, values, styles and
 * positions, on scalars every implicit resolver would have tagged (bool, int, float, null,
 * timestamp, merge, value, yaml).
 */
class RunSpecResolverTest {
    private static final List<String> YAMLS = List.of(
            RunSpecParserTest.FULL,
            "a: yes\nb: No\nc: ~\nd: null\ne: 0x1F\nf: -1_000\ng: 1.5e3\nh: .inf\ni: .NaN\nj: 2001-12-14t21:59:43.10-05:00\n"
                    + "k: =\nl: ''\nm: \"1\"\nn: !!str 2\no: 0o17\np: +12\nq: 1:20\nr: !!int '3'\n",
            "base: &b { cmd: ./w, timeout: 2m }\nworkload:\n  <<: *b\n  env: { A: 1, B: true }\nseeds: [1, 2, 3]\n",
            "- [1, 2.0, true, ~]\n- { ? complex : key }\n- |\n  literal 1\n- >\n  folded true\n");

    @Test
    void theTreeIsTheDefaultOneButForScalarTags() {
        for (String yaml : YAMLS) {
            Node fast = compose(yaml, RunSpecParser.RESOLVER);
            Node standard = compose(yaml, new Resolver());
            assertSameTree(fast, standard, yaml);
        }
    }

    @Test
    void plainScalarsAreStrings() {
        ScalarNode n = (ScalarNode) ((MappingNode) compose("a: 12\n", RunSpecParser.RESOLVER)).getValue().get(0).getValueNode();
        assertThat(n.getTag()).isEqualTo(Tag.STR);
        assertThat(n.getValue()).isEqualTo("12");
    }

    private static Node compose(String yaml, Resolver resolver) {
        LoaderOptions opts = new LoaderOptions();
        return new Composer(new ParserImpl(new StreamReader(new StringReader(yaml)), opts), resolver, opts).getSingleNode();
    }

    private static void assertSameTree(Node a, Node b, String where) {
        assertThat(a.getClass()).as(where).isEqualTo(b.getClass());
        assertThat(mark(a.getStartMark())).as(where).isEqualTo(mark(b.getStartMark()));
        assertThat(mark(a.getEndMark())).as(where).isEqualTo(mark(b.getEndMark()));
        if (a instanceof ScalarNode sa) {
            ScalarNode sb = (ScalarNode) b;
            assertThat(sa.getValue()).as(where).isEqualTo(sb.getValue());
            assertThat(sa.getScalarStyle()).as(where).isEqualTo(sb.getScalarStyle());
            // explicit tags (!!str, !!int) are the document's own, resolved by neither
            if (!sb.getTag().equals(Tag.STR) && !sb.getTag().equals(Tag.INT)) assertThat(sa.getTag()).isIn(Tag.STR, sb.getTag());
        } else if (a instanceof SequenceNode qa) {
            List<Node> x = qa.getValue();
            List<Node> y = ((SequenceNode) b).getValue();
            assertThat(x).as(where).hasSameSizeAs(y);
            for (int i = 0; i < x.size(); i++) assertSameTree(x.get(i), y.get(i), where);
        } else {
            List<NodeTuple> x = ((MappingNode) a).getValue();
            List<NodeTuple> y = ((MappingNode) b).getValue();
            assertThat(x).as(where).hasSameSizeAs(y);
            for (int i = 0; i < x.size(); i++) {
                assertSameTree(x.get(i).getKeyNode(), y.get(i).getKeyNode(), where);
                assertSameTree(x.get(i).getValueNode(), y.get(i).getValueNode(), where);
            }
        }
    }

    private static String mark(Mark m) {
        return m == null ? "-" : m.getLine() + ":" + m.getColumn() + ":" + m.getIndex();
    }
}
