package dev.falsify.model.plan.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunSpecParserTest {

    static final String FULL = """
            cwd: ../..
            timeout: 5m
            seeds: [1, 2, 3]
            setup:    ["./gradlew -q installDist"]
            services:
              - name: n1
                cmd: "kv --port 7001"
                ready: { tcp: "127.0.0.1:7001", timeout: 20s }
            proxies:
              - name: n1
                listen: 127.0.0.1:17001
                upstream: 127.0.0.1:7001
            workload:
              cmd: "workload --seed {seed} --history {artifacts}/history.jsonl"
            faults:
              - name: partition-n1
                at: 15s
                for: 20s
                proxy: { name: n1, kind: latency, params: { ms: 200, jitter_ms: 50, direction: upstream }, connections: "first:3" }
                landing:
                  probe: "iptables -nvL FALSIFY | awk '/DROP/{print $1}'"
                  expect: "delta > 0"
              - name: kill-n1
                at: 40s
                process: { service: n1, signal: STOP/CONT, restart: true }
            history: { path: "{artifacts}/history.jsonl", format: jsonl, model: cas-register }
            checkers: [linearizability, no-lost-ack]
            final_state: { cmd: "kv dump --all", format: json }
            teardown: ["echo done"]
            messages:
              - proxy: n1
                framing: newline
                fields: { type: "$.type", src: "$.from", dst: "$.to" }
            filters:
              - if: { type: RequestVote }
                then: drop
              - if: { type: AppendEntries }
                then: { delay: 200ms }
            monitor:
              start: waiting
              transitions:
                - { from: waiting, on: { type: AppendEntries, src: "*" }, to: failure }
              bound: 30s
              default: success
            """;

    @Test
    void theSpecExampleReadsIntoATypedSpec() {
        RunSpecResult r = RunSpecParser.parse(FULL);
        assertThat(r.errors()).isEmpty();
        RunSpec s = r.spec();
        assertThat(s.cwd()).isEqualTo("../..");
        assertThat(s.timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.seeds()).containsExactly(1L, 2L, 3L);
        assertThat(s.services().get(0).ready().tcp()).isEqualTo("127.0.0.1:7001");
        assertThat(s.services().get(0).ready().timeout()).isEqualTo(Duration.ofSeconds(20));
        RunSpec.Fault f = s.faults().get(0);
        assertThat(f.at()).isEqualTo(Duration.ofSeconds(15));
        assertThat(f.duration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(f.action()).isEqualTo(new RunSpec.ProxyAction("n1", "latency",
                java.util.Map.of("ms", "200", "jitter_ms", "50", "direction", "upstream"), "first:3"));
        assertThat(f.landing().expect()).isEqualTo("delta > 0");
        assertThat(s.faults().get(1).action()).isEqualTo(new RunSpec.ProcessAction("n1", "STOP/CONT", true));
        assertThat(s.history().model()).isEqualTo("cas-register");
        assertThat(s.checkers()).containsExactly("linearizability", "no-lost-ack");
        assertThat(s.filters().get(1).action()).isEqualTo("delay");
        assertThat(s.filters().get(1).delay()).isEqualTo(Duration.ofMillis(200));
        assertThat(s.filters().get(0).name()).isEqualTo("filter-1");
        assertThat(s.monitor().transitions()).hasSize(1);
        assertThat(s.monitor().bound()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void unknownFieldsProxiesServicesAndCheckersAreErrorsWithPositions() {
        RunSpecResult r = RunSpecParser.parse("""
                workload: { cmd: "w" }
                faults:
                  - at: 5s
                    proxy: { name: ghost, kind: partition }
                  - at: 6s
                    process: { service: phantom }
                checkers: [linearizability, vibes]
                colour: blue
                """);
        assertThat(r.errors()).extracting(RunSpecError::message).anySatisfy(m -> assertThat(m).contains("unknown proxy 'ghost'"))
                .anySatisfy(m -> assertThat(m).contains("unknown service 'phantom'"))
                .anySatisfy(m -> assertThat(m).contains("unknown checker 'vibes'"))
                .anySatisfy(m -> assertThat(m).contains("unknown field 'colour'"));
        RunSpecError colour = r.errors().stream().filter(e -> e.message().contains("colour")).findFirst().orElseThrow();
        assertThat(colour.span().startLine()).isEqualTo(8);
        assertThat(colour.span().startColumn()).isEqualTo(1);
    }

    @Test
    void proxyParametersAreThoseOfTheirKind() {
        // docs/runner.md and the proxy always had delay_ms, avg_bytes, reset-peer…; lint refused them (P017)
        RunSpecResult ok = RunSpecParser.parse("""
                workload: { cmd: w }
                proxies:
                  - { name: p, listen: "127.0.0.1:9000", upstream: "127.0.0.1:9001" }
                faults:
                  - { name: a, at: 1s, proxy: { name: p, kind: slow-close, params: { delay_ms: 300 } } }
                  - { name: b, at: 1s, proxy: { name: p, kind: reset-peer, params: { delay_ms: 5 } } }
                  - { name: c, at: 1s, proxy: { name: p, kind: slicer, params: { avg_bytes: 9, variation_bytes: 2, delay_us: 50 } } }
                """);
        assertThat(ok.errors()).isEmpty();
        assertThat(((RunSpec.ProxyAction) ok.spec().faults().get(2).action()).params())
                .containsEntry("avg_bytes", "9").containsEntry("delay_us", "50");
        // probability was accepted and then ignored by the runner
        RunSpecResult prob = RunSpecParser.parse("""
                workload: { cmd: w }
                proxies:
                  - { name: p, listen: "127.0.0.1:9000", upstream: "127.0.0.1:9001" }
                faults:
                  - at: 1s
                    proxy: { name: p, kind: partition, params: { probability: 0.5 } }
                """);
        assertThat(prob.errors()).singleElement().satisfies(e -> {
            assertThat(e.message()).contains("partition takes no parameter 'probability'", "connections: fraction:P");
            assertThat(e.span().startLine()).isEqualTo(6);
        });
    }

    @Test
    void portPlaceholdersAreAddresses() {
        RunSpecResult r = RunSpecParser.parse("""
                services:
                  - { name: n1, cmd: "kv --port {port:n1}", ready: { tcp: "127.0.0.1:{port:n1}" } }
                proxies:
                  - { name: c1, listen: "127.0.0.1:{port:c1}", upstream: "127.0.0.1:{port:n1_peer}" }
                  - { name: c2, listen: "127.0.0.1:{port:}", upstream: "127.0.0.1:{port:a b}" }
                workload: { cmd: "w --target 127.0.0.1:{port:c1}" }
                """);
        assertThat(r.errors()).extracting(RunSpecError::path).containsExactly("proxies[1].listen", "proxies[1].upstream");
    }

    @Test
    void invalidYamlAndNonLoopbackProxiesAreRejected() {
        RunSpecResult bad = RunSpecParser.parse("workload: { cmd: \"w\"\nfaults: [");
        assertThat(bad.spec()).isNull();
        assertThat(bad.errors().get(0).message()).startsWith("run block is not valid YAML");

        RunSpecResult open = RunSpecParser.parse("""
                workload: { cmd: w }
                proxies:
                  - { name: p, listen: "0.0.0.0:9000", upstream: "127.0.0.1:9001" }
                """);
        assertThat(open.errors()).extracting(RunSpecError::message).anySatisfy(m -> assertThat(m).contains("must listen on loopback"));
    }

    @Test
    void durations() {
        assertThat(Durations.parse("200ms")).isEqualTo(Duration.ofMillis(200));
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("2")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("soon")).isNull();
        assertThat(Durations.parse("90sec")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("2 minutes")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1 hour 30 mins")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("500 milliseconds")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("5 mississippi")).isNull();
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
    }

    @Test
    void unusualButValidYamlReadsWithCanonicalNames() {
        RunSpecResult r = RunSpecParser.parse("""
                ---
                timeout: 300
                seeds: 3
                services:
                  - name: n1
                    cmd: ./n1
                    ready: { tcp: "localhost:7001" }
                proxies:
                  - { name: p1, listen: "localhost:17001", upstream: "localhost:7001" }
                workload:
                  cmd: |
                    ./wl --seed {seed}
                    --out {artifacts}/h.jsonl
                faults:
                  - name: part
                    at: 1.5s
                    for: 2 minutes
                    proxy: { name: p1, kind: Partition }
                history: { path: "{artifacts}/h.jsonl", format: JSONL, model: kv }
                checkers: [Linearizability, No-Lost-Ack]
                ...
                """);
        assertThat(r.errors()).isEmpty();
        assertThat(r.spec().timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(r.spec().seeds()).containsExactly(3L);
        assertThat(r.spec().checkers()).containsExactly("linearizability", "no-lost-ack");
        assertThat(r.spec().history().format()).isEqualTo("jsonl");
        assertThat(r.spec().faults().get(0).duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(((RunSpec.ProxyAction) r.spec().faults().get(0).action()).kind()).isEqualTo("partition");
    }
}
