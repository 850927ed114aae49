package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.OraclePattern;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The catalog names checkers in its oracle patterns and picker rows; the app is the one module that
 * sees both the catalog and the checkers, so it holds them to each other.
 */
class CatalogCheckersTest {
    private final Catalog catalog = Catalog.standard();
    private final Set<String> registered = CheckerRegistry.standard().all().stream().map(Checker::name)
            .collect(Collectors.toSet());

    @Test
    void everyCheckerTheCatalogNamesIsRegistered() {
        assertThat(registered).containsAll(catalog.checkerNamesReferenced());
        for (OraclePattern o : catalog.oracles()) {
            assertThat(registered).as(o.id() + " " + o.name()).containsAll(o.checkers());
        }
    }

    @Test
    void everyRegisteredCheckerHasAnOraclePattern() {
        Set<String> inPatterns = catalog.oracles().stream().flatMap(o -> o.checkers().stream())
                .collect(Collectors.toSet());
        assertThat(inPatterns).containsAll(registered);
    }
}
