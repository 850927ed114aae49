package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NodeFaultReaderTest {
    private static final String HEAD = """
            workload: { cmd: w }
            services:
              - { name: n1, cmd: "kv" }
            faults:
            """;

    @Test
    void clockAndStorageFaultsReadIntoTheirActions() {
        RunSpecResult r = RunSpecParser.parse(HEAD + """
                  - { name: a, at: 1s, for: 2s, clock: { service: n1, kind: jump, offset: -30s } }
                  - { name: b, at: 1s, for: 2s, clock: { service: n1, kind: drift, rate: 1.5 } }
                  - { name: c, at: 1s, for: 2s, clock: { service: n1, kind: strobe, offset: 2s, period: 50ms } }
                  - { name: d, at: 1s, for: 2s, storage: { service: n1, kind: disk-full, dir: "{artifacts}/n1" } }
                  - { name: e, at: 1s, for: 2s, storage: { service: n1, kind: slow-io, dir: "{artifacts}/n1", delay: 20ms } }
                  - { name: f, at: 1s, storage: { service: n1, kind: lose-unsynced-writes, dir: "{artifacts}/n1", restart: true } }
                """);
        assertThat(r.errors()).isEmpty();
        var faults = r.spec().faults();
        assertThat(faults.get(0).action()).isEqualTo(new RunSpec.ClockAction("n1", "jump", -30_000, 1.0, 0));
        assertThat(faults.get(1).action()).isEqualTo(new RunSpec.ClockAction("n1", "drift", 0, 1.5, 0));
        assertThat(faults.get(2).action()).isEqualTo(new RunSpec.ClockAction("n1", "strobe", 2000, 1.0, 50));
        assertThat(faults.get(3).action()).isEqualTo(new RunSpec.StorageAction("n1", "disk-full", "{artifacts}/n1", 0, false));
        assertThat(faults.get(4).action()).isEqualTo(new RunSpec.StorageAction("n1", "slow-io", "{artifacts}/n1", 20, false));
        assertThat(faults.get(5).action()).isEqualTo(new RunSpec.StorageAction("n1", "lose-unsynced-writes", "{artifacts}/n1", 0, true));
    }

    @Test
    void mistakesAreNamedWithTheirField() {
        RunSpecResult r = RunSpecParser.parse(HEAD + """
                  - { name: a, at: 1s, for: 2s, clock: { service: n9, kind: jump, offset: 0s } }
                  - { name: b, at: 1s, for: 2s, clock: { service: n1, kind: drift, rate: 1 } }
                  - { name: c, at: 1s, clock: { service: n1, kind: jump, offset: 5s, rate: 2 } }
                  - { name: d, at: 1s, for: 2s, clock: { service: n1, kind: warp } }
                  - { name: e, at: 1s, storage: { service: n1, kind: eio, dir: x } }
                  - { name: f, at: 1s, for: 1s, storage: { service: n1, kind: disk-full, dir: x, delay: 5ms } }
                  - { name: g, at: 1s, for: 1s, storage: { service: n1, kind: melt, dir: x } }
                  - { name: h, at: 1s, for: 1s, storage: { service: n1, kind: eio } }
                """);
        assertThat(r.errors()).extracting(RunSpecError::message)
                .anySatisfy(m -> assertThat(m).contains("unknown service 'n9'"))
                .anySatisfy(m -> assertThat(m).contains("offset '0s' must be a non-zero duration"))
                .anySatisfy(m -> assertThat(m).contains("rate '1' must be a positive number other than 1"))
                .anySatisfy(m -> assertThat(m).contains("clock fault kind jump takes no 'rate'"))
                .anySatisfy(m -> assertThat(m).contains("a clock fault needs 'for'"))
                .anySatisfy(m -> assertThat(m).contains("unknown clock fault kind 'warp' (expected jump, drift or strobe)"))
                .anySatisfy(m -> assertThat(m).contains("storage fault kind eio needs 'for'"))
                .anySatisfy(m -> assertThat(m).contains("only slow-io takes 'delay'"))
                .anySatisfy(m -> assertThat(m).contains("unknown storage fault kind 'melt'"))
                .anySatisfy(m -> assertThat(m).contains("'dir'"));
    }

    @Test
    void aFaultStillTakesExactlyOneAction() {
        RunSpecResult r = RunSpecParser.parse(HEAD + """
                  - { name: a, at: 1s, for: 2s, clock: { service: n1, kind: jump, offset: 1s }, process: { service: n1 } }
                """);
        assertThat(r.errors()).extracting(RunSpecError::message)
                .anySatisfy(m -> assertThat(m).contains("exactly one of proxy, toxic, process, clock, storage, partition, net or inject"));
    }
}
