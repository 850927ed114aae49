package dev.falsify.app.ui.session;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.PlanFactsAdapter;
import dev.falsify.model.report.PlanLocator;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.report.ResultRow;
import dev.falsify.model.report.SessionVerdicts;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionTime;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A session folder read for review, off the FX thread: the folder, its plan (found from the session
 * log's Plan line), and the results rows the report would print — verdicts computed by the model's
 * rules, never by the UI.
 *
 * @param folder   the folder as read
 * @param planFile the plan, if found
 * @param plan     its facts (limited when not found)
 * @param rows     one results row per arm, in the folder's order
 */
public record SessionData(SessionFolder folder, Optional<Path> planFile, PlanFacts plan, List<ResultRow> rows,
                          List<SessionFolder.ArmVerdict> arms, Map<String, Verdict> scenarioVerdicts,
                          SessionHeadline headline) {

    public static SessionData load(Path dir) throws IOException {
        SessionFolder f = SessionReader.read(dir.toAbsolutePath().normalize());
        // read against the plan, as report.md is (declared arms never run, scenarios without a fault),
        // so the window and the report give the same verdicts
        var v = SessionVerdicts.of(f, Path.of("").toAbsolutePath());
        return new SessionData(f, v.planFile(), v.plan(), ReportWriter.resultRows(f, v.plan()), v.arms(), v.scenarios(),
                v.headline());
    }

    public Path dir() {
        return folder.dir();
    }

    /** {@code <plan-slug> @ <time>}: the tab title. */
    public String title() {
        return title(folder);
    }

    public static String title(SessionFolder f) {
        String slug = f.planSlug().isBlank() ? f.name() : f.planSlug();
        return slug + " @ " + time(f);
    }

    /** The session's start as {@code 2026-12-01 08:10:30Z}, else the folder name. */
    public static String time(SessionFolder f) {
        return at(f).map(SessionTime::display).orElse(f.name());
    }

    public static Optional<Instant> at(SessionFolder f) {
        return SessionTime.of(f.name(), f.log().header().started(), f.log().header().ended());
    }

    /** Other session folders beside this one (same plan folder), newest first: the natural comparison partners. */
    public List<Path> siblings() {
        Path parent = dir().getParent();
        if (parent == null) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(Files::isDirectory).filter(p -> !p.equals(dir())).filter(SessionLayout::isSession)
                    .sorted((a, b) -> b.getFileName().toString().compareTo(a.getFileName().toString())).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
