package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConfigurationTest {
    static RunConfiguration of(String headerLines) {
        return RunConfiguration.of(SessionLogFormat.parse("# Log\n\n**Plan:** p.md\n" + headerLines).header());
    }

    @Test
    void falsifysLinesAndTheNamesAuthorsUseAreRead() {
        assertThat(of("**Environment:** KV_BUG=stale\n**Seed:** 7\n**Plan fingerprint:** sha256:ab\n").facets())
                .containsExactly(Map.entry("environment", "KV_BUG=stale"), Map.entry("plan", "sha256:ab"), Map.entry("seed", "7"));
        assertThat(of("- Seeded bug: `ack-before-replication`\n- Plan version: v3\n").facets())
                .containsExactly(Map.entry("environment", "ack-before-replication"), Map.entry("plan", "v3"));
        // "none", "off", "—" record no environment: the same as a session that writes no line
        assertThat(of("**Environment:** none\n").sameAs(of(""))).isTrue();
        assertThat(of("**Feature flags:** off\n").sameAs(of(""))).isTrue();
        // the commit is not part of it: a flip across commits is still a flip
        assertThat(of("**Commit under test:** a1\n").sameAs(of("**Commit under test:** b2\n"))).isTrue();
    }

    @Test
    void differencesAreNamedAndAPlanFingerprintOnlyOneSideRecordsIsNotCompared() {
        RunConfiguration off = of("**Environment:** none\n**Plan fingerprint:** sha256:1\n");
        RunConfiguration on = of("**Environment:** KV_BUG=x\n**Plan fingerprint:** sha256:1\n");
        assertThat(off.differences(on)).containsExactly("environment: none \u2192 KV_BUG=x");
        assertThat(off.sameAs(of(""))).isTrue();
        assertThat(off.sameAs(of("**Plan fingerprint:** sha256:2\n"))).isFalse();
        assertThat(RunConfiguration.fromKey(on.key())).isEqualTo(on);
        assertThat(on.describe()).isEqualTo("environment KV_BUG=x; plan sha256:1");
    }

    @Test
    void theEnvironmentLineSortsKeysAndHashesSecrets() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("KV_BUG", "stale");
        env.put("API_TOKEN", "hunter2");
        String line = RunConfiguration.environmentLine(env);
        assertThat(line).startsWith("API_TOKEN=sha256:").endsWith(" KV_BUG=stale").doesNotContain("hunter2");
        assertThat(RunConfiguration.environmentLine(Map.of())).isEqualTo("none");
        assertThat(RunConfiguration.fingerprint("a\r\nb")).isEqualTo(RunConfiguration.fingerprint("a\nb")).startsWith("sha256:");
    }
}
