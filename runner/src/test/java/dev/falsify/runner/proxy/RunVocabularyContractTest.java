package dev.falsify.runner.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecParser;
import dev.falsify.model.plan.run.RunSpecResult;
import dev.falsify.model.plan.run.RunVocabulary;
import dev.falsify.model.plan.run.RunVocabulary.Param;
import dev.falsify.model.plan.run.RunVocabulary.ParamType;
import dev.falsify.model.plan.run.RunVocabulary.ProcessSignal;
import dev.falsify.model.plan.run.RunVocabulary.ProxyKind;
import dev.falsify.runner.exec.Signal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lint (model's {@link RunSpecParser}), the runner ({@link ProxyFault}, {@link ConnectionSelector},
 * {@link Signal}, history formats) and docs/runner.md say the same thing about the run-block
 * vocabulary, because all three are checked against the one {@link RunVocabulary}.
 */
class RunVocabularyContractTest {
    private static final Path DOCS = Path.of("..", "docs", "runner.md");
    private static final Path MESSAGE_DOCS = Path.of("..", "docs", "messages.md");

    private static RunSpecResult lint(String proxyFault) {
        return RunSpecParser.parse("proxies:\n  - { name: p, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
                + "services:\n  - { name: s, cmd: \"true\" }\nworkload: { cmd: \"true\" }\n"
                + "faults:\n  - name: f\n    at: 1s\n    for: 1s\n    proxy: " + proxyFault + "\n");
    }

    private static String yamlOf(String kind, Map<String, String> params) {
        String p = params.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
        return "{ name: p, kind: " + kind + (params.isEmpty() ? "" : ", params: { " + p + " }") + " }";
    }

    /** A valid value unlike the default, so a runner that ignored the parameter would build the same fault. */
    private static String otherValue(Param p) {
        return switch (p.type()) {
            case WHOLE_NUMBER -> Long.toString(Long.parseLong(p.defaultValue()) + 1);
            case DIRECTIONS -> p.defaultValue().equals("both") ? "downstream" : "both";
            case ONE_DIRECTION -> p.defaultValue().equals("upstream") ? "downstream" : "upstream";
        };
    }

    @Test
    void everyKindAndParameterIsAcceptedByLintAndReadByTheRunner() {
        for (ProxyKind k : ProxyKind.values()) {
            for (String name : Stream.concat(Stream.of(k.id()), k.aliases().stream()).toList()) {
                Map<String, String> all = new LinkedHashMap<>();
                k.params().forEach(p -> all.put(p.name(), otherValue(p)));
                RunSpecResult r = lint(yamlOf(name, all));
                assertThat(r.errors()).as(name + " " + all).isEmpty();
                RunSpec.ProxyAction parsed = (RunSpec.ProxyAction) r.spec().faults().get(0).action();
                ProxyFault built = ProxyFault.parse(parsed.kind(), parsed.params());
                assertThat(built.kind()).as(name).isEqualTo(k.id());
                ProxyFault defaults = ProxyFault.parse(name, Map.of());
                for (Param p : k.params()) {
                    assertThat(ProxyFault.parse(name, Map.of(p.name(), p.defaultValue())))
                            .as("%s: the vocabulary's default of %s is the runner's", name, p.name()).isEqualTo(defaults);
                    assertThat(ProxyFault.parse(name, Map.of(p.name(), otherValue(p))))
                            .as("%s: the runner reads %s", name, p.name()).isNotEqualTo(defaults);
                }
            }
        }
        assertThat(ProxyFault.KINDS).containsExactlyInAnyOrderElementsOf(Stream.of(ProxyKind.values())
                .flatMap(k -> Stream.concat(Stream.of(k.id()), k.aliases().stream())).toList());
    }

