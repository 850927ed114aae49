package dev.falsify.testkit;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.history.JsonlHistoryWriter;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.PlanFactsAdapter;
import dev.falsify.model.report.ReportExport;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.session.SessionHeader;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.vocabulary.PlanId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The session folder of one test class and plan: opened at the class's first scenario test, one
 * finding per test, finished with the end marker and {@code findings/report.md} when the class is
 * done (JUnit closes the class's store). Writing goes through the model's {@link SessionWriter} and
 * {@link ReportExport}, the same as {@code falsify run} and {@code falsify report}.
 */
@SuppressWarnings("deprecation")   // CloseableResource: still the store's close hook on every JUnit 5 line
final class ScenarioSession implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    private final SessionWriter writer;
    private final Optional<Plan> plan;
    private final PlanFacts facts;
    private final String planPath;
    private boolean closed;

    private ScenarioSession(SessionWriter writer, Optional<Plan> plan, PlanFacts facts, String planPath) {
        this.writer = writer;
        this.plan = plan;
        this.facts = facts;
        this.planPath = planPath;
    }

    static ScenarioSession open(Path root, String planPath, Class<?> testClass, Clock clock) {
        Optional<Plan> plan = Optional.empty();
        PlanFacts facts = PlanFacts.missing("the test names no plan (@FalsifyScenario(plan = …))");
        String slug = testClass.getSimpleName();
        if (!planPath.isBlank()) {
            Path file = locate(planPath).orElseThrow(() -> new ExtensionConfigurationException("@FalsifyScenario plan "
                    + planPath + " not found in " + Path.of("").toAbsolutePath() + " or any parent folder"));
            try {
                Plan p = PlanParser.parse(Files.readString(file, StandardCharsets.UTF_8));
                plan = Optional.of(p);
                facts = PlanFactsAdapter.from(p, planPath);
                if (!p.header().slug().isBlank()) slug = p.header().slug();
            } catch (IOException e) {
                throw new ExtensionConfigurationException("@FalsifyScenario plan " + file + " unreadable: " + e.getMessage(), e);
            }
        }
        String sut = plan.map(p -> p.header().sut()).filter(s -> !s.isBlank()).orElse(testClass.getName());
        try {
            SessionWriter w = SessionWriter.create(root, slug, new SessionHeader("", sut, planPath, commit(), "",
                    "falsify-testkit FalsifyExtension (JUnit 5), " + testClass.getName(), "", "",
                    Map.of()), clock);
            w.toolbox(List.of("falsify-testkit: in-process fault plans (FaultPlan, Faulty), HistoryRecorder",
                    "checkers: " + CheckerRegistry.standard().all().stream().map(c -> c.name())
                            .collect(Collectors.joining(", "))));
            return new ScenarioSession(w, plan, facts, planPath);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The commit under test: {@code -Dfalsify.commit}, else {@code git rev-parse HEAD} in the working
     * directory ({@code -dirty} when {@code git status} lists changes), else empty — and the report then
     * says the line is missing rather than inventing one.
     */
    static String commit() {
        String given = System.getProperty("falsify.commit", "").strip();
        if (!given.isEmpty()) return given;
        String sha = git("rev-parse", "HEAD");
        if (sha == null || !sha.matches("[0-9a-f]{7,64}")) return "";
        String status = git("status", "--porcelain", "--untracked-files=no");
        return sha + (status == null || status.isEmpty() ? "" : "-dirty");
    }

    private static String git(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;   // no git on this machine: the commit stays unrecorded
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The plan file: as given from the working directory, else from the nearest parent folder holding it. */
    private static Optional<Path> locate(String planPath) {
        Path rel = Path.of(planPath);
        if (rel.isAbsolute()) return Files.isRegularFile(rel) ? Optional.of(rel) : Optional.empty();
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve(rel))) return Optional.of(d.resolve(rel));
        }
        return Optional.empty();
    }

    /** One test ran (and maybe its re-run): its finding, timeline rows and artifacts. */
    synchronized void armFinished(String armId, FalsifyScenario ann, String displayName, String testRef, TestArm.Run first,
                                  TestArm.Run again) {
        Optional<Scenario> planned = requireScenario(armId);
        try {
            String scenarioName = planned.map(Scenario::name).orElse(displayName);
            TestArm arm = new TestArm(PlanId.scenarioOf(armId), PlanId.armOf(armId), ann, testRef, plan.orElse(null), planned, first, again);
            writer.event(armId, "start", testRef + " (seed " + ann.seed() + ")");
            for (TestArm.Run r : again == null ? List.of(first) : List.of(first, again)) {
                String pass = r == first ? "" : "re-run: ";
                for (FaultPlan p : r.plans()) {
                    if (!p.isPlanned()) continue;
                    writer.event(armId, p.fired() > 0 ? "fault injected" : "fault not landed", pass + p.name() + ": "
                            + p.fired() + " of " + p.calls() + " calls faulted"
                            + (p.events().isEmpty() ? "" : ", first at call " + p.events().get(0).call()
                            + " (" + p.events().get(0).method() + ")"));
                }
                for (TestEvidence.Check c : r.checks()) {
                    writer.event(armId, "oracle", pass + c.result().checker() + ": "
                            + dev.falsify.checkers.api.CheckResultText.verdict(c.result()) + " on "
                            + c.result().evidence().ops() + " ops");
                }
            }
            artifacts(armId, first);
            Decision d = writer.armFinished(scenarioName, arm.evidence(), arm.detail());
            writer.event(armId, "end", d.display());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The plan's scenario {@code armId}; a plan that lacks it is a configuration error, raised before
     * the test runs (a misspelled link must not run as an unlinked PASS).
     */
    synchronized Optional<Scenario> requireScenario(String armId) {
        Optional<Scenario> planned = plan.flatMap(p -> p.scenario(armId));
        if (plan.isPresent() && planned.isEmpty()) {
            throw new ExtensionConfigurationException("@FalsifyScenario id " + armId + " is not a scenario of plan " + planPath
                    + " (scenarios: " + plan.get().scenarios().stream().map(Scenario::id)
                    .collect(Collectors.joining(", ")) + ")");
        }
        return planned;
    }

    /** Each checked history and its result, as {@code falsify check} reads and writes them. */
    private void artifacts(String armId, TestArm.Run run) throws IOException {
        int n = 0;
        for (TestEvidence.Check c : run.checks()) {
            String stem = PlanId.fileStem(armId) + (++n == 1 ? "" : "-" + n);
            Path history = writer.artifactsDir().resolve(SessionLayout.historyName(stem));
            JsonlHistoryWriter.writeAtomically(history, c.ops());
            AtomicFiles.write(writer.artifactsDir().resolve(SessionLayout.checkResultName(stem)),
                    CheckResultJson.toJson(SessionLayout.ARTIFACTS + "/" + history.getFileName(), "jsonl", c.result()).toPrettyString() + "\n");
            writer.artifact(SessionLayout.ARTIFACTS + "/" + SessionLayout.historyName(stem) + " — recorded history of " + armId + ", "
                    + c.ops().size() + " ops; " + SessionLayout.ARTIFACTS + "/" + SessionLayout.checkResultName(stem) + " — "
                    + c.result().checker() + " result");
        }
    }

    Path dir() {
        return writer.dir();
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) return;
        closed = true;
        writer.finish();
        ReportExport.write(SessionReader.read(writer.dir()), facts, Optional.empty());
    }
}
