package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.vocabulary.Validity;
import dev.falsify.testkit.fixtures.CounterScenariosFixture;
import dev.falsify.testkit.fixtures.FixtureRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

class FalsifyExtensionTest {
    /** One folder for every launched fixture: a fixture reads it once, when its class is loaded. */
    @TempDir
    static Path root;
    private static TestExecutionSummary counter;

    @BeforeAll
    static void launchTheCounterFixture() {
        System.setProperty("falsify.commit", "0123abc");   // else git's HEAD, which moves
        try {
            counter = launch(CounterScenariosFixture.class, root);
        } finally {
            System.clearProperty("falsify.commit");
        }
    }

    private static TestExecutionSummary launch(Class<?> fixture, Path sessions) {
        FixtureRoot.dir = sessions;
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture)).build(), listener);
        return listener.getSummary();
    }

    private static Path onlySession(Path planFolder) throws Exception {
        try (Stream<Path> s = Files.list(planFolder)) {
            List<Path> dirs = s.toList();
            assertThat(dirs).hasSize(1);
            return dirs.get(0);
        }
    }

    @Test
    void scenarioTestsWriteASessionWithVerdictsAndAReport() throws Exception {
        TestExecutionSummary summary = counter;
        assertThat(summary.getFailures()).as(() -> summary.getFailures().stream()
                .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException())
                .collect(java.util.stream.Collectors.joining("\n"))).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(5);

        Path session = onlySession(root.resolve("counter-service"));
        assertThat(session.getFileName().toString()).isEqualTo("2026-12-01T120000Z");
        SessionFolder folder = SessionReader.read(session);
        assertThat(folder.interrupted()).isFalse();
        assertThat(Files.readString(session.resolve("session-log.md"))).contains("— FAIL");
        String report = Files.readString(session.resolve("findings/report.md"));
        assertThat(report)
                .contains("| S1 |").contains("PASS-hardening")
                .contains("PASS-smoke")
                .contains("FAIL-reproducible")
                .contains("INCONCLUSIVE-fault-not-proven")
                .contains("PARTIAL-surface");
        Golden.assertMatches("counter-service.report.md", report.replace(session.toString().replace('\\', '/'), "<session>"));

        // the recorded history is an artifact `falsify check` reads, with the same answer
        Path history = session.resolve("artifacts/S3.history.jsonl");
        assertThat(history).exists();
        assertThat(HistoryCheck.standard().run(history, HistoryCheck.Request.of(null, "counter",
                CheckBudget.of(Duration.ofSeconds(10)))).result().validity()).isEqualTo(Validity.INVALID);
        assertThat(session.resolve("artifacts/S1.check.json")).exists();
        assertThat(session.resolve("findings/S4.md")).exists();
    }

    @Test
    void theSessionHeadlineComesFromTheVerdictRules() throws Exception {
        Path session = onlySession(root.resolve("counter-service"));
        assertThat(Files.readString(session.resolve("findings/report.md")))
                .contains("**" + SessionHeadline.FAIL.name() + "**");
    }

    @Test
    void aMisspelledPlanOrScenarioFailsTheTestWithTheReason() {
        TestExecutionSummary s = launch(dev.falsify.testkit.fixtures.MislinkedScenariosFixture.class,
                root.resolve("mislinked"));
        assertThat(s.getTestsFailedCount()).isEqualTo(2);
        assertThat(s.getFailures()).extracting(f -> f.getException().getMessage()).containsExactlyInAnyOrder(
                "@FalsifyScenario plan src/test/resources/plans/no-such-plan.md not found in "
                        + Path.of("").toAbsolutePath() + " or any parent folder",
                "@FalsifyScenario id S9 is not a scenario of plan src/test/resources/plans/counter-service.md"
                        + " (scenarios: S1, S2, S3, S4, S5)");
    }
}