    @Test
    void whatLintRefusesTheRunnerRefusesToo() {
        // formerly lint accepted probability (ignored by the runner) and refused delay_ms / avg_bytes (read by it)
        RunSpecResult prob = lint(yamlOf("partition", Map.of("probability", "0.5")));
        assertThat(prob.errors()).singleElement().satisfies(e -> assertThat(e.message())
                .contains("takes no parameter 'probability'", "connections: fraction:P"));
        assertThatThrownBy(() -> ProxyFault.parse("partition", Map.of("probability", "0.5"))).hasMessageContaining("fraction:P");
        assertThat(lint(yamlOf("latency", Map.of("kbps", "64"))).errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("takes no parameter 'kbps'", "ms, jitter_ms, direction"));
        assertThatThrownBy(() -> ProxyFault.parse("latency", Map.of("kbps", "64"))).hasMessageContaining("kbps");
        assertThat(lint(yamlOf("drop-one-way", Map.of("direction", "both"))).errors()).hasSize(1);
        assertThatThrownBy(() -> ProxyFault.parse("drop-one-way", Map.of("direction", "both"))).hasMessageContaining("direction");
        assertThat(lint(yamlOf("latency", Map.of("direction", "sideways"))).errors()).hasSize(1);
        assertThatThrownBy(() -> ProxyFault.parse("latency", Map.of("direction", "sideways"))).hasMessageContaining("direction");
        assertThat(lint(yamlOf("slicer", Map.of("delay_us", "soon"))).errors()).hasSize(1);
        assertThat(lint(yamlOf("explode", Map.of())).errors()).hasSize(1);
        assertThatThrownBy(() -> ProxyFault.parse("explode", Map.of())).hasMessageContaining("unknown proxy fault kind");
    }

