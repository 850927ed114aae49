package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The register and kv commands' hand-written equals and hashCode are the ones a record generates:
 * compared with records of the same components, over every combination of a few values.
 */
class ModelCommandsTest {
    record RegisterMirror(RegisterModel.Kind kind, String key, JsonNode value, JsonNode newValue, Boolean swapped, boolean known) {
    }

    record KvMirror(KvModel.Kind kind, String key, KvValue value, KvValue newValue, Boolean swapped, boolean known) {
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> KEYS = java.util.Arrays.asList(null, "x", "y");
    private static final List<Boolean> SWAPS = java.util.Arrays.asList(null, true, false);

    @Test
    void registerCommandsAreEqualAndHashLikeRecords() {
        List<JsonNode> values = java.util.Arrays.asList(null, NODES.numberNode(1L), NODES.textNode("1"), NODES.nullNode());
        List<RegisterModel.Cmd> cmds = new ArrayList<>();
        List<RegisterMirror> mirrors = new ArrayList<>();
        for (RegisterModel.Kind kind : RegisterModel.Kind.values())
            for (String key : KEYS)
                for (JsonNode v : values)
                    for (JsonNode nv : values)
                        for (Boolean s : SWAPS)
                            for (boolean known : new boolean[] {true, false}) {
                                cmds.add(new RegisterModel.Cmd(kind, key, v, nv, s, known));
                                mirrors.add(new RegisterMirror(kind, key, v, nv, s, known));
                            }
        for (int i = 0; i < cmds.size(); i++) {
            assertThat(cmds.get(i).hashCode()).isEqualTo(mirrors.get(i).hashCode());
            for (int j = 0; j < cmds.size(); j += 7) {
                assertThat(cmds.get(i).equals(cmds.get(j))).isEqualTo(mirrors.get(i).equals(mirrors.get(j)));
            }
            assertThat(cmds.get(i).equals(new RegisterModel.Cmd(cmds.get(i).kind(), cmds.get(i).key(), cmds.get(i).value(),
                    cmds.get(i).newValue(), cmds.get(i).swapped(), cmds.get(i).known()))).isTrue();
            assertThat(cmds.get(i).equals(mirrors.get(i))).isFalse();
        }
    }

    @Test
    void kvCommandsAreEqualAndHashLikeRecords() {
        List<KvValue> values = java.util.Arrays.asList(null, KvValue.UNSET, KvValue.of(NODES.textNode("ab")), KvValue.of(NODES.nullNode()));
        List<KvModel.Cmd> cmds = new ArrayList<>();
        List<KvMirror> mirrors = new ArrayList<>();
        for (KvModel.Kind kind : KvModel.Kind.values())
            for (String key : KEYS)
                for (KvValue v : values)
                    for (KvValue nv : values)
                        for (Boolean s : SWAPS)
                            for (boolean known : new boolean[] {true, false}) {
                                cmds.add(new KvModel.Cmd(kind, key, v, nv, s, known));
                                mirrors.add(new KvMirror(kind, key, v, nv, s, known));
                            }
        for (int i = 0; i < cmds.size(); i++) {
            assertThat(cmds.get(i).hashCode()).isEqualTo(mirrors.get(i).hashCode());
            for (int j = 0; j < cmds.size(); j += 7) {
                assertThat(cmds.get(i).equals(cmds.get(j))).isEqualTo(mirrors.get(i).equals(mirrors.get(j)));
            }
        }
    }
}
