package dev.falsify.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import org.junit.jupiter.api.Test;

class CatalogContentTest {
    private final Catalog catalog = Catalog.standard();

    @Test
    void hasTheEightTechniquesEachFullyDescribed() {
        assertThat(catalog.techniques()).extracting(Technique::name).containsExactly(
                "History checking with a model", "Deterministic simulation", "Chaos and fault injection", "Fuzzing",
                "Formal methods (TLA+ and friends)", "Property-based and metamorphic testing",
                "Performance and benchmarking", "Crash-recovery and upgrade testing");
        for (Technique t : catalog.techniques()) {
            assertThat(t.whenToUse()).as(t.id() + " when to use").isNotEmpty();
            assertThat(t.catchesWell()).as(t.id() + " catches well").isNotEmpty();
            assertThat(t.misses()).as(t.id() + " misses").isNotEmpty();
            assertThat(t.tools()).as(t.id() + " tools").hasSizeGreaterThanOrEqualTo(2);
            assertThat(t.papers()).as(t.id() + " papers").isNotEmpty();
            assertThat(t.checklist()).as(t.id() + " checklist").hasSizeGreaterThanOrEqualTo(3);
            assertThat(t.cost().note()).isNotBlank();
        }
    }

    @Test
    void citesTheKeyPapersTheIssueNames() {
        Set<String> cited = catalog.techniques().stream().flatMap(t -> t.papers().stream())
                .map(id -> catalog.entry(id, Paper.class).orElseThrow().cite()).collect(Collectors.toSet());
        assertThat(cited).contains("Yuan et al., OSDI'14", "Gunawi et al., SoCC'14", "Zheng et al., OSDI'14",
                "Kingsbury & Alvaro, VLDB'20", "Alfatafta et al., OSDI'20", "Lou et al., NSDI'20",
                "Gao et al., ESEC/FSE'18", "Zhang et al., SOSP'21", "Bornholt et al., SOSP'21", "Newcombe et al., CACM'15");
        for (Paper p : catalog.papers()) {
            assertThat(p.year()).isBetween(1990, 2026);
            assertThat(p.finding()).as(p.id()).hasSizeGreaterThan(60);
        }
    }

    @Test
    void everyPaperIsCitedSomewhere() {
        Set<String> used = Stream.concat(catalog.techniques().stream().flatMap(t -> t.papers().stream()),
                catalog.pitfalls().stream().flatMap(p -> p.sources().stream())).collect(Collectors.toSet());
        assertThat(catalog.papers()).extracting(Paper::id).allMatch(used::contains);
    }

    @Test
    void pitfallsCoverTheRecurringFailureModesWithCompleteTemplates() {
        assertThat(catalog.pitfalls()).hasSizeGreaterThanOrEqualTo(16);
        assertThat(catalog.pitfalls()).extracting(Pitfall::name).contains("Lost update", "Stale read",
                "Replica divergence", "Lost ack vs lost commit", "Reconfiguration race", "Crash-recovery divergence",
                "Schema migration under traffic", "Sequence-number collision", "Watch or subscription loss and duplication",
                "Cross-shard non-atomicity", "Clock-skew safety violation", "Auth or quota divergence",
                "Lease expiry under contention", "Idempotency replay bypass", "Outbox head-of-line blocking");
        for (Pitfall p : catalog.pitfalls()) {
            assertThat(p.threatens()).as(p.id()).isNotEmpty();
            assertThat(p.sources()).as(p.id()).isNotEmpty();
            assertThat(p.template().subsystem()).as(p.id() + " subsystem is a prompt").startsWith("<").endsWith(">");
            String h = catalog.hypothesisFrom(p, List.of("C1"));
            assertThat(h).as(p.id()).matches("(?s)H\\?\\. \\*\\*[^*]+\\*\\* — .+\\.\n"
                    + "   - Could falsify: C1\n   - Suspected because: .+\\.\n   - Subsystem: <.+>\n"
                    + "   - Pitfall row: " + p.id() + " — .+\n");
        }
        // the pitfalls between them threaten every gated claim category and touch every P014 category
        Set<String> threatened = catalog.pitfalls().stream().flatMap(p -> p.threatens().stream()).collect(Collectors.toSet());
        assertThat(threatened).contains("safety", "durability", "idempotency", "isolation", "ordering", "membership",
                "boundary", "fairness", "liveness");
        assertThat(catalog.pitfalls()).extracting(Pitfall::hypothesisCategory)
                .containsAll(CatalogReferences.HYPOTHESIS_CATEGORIES);
    }