    @Test
    void connectionSelectorsSignalsAndHistoryFormatsAreTheRunnersToo() {
        List<String> samples = List.of("all", "first:3", "nth:2", "fraction:0.3", "fraction:1", "FIRST:1");
        for (String c : samples) {
            assertThat(lint("{ name: p, kind: hang, connections: \"" + c + "\" }").errors()).as(c).isEmpty();
            assertThat(ConnectionSelector.parse(c)).as(c).isNotNull();
        }
        for (String c : List.of("first:0", "nth:x", "fraction:1.5", "some")) {
            assertThat(lint("{ name: p, kind: hang, connections: \"" + c + "\" }").errors()).as(c).hasSize(1);
            assertThatThrownBy(() -> ConnectionSelector.parse(c)).as(c).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(RunVocabulary.CONNECTION_FORMS).hasSize(4); // all, first, nth, fraction: ConnectionSelector's four records
        for (ProcessSignal s : ProcessSignal.values()) {
            for (String name : Stream.concat(Stream.of(s.id()), s.aliases().stream()).toList()) {
                RunSpecResult r = RunSpecParser.parse("services:\n  - { name: s, cmd: \"true\" }\nworkload: { cmd: \"true\" }\n"
                        + "faults:\n  - { name: f, at: 1s, process: { service: s, signal: \"" + name + "\" } }\n");
                assertThat(r.errors()).as(name).isEmpty();
                RunSpec.ProcessAction pf = (RunSpec.ProcessAction) r.spec().faults().get(0).action();
                assertThat(ProcessSignal.of(pf.signal())).contains(s);
                assertThat(Signal.of(s).name()).isEqualTo(s.ends() ? s.id() : "STOP");
            }
        }
        for (String f : RunVocabulary.HISTORY_FORMATS) {
            if (!f.equals("auto")) assertThat(HistoryFormat.fromId(f).id()).isEqualTo(f);
        }
    }

    @Test
    void docsListExactlyTheVocabulary() throws IOException {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        // the cluster section has tables of its own vocabulary (ClusterVocabularyContractTest holds them)
        int cluster = docs.indexOf("## Nodes and cluster faults");
        if (cluster >= 0) docs = docs.substring(0, cluster) + docs.substring(docs.indexOf("\n## ", cluster + 1));
        // the proxy fault table: | `kind` (also `alias`) | … | `param`=default, … |
        Map<String, Set<String>> kindsInDocs = new LinkedHashMap<>();
        Map<String, Map<String, String>> paramsInDocs = new LinkedHashMap<>();
        Pattern row = Pattern.compile("(?m)^\\| (`[a-z-]+`.*?) \\| .*? \\| (.*?) \\|$");
        Pattern tick = Pattern.compile("`([^`]+)`");
        Pattern param = Pattern.compile("`([a-z_]+)`=([a-z0-9]+)");
        Matcher m = row.matcher(docs);
        while (m.find()) {
            Set<String> names = new LinkedHashSet<>();
            Matcher t = tick.matcher(m.group(1));
            while (t.find()) names.add(t.group(1));
            String id = names.iterator().next();
            kindsInDocs.put(id, names);
            Map<String, String> ps = new LinkedHashMap<>();
            Matcher p = param.matcher(m.group(2));
            while (p.find()) ps.put(p.group(1), p.group(2));
            paramsInDocs.put(id, ps);
        }
        assertThat(kindsInDocs.keySet()).as("kinds in docs/runner.md").containsExactlyElementsOf(ProxyKind.ids());
        for (ProxyKind k : ProxyKind.values()) {
            List<String> names = new ArrayList<>(List.of(k.id()));
            names.addAll(k.aliases());
            assertThat(kindsInDocs.get(k.id())).as(k.id() + " and its aliases").containsExactlyElementsOf(names);
            Map<String, String> expected = new LinkedHashMap<>();
            k.params().forEach(p -> expected.put(p.name(), p.defaultValue()));
            assertThat(paramsInDocs.get(k.id())).as(k.id() + " params and defaults").containsExactlyEntriesOf(expected);
        }
        assertThat(docs).contains("`connections: " + String.join(" | ", RunVocabulary.CONNECTION_FORMS) + "`");
        assertThat(docs).contains("`direction` is " + RunVocabulary.DIRECTION_VALUES.stream()
                .map(v -> "`" + v + "`").collect(Collectors.joining(", ")).replaceFirst(", (`both`)$", " or $1"));
        String process = docs.substring(docs.indexOf("**Process faults**"));
        process = process.substring(0, process.indexOf("\n\n"));
        Set<String> signalsInDocs = new LinkedHashSet<>();
        Matcher s = Pattern.compile("`([A-Z/]+)`").matcher(process);
        while (s.find()) signalsInDocs.add(s.group(1));
        assertThat(signalsInDocs).containsExactlyInAnyOrderElementsOf(Stream.of(ProcessSignal.values())
                .flatMap(x -> Stream.concat(Stream.of(x.id()), x.aliases().stream())).toList());
        assertThat(docs).contains(RunVocabulary.HISTORY_FORMATS.stream().filter(f -> !f.equals("auto"))
                .map(f -> "`" + f + "`").collect(Collectors.joining(", ")) + ",\n  or `auto`");
        assertThat(ParamType.values()).hasSize(3);
    }

    @Test
    void messageVocabularyIsAcceptedByLintRunByTheEngineAndListedInTheDocs() throws Exception {
        String tap = "proxies:\n  - { name: p, listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n"
                + "services:\n  - { name: s, cmd: \"true\" }\nworkload: { cmd: \"true\" }\n"
                + "messages:\n  - { proxy: p, framing: %s, fields: { type: \"$.type\" } }\n";
        Path dir = Files.createTempDirectory("vocab");
        try {
            for (String framing : List.of("newline", "length-prefixed-4", "\"regex:[^;]*;\"")) {
                RunSpecResult r = RunSpecParser.parse(tap.formatted(framing));
                assertThat(r.errors()).as(framing).isEmpty();
                new dev.falsify.runner.messages.MessageEngine(r.spec(), 1, dir.resolve("f.jsonl")).finish();
            }
            assertThat(RunVocabulary.FRAMINGS).hasSize(3);
            for (String action : RunVocabulary.FILTER_ACTIONS) {
                String then = switch (action) {
                    case "delay" -> "{ delay: 10ms }";
                    case "hold-until" -> "{ hold-until: { type: X } }";
                    default -> action;
                };
                RunSpecResult r = RunSpecParser.parse(tap.formatted("newline") + "filters:\n  - { if: { type: A }, then: " + then + " }\n");
                assertThat(r.errors()).as(action).isEmpty();
                assertThat(r.spec().filters().get(0).action()).isEqualTo(action);
                var o = new dev.falsify.runner.messages.MessageEngine(r.spec(), 1, dir.resolve(action + ".jsonl")).finish();
                assertThat(o.filters()).singleElement().satisfies(f -> assertThat(f.action()).isEqualTo(action));
            }
            for (RunVocabulary.ConditionKey k : RunVocabulary.ConditionKey.values()) {
                String v = switch (k) {
                    case LINK -> "p";
                    case EVENT -> "deliver";
                    case COUNT -> "<=2";
                    case STATE -> "a";
                    case AFTER, BEFORE -> "1s";
                    case SERVICE -> "s";
                    default -> "x";
                };
                String cond = "{ " + k.id() + ": \"" + v + "\" }";
                RunSpecResult r = RunSpecParser.parse(tap.formatted("newline") + "monitor:\n  start: a\n  transitions:\n"
                        + "    - { from: a, on: " + cond + ", to: success }\n");
                assertThat(r.errors()).as(k.id()).isEmpty();
                new dev.falsify.runner.messages.MessageEngine(r.spec(), 1, dir.resolve(k.id() + ".jsonl")).finish();
            }
            for (String key : RunVocabulary.VARIABLE_KEYS) {
                RunSpecResult r = RunSpecParser.parse(tap.formatted("newline") + "monitor:\n  start: a\n  transitions:\n"
                        + "    - { from: a, on: { type: X }, bind: { v: " + key + " }, to: b }\n"
                        + "    - { from: b, on: { " + key + ": \"$v\" }, to: success }\n");
                assertThat(r.errors()).as("bind/compare " + key).isEmpty();
                assertThat(r.spec().monitor().transitions().get(0).bind()).containsEntry("v", key);
                new dev.falsify.runner.messages.MessageEngine(r.spec(), 1, dir.resolve("var-" + key + ".jsonl")).finish();
            }
        } finally {
            try (var files = Files.walk(dir)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            }
        }
        String docs = Files.readString(MESSAGE_DOCS, StandardCharsets.UTF_8);
        Set<String> keysInDocs = new LinkedHashSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `([a-z_]+)` \\| ").matcher(docs);
        while (m.find()) keysInDocs.add(m.group(1));
        assertThat(keysInDocs).as("condition keys in docs/messages.md").containsExactlyElementsOf(RunVocabulary.ConditionKey.ids());
        for (String f : List.of("`newline`", "`length-prefixed-4`", "`regex:<pattern>`")) assertThat(docs).contains(f);
        for (String a : RunVocabulary.FILTER_ACTIONS) assertThat(docs).as(a).contains("`" + a + "`");
        for (String f : RunVocabulary.TRANSITION_FIELDS) assertThat(docs).as("transition field " + f).contains("`" + f + "`");
        assertThat(docs).as("variable keys").contains("`" + String.join("`, `", RunVocabulary.VARIABLE_KEYS) + "`");
        for (RunVocabulary.MessageEventKind k : RunVocabulary.MessageEventKind.values()) assertThat(docs).as(k.id()).contains("`" + k.id() + "`");
        assertThat(docs).as("event kinds in order").contains("`" + String.join("`, `", RunVocabulary.MessageEventKind.messageIds()) + "`");
    }

    @Test
    void docsListEveryClockAndStorageKind() throws IOException {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        Set<String> clock = new LinkedHashSet<>();
        Set<String> storage = new LinkedHashSet<>();
        Matcher m = Pattern.compile("(?m)^\\| (clock|storage) `([a-z-]+)`").matcher(docs);
        while (m.find()) (m.group(1).equals("clock") ? clock : storage).add(m.group(2));
        assertThat(clock).containsExactlyInAnyOrderElementsOf(RunVocabulary.ClockKind.ids());
        assertThat(storage).containsExactlyInAnyOrderElementsOf(RunVocabulary.StorageKind.ids());
    }
}
