package dev.falsify.checkers.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.model.vocabulary.CheckerName;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The built-in list names every checker there is, and each once. */
class CheckerRegistryTest {

    @Test
    void everyCheckerClassIsBuiltIn() throws Exception {
        List<String> found = checkerClassesOnDisk();
        assertThat(found).as("checker classes compiled from checkers/src/main").hasSizeGreaterThanOrEqualTo(11);
        assertThat(CheckerRegistry.BUILT_IN).containsExactlyInAnyOrderElementsOf(found);
    }

    @Test
    void standardHoldsEachBuiltInUnderItsName() {
        List<Checker> all = CheckerRegistry.standard().all();
        assertThat(all).hasSize(CheckerRegistry.BUILT_IN.size());
        assertThat(all).extracting(c -> c.getClass().getName())
                .containsExactlyInAnyOrderElementsOf(CheckerRegistry.BUILT_IN);
        assertThat(CheckerRegistry.standard().get("linearizability").getClass().getSimpleName())
                .isEqualTo("LinearizabilityChecker");
        assertThat(CheckerRegistry.standard().find("list-append")).isPresent();
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> CheckerRegistry.standard().get("lineariz"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown checker 'lineariz'")
                .hasMessageContaining("linearizability, list-append");
    }

    /**
     * The vocabulary's list of shipped checkers is what lint, the picker and the run-block reader accept: it must
     * be exactly the checkers registered here (a new checker adds its name there too).
     */
    @Test
    void theVocabularyNamesExactlyTheBuiltInCheckers() {
        assertThat(CheckerRegistry.standard().all()).extracting(Checker::name)
                .containsExactlyInAnyOrderElementsOf(CheckerName.ids());
    }

    /** Every checker declares its models in the vocabulary's terms, and the registry finds them by any alias. */
    @Test
    void modelsAreTheVocabularys() {
        for (Checker c : CheckerRegistry.standard().all()) assertThat(c.models()).as(c.name()).isNotEmpty().doesNotHaveDuplicates();
        assertThat(CheckerRegistry.standard().forModel("map")).extracting(Checker::name)
                .isEqualTo(CheckerRegistry.standard().forModel("kv").stream().map(Checker::name).toList())
                .contains("linearizability", "list-append", "rw-register", "no-lost-ack");
        assertThat(CheckerRegistry.standard().forModel("lock")).extracting(Checker::name)
                .containsExactly("fairness", "final-state-invariant", "linearizability");
        assertThat(CheckerRegistry.standard().forModel("tree")).isEmpty();
    }

    /**
     * Jepsen's workload checkers (issue 30) under the vocabulary's models: {@code bank} is Jepsen's bank, no
     * longer the ledger's alias, so the ledger's idempotency checkers do not answer for it.
     */
    @Test
    void jepsenWorkloadCheckersByModel() {
        CheckerRegistry r = CheckerRegistry.standard();
        assertThat(r.forModel("bank")).extracting(Checker::name).containsExactly("bank", "fairness", "final-state-invariant");
        assertThat(r.forModel("ledger")).extracting(Checker::name).doesNotContain("bank");
        assertThat(r.forModel("id-generator")).extracting(Checker::name).containsExactly("fairness", "unique-ids");
        assertThat(r.forModel("long-fork")).extracting(Checker::name).containsExactly("fairness", "long-fork");
        assertThat(r.forModel("set")).extracting(Checker::name).contains("set", "set-full", "linearizability");
        assertThat(r.forModel("fifo")).extracting(Checker::name).contains("total-queue", "linearizability");
        assertThat(r.forModel("counter")).extracting(Checker::name).contains("counter", "linearizability");
    }

    /** Concrete public classes implementing {@link Checker}, from the module's compiled main classes. */
    private static List<String> checkerClassesOnDisk() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(Checker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                if (!rel.endsWith(".class") || rel.contains("$")) continue;
                Class<?> c = Class.forName(rel.substring(0, rel.length() - 6).replace('/', '.'), false,
                        CheckerRegistryTest.class.getClassLoader());
                int m = c.getModifiers();
                if (Checker.class.isAssignableFrom(c) && !c.isInterface() && !Modifier.isAbstract(m) && Modifier.isPublic(m)) {
                    out.add(c.getName());
                }
            }
        }
        return out;
    }
}