    @Test
    void nemesisTaxonomyCoversEveryFaultFamilyAndEveryBuiltInKind() {
        assertThat(catalog.nemeses()).hasSizeGreaterThanOrEqualTo(22);
        Map<String, Long> perCategory = catalog.nemeses().stream()
                .collect(Collectors.groupingBy(Nemesis::category, Collectors.counting()));
        assertThat(perCategory.keySet()).containsExactlyInAnyOrderElementsOf(Nemesis.CATEGORIES);
        assertThat(perCategory.values()).allMatch(n -> n >= 2);
        Set<String> proxyKinds = catalog.nemeses().stream().filter(n -> n.runner().mode().equals("proxy"))
                .map(n -> n.runner().kind()).collect(Collectors.toSet());
        assertThat(proxyKinds).containsExactlyInAnyOrderElementsOf(dev.falsify.model.plan.run.RunVocabulary.ProxyKind.ids());
        Set<String> signals = catalog.nemeses().stream().filter(n -> n.runner().mode().equals("process"))
                .map(n -> n.runner().kind()).collect(Collectors.toSet());
        assertThat(signals).containsExactlyInAnyOrder("KILL", "TERM", "STOP/CONT");
        // the rest need the plan's own inject/heal commands (issues 32 and 33 made N16, N17 and N19-N25 built in)
        assertThat(catalog.nemeses()).filteredOn(n -> !n.runner().builtIn()).hasSizeGreaterThanOrEqualTo(7);
        // issue 33: N19-N25 are built in, and every storage kind and the jump and drift clock kinds have an entry
        assertThat(catalog.nemeses()).filteredOn(n -> n.id().compareTo("N19") >= 0 && n.id().compareTo("N25") <= 0)
                .hasSize(7).allMatch(n -> n.runner().builtIn());
        Set<String> storage = catalog.nemeses().stream().filter(n -> n.runner().mode().equals("storage"))
                .map(n -> n.runner().kind()).collect(Collectors.toSet());
        assertThat(storage).containsExactlyInAnyOrderElementsOf(dev.falsify.model.plan.run.RunVocabulary.StorageKind.ids());
        for (var k : dev.falsify.model.plan.run.RunVocabulary.StorageKind.values()) {
            assertThat(catalog.nemeses()).anyMatch(n -> n.id().equals(k.nemesis()) && n.runner().kind().equals(k.id()));
        }
        Set<String> clock = catalog.nemeses().stream().filter(n -> n.runner().mode().equals("clock"))
                .map(n -> n.runner().kind()).collect(Collectors.toSet());
        assertThat(dev.falsify.model.plan.run.RunVocabulary.ClockKind.ids()).containsAll(clock);
        assertThat(clock).contains("jump", "drift");
    }

