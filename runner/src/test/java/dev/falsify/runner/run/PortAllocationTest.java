package dev.falsify.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecParser;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortAllocationTest {
    static final String BLOCK = """
            setup: ["echo {port:n1}"]
            services:
              - { name: n1, cmd: "kv --port {port:n1} --peer {port:peer}", ready: { tcp: "127.0.0.1:{port:n1}" } }
            proxies:
              - { name: c1, listen: "127.0.0.1:{port:c1}", upstream: "127.0.0.1:{port:n1}" }
            workload: { cmd: "w --target 127.0.0.1:{port:c1} ${HOME} {seed}", env: { PEER: "{port:peer}" } }
            faults:
              - { name: f, at: 1s, inject: "block {port:victim}", heal: "unblock {port:victim}", landing: { probe: "count {port:probe}" } }
            final_state: { cmd: "dump {port:n1}" }
            teardown: ["echo {port:last}"]
            """;

    @Test
    void everyNameInTheRunBlockGetsOneFreeLoopbackPort() throws Exception {
        RunSpec spec = RunSpecParser.parse(BLOCK).spec();
        PortAllocation a = PortAllocation.forSpec(spec);
        assertThat(a.ports().keySet()).containsExactly("n1", "peer", "c1", "victim", "probe", "last");
        assertThat(new HashSet<>(a.ports().values())).as("distinct ports").hasSize(6);
        for (int port : a.ports().values()) {
            try (ServerSocket s = new ServerSocket()) { // released: the run's processes can bind it
                s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            }
        }
        Placeholders ph = Placeholders.of(Path.of("s"), Path.of("a"), Path.of("l"), 7, "S1", Path.of("."))
                .with(a.placeholderValues());
        int n1 = a.ports().get("n1");
        assertThat(ph.apply(spec.services().get(0).ready().tcp())).isEqualTo("127.0.0.1:" + n1);
        assertThat(ph.apply(spec.proxies().get(0).upstream())).isEqualTo("127.0.0.1:" + n1);
        assertThat(ph.apply(spec.workload().cmd())).isEqualTo("w --target 127.0.0.1:" + a.ports().get("c1") + " ${HOME} 7");
        assertThat(ph.apply("{port:unknown}")).as("a name the block never used stays as written").isEqualTo("{port:unknown}");
    }

    @Test
    void twoSeedRunsNeverShareAPort() throws Exception {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            PortAllocation a = PortAllocation.allocate(Set.of("a", "b"));
            for (int p : a.ports().values()) assertThat(seen.add(p)).as("port %d handed out twice", p).isTrue();
        }
        assertThat(PortAllocation.allocate(Set.of()).ports()).isEmpty();
        assertThat(PortAllocation.namesIn(java.util.List.of("{port:x}{port:x}", "{port:y-1}", "{ports:z}", "{port:}"))).containsExactly("x", "y-1");
    }

    @Test
    void onlyWrittenDownPortsKeepSeedsSequential() {
        RunSpec fixed = RunSpecParser.parse("proxies:\n  - { name: p, listen: \"127.0.0.1:9\", upstream: \"127.0.0.1:{port:u}\" }\n"
                + "workload: { cmd: w }\n").spec();
        assertThat(ArmExecutor.fixedPorts(fixed)).containsExactly("127.0.0.1:9");
        assertThat(ArmExecutor.fixedPorts(RunSpecParser.parse(BLOCK).spec())).isEmpty();
    }
}
