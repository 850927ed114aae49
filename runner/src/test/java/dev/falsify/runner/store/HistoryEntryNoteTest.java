package dev.falsify.runner.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The note beside a row of a scenario's history is written once, here, for {@code falsify history} and the
 * workbench's history pane: they used to say it two ways ("<- flip" against "flip — flaky", "other run
 * configuration (…)" against "other configuration: …").
 */
class HistoryEntryNoteTest {
    @Test
    void aFlipIsFlakyAConfigurationChangeIsNamedAndTheRestSaysNothing() {
        assertThat(new HistoryEntry("kv", "s2", "/d", "S1", "FAIL-reproducible", true).note()).isEqualTo("flip \u2014 flaky");
        assertThat(new HistoryEntry("kv", "s2", "/d", "S1", "FAIL-reproducible", false, "k", "environment: none \u2192 KV_BUG=1").note())
                .isEqualTo("other run configuration: environment: none \u2192 KV_BUG=1");
        assertThat(new HistoryEntry("kv", "s1", "/d", "S1", "PASS-smoke", false).note()).isEmpty();
    }
}