    @Test
    void everyNemesisRunBlockIsAValidFaultEntryOfItsOwnKind() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        for (Nemesis n : catalog.nemeses()) {
            JsonNode faults = yaml.readTree(n.runner().runBlock());
            assertThat(faults.isArray()).as(n.id()).isTrue();
            for (JsonNode f : faults) {
                assertThat(f.path("name").asText()).as(n.id() + " name").isNotBlank();
                assertThat(f.path("at").asText()).as(n.id() + " at").matches("\\d+s");
                switch (n.runner().mode()) {
                    case "proxy" -> assertThat(f.path("proxy").path("kind").asText()).as(n.id()).isEqualTo(n.runner().kind());
                    case "process" -> assertThat(f.path("process").path("signal").asText()).as(n.id())
                            .isEqualTo(n.runner().kind());
                    case "clock" -> assertThat(f.path("clock").path("kind").asText()).as(n.id()).isEqualTo(n.runner().kind());
                    case "storage" -> assertThat(f.path("storage").path("kind").asText()).as(n.id()).isEqualTo(n.runner().kind());
                    case "partition" -> assertThat(f.path("partition").path("shape").asText()).as(n.id()).isEqualTo(n.runner().kind());
                    case "net" -> assertThat(f.path("net").path("kind").asText()).as(n.id()).isEqualTo(n.runner().kind());
                    default -> {
                        assertThat(f.path("inject").asText()).as(n.id() + " inject").isNotBlank();
                        assertThat(f.path("heal").asText()).as(n.id() + " heal").isNotBlank();
                        assertThat(f.path("landing").path("probe").asText()).as(n.id() + " probe").isNotBlank();
                    }
                }
            }
            // and lint (so falsify run) accepts it: the catalog once offered slow-close ms and slicer bytes, which no
            // kind takes
            StringBuilder nodes = new StringBuilder("nodes:\n");
            for (int i = 1; i <= 5; i++) nodes.append("  - { name: n").append(i).append(", transport: netns }\n");
            nodes.append("services:\n");
            for (int i = 1; i <= 3; i++) nodes.append("  - { name: n").append(i).append(", cmd: \"true\" }\n");
            nodes.append("proxies:\n");
            for (int i = 1; i <= 3; i++) nodes.append("  - { name: n").append(i).append(", listen: \"127.0.0.1:1\", upstream: \"127.0.0.1:2\" }\n");
            String block = nodes + "workload: { cmd: \"true\" }\nfaults:\n"
                    + n.runner().runBlock().strip().indent(2);
            // the snippet's proxy and service names are the user's to fit; everything else must be the vocabulary's
            assertThat(dev.falsify.model.plan.run.RunSpecParser.parse(block).errors())
                    .filteredOn(e -> !e.message().contains("names unknown")).as(n.id() + "\n" + block).isEmpty();
            assertThat(n.landing()).as(n.id()).isNotBlank();
            assertThat(n.cleanup()).as(n.id()).isNotBlank();
        }
    }

    @Test
    void fourteenOraclePatternsEachNamingRealCheckers() {
        assertThat(catalog.oracles()).hasSize(14);
        for (OraclePattern o : catalog.oracles()) {
            assertThat(o.checkers()).as(o.id()).isNotEmpty();
            assertThat(CheckerName.ids()).as(o.id()).containsAll(o.checkers());
            assertThat(o.weakForm()).as(o.id()).isNotBlank();
        }
        Set<String> used = catalog.oracles().stream().flatMap(o -> o.checkers().stream()).collect(Collectors.toSet());
        assertThat(used).as("every shipped checker has an oracle pattern").containsAll(CheckerName.ids());
    }

    @Test
    void pickerEntriesTabulateTheModelsCheckerPicker() {
        List<PickerRow> rows = catalog.pickerTable();
        assertThat(rows).extracting(PickerRow::id).contains("PK-register-safety", "PK-log-durability",
                "PK-kv-isolation", "PK-session-safety", "PK-ledger-idempotency", "PK-membership-table-membership",
                "PK-queue-ordering", "PK-counter-safety", "PK-mutex-safety", "PK-any-fairness");
        PickerRow register = catalog.entry("PK-register-safety", PickerRow.class).orElseThrow();
        assertThat(register.models()).containsExactly("register", "cas-register", "multi-register");
        assertThat(register.checkers()).containsExactly("linearizability");
        assertThat(catalog.entry("PK-any-fairness", PickerRow.class).orElseThrow().checkers()).containsExactly("fairness");
        for (PickerRow row : rows) {
            for (String model : row.models()) {
                String m = model.equals("any") ? "queue" : model;
                assertThat(CheckerPicker.pick(m, ClaimCategory.fromWord(row.category())).checkers())
                        .as(row.id() + " for " + model).isEqualTo(row.checkers());
            }
        }
        int answered = 0;
        for (String model : HistoryModel.ids()) {
            for (ClaimCategory c : ClaimCategory.values()) {
                if (!CheckerPicker.pick(model, c).isEmpty()) {
                    answered++;
                }
            }
        }
        assertThat(rows.stream().mapToInt(r -> r.models().get(0).equals("any") ? HistoryModel.ids().size()
                : r.models().size()).sum()).as("every pair the picker answers has a row").isEqualTo(answered);
    }

    @Test
    void pickerIdsWrittenWithAModelAliasStillResolve() {
        assertThat(catalog.entry("PK-map-isolation")).map(CatalogEntry::id).contains("PK-kv-isolation");
        assertThat(catalog.entry("pk-lock-safety")).map(CatalogEntry::id).contains("PK-mutex-safety");
        assertThat(catalog.entry("PK-nothing-safety")).isEmpty();
    }

    @Test
    void modelFieldsNameCanonicalModelsOnly() {
        for (ModelFields f : catalog.modelFields()) {
            for (String m : f.models()) assertThat(HistoryModel.canonical(m)).as(m).isEqualTo(m);
        }
        assertThatThrownBy(() -> new ModelFields(List.of("map"), List.of("read"), List.of(), ""))
                .hasMessageContaining("model 'map' is not a canonical history model name (write kv)");
        assertThatThrownBy(() -> new ModelFields(List.of("tree"), List.of("read"), List.of(), ""))
                .hasMessageContaining("model 'tree' is not a canonical history model name (known: register,");
        assertThat(catalog.modelFields("a lock (etcd lease)").orElseThrow().models()).containsExactly("mutex");
        assertThat(catalog.modelFields("cas-register (one key)").orElseThrow().models()).contains("register");
        assertThat(catalog.modelFields("stream").orElseThrow().models()).containsExactly("log");
    }

    @Test
    void findingLabelsMatchTheSessionSpec() {
        assertThat(catalog.labels("taxdc")).extracting(FindingLabel::value).containsExactly("timing", "ordering",
                "partition", "crash-recovery", "upgrade", "config", "fault-handling", "performance");
        assertThat(catalog.labels("tag")).extracting(FindingLabel::value).containsExactly("replication",
                "leadership/election", "idempotency/dedup", "durability", "liveness", "safety");
        assertThat(catalog.labels("severity")).extracting(FindingLabel::value).containsExactly("P0", "P1", "P2", "P3");
        assertThat(catalog.labels("blame")).extracting(FindingLabel::value).containsExactly("SUT", "harness", "checker",
                "environment", "unknown — pending re-run on alternative harness/host");
        assertThat(catalog.entry("blame:unknown")).isPresent();
        assertThat(catalog.entry("taxdc:crash-recovery")).isPresent();
    }

    @Test
    void symptomIndexPointsEverySymptomAtTechniques() {
        assertThat(catalog.symptoms()).hasSizeGreaterThanOrEqualTo(12);
        Set<String> reached = catalog.symptoms().stream().flatMap(s -> s.techniques().stream()).collect(Collectors.toSet());
        assertThat(reached).as("every technique is reachable from some symptom")
                .containsExactlyInAnyOrderElementsOf(catalog.techniques().stream().map(Technique::id).toList());
    }

    @Test
    void idsAreUniqueAndLookupIgnoresCase() {
        assertThat(catalog.entries()).extracting(CatalogEntry::id).doesNotHaveDuplicates();
        assertThat(catalog.entry("pf01")).get().extracting(CatalogEntry::title).isEqualTo("Lost update");
        assertThat(catalog.entry("N07", Nemesis.class)).isPresent();
        assertThat(catalog.entry("N07", Pitfall.class)).isEmpty();
        assertThat(catalog.entry("nope")).isEmpty();
    }

    @Test
    void rejectsContentNamingAnUnknownChecker() {
        String bad = resource("oracles.yaml").replace("checkers: [fairness]", "checkers: [fairnesss]");
        assertThatThrownBy(() -> Catalog.load(override("oracles.yaml", bad)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("O11 names unknown checker 'fairnesss'");
    }

    @Test
    void rejectsAnUnknownFieldWithItsLine() {
        String bad = resource("techniques.yaml").replaceFirst("  whenToUse:", "  whenTouse: x\n  whenToUse:");
        assertThatThrownBy(() -> Catalog.load(override("techniques.yaml", bad)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog resource techniques.yaml:")
                .hasMessageContaining("whenTouse");
    }

    @Test
    void rejectsAMissingFieldByName() {
        String bad = resource("techniques.yaml").replaceFirst("  misses:", "  missed:");
        assertThatThrownBy(() -> Catalog.load(override("techniques.yaml", bad)))
                .hasMessageStartingWith("catalog resource techniques.yaml:")
                .hasMessageContaining("missing field 'misses'");
    }

    @Test
    void rejectsADanglingReference() {
        String bad = resource("symptoms.yaml").replaceFirst("techniques: \\[T1, T2\\]", "techniques: [T1, T9]");
        assertThatThrownBy(() -> Catalog.load(override("symptoms.yaml", bad)))
                .hasMessageContaining("X01 refers to unknown Technique 'T9'");
    }

    private static String resource(String name) {
        try (InputStream in = Catalog.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static java.util.function.Function<String, InputStream> override(String name, String content) {
        return n -> n.equals(name) ? new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8))
                : Catalog.class.getResourceAsStream(n);
    }
}
