package dev.falsify.model.report;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.session.ReportFile;
import dev.falsify.model.session.SessionFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Writes a session's {@code findings/report.md}: the plan found from the session log (or given), the
 * report rendered with the folder's overrides, an author's own report set aside, the file written
 * atomically. {@code falsify report} and the workbench's Export both call this.
 */
public final class ReportExport {
    /**
     * What was written.
     *
     * @param report     the file
     * @param setAside   where an author's report.md was moved to, if it was
     * @param session    the folder as read for the report
     */
    public record Written(Path report, Optional<Path> setAside, SessionFolder session) {
    }

    private ReportExport() {
    }

    /**
     * The plan facts for {@code session}: from {@code explicitPlan} when given (an unreadable one is an
     * {@link IllegalArgumentException}), else from the session log's Plan line; a plan that cannot be
     * found gives limited facts and a warning, never a failure.
     *
     * @param cwd  the working directory, the last place the Plan line is tried
     * @param warn receives one sentence per thing the report has to do without
     */
    public static PlanFacts planFacts(SessionFolder session, Optional<Path> explicitPlan, Path cwd, Consumer<String> warn) {
        if (explicitPlan.isPresent()) {
            Path plan = explicitPlan.get();
            if (!Files.isRegularFile(plan)) {
                throw new IllegalArgumentException(plan + ": plan not found");
            }
            PlanFacts f = PlanFactsAdapter.read(plan);
            if (!f.present()) {
                throw new IllegalArgumentException(f.problem());
            }
            return f;
        }
        String line = session.log().header().plan();
        if (line.isBlank()) {
            boolean noLog = session.missing().contains(SessionLayout.LOG);
            warn.accept((noLog ? session.dir() + ": no " + SessionLayout.LOG
                    : session.dir().resolve(SessionLayout.LOG) + ": no Plan: line")
                    + "; the report's plan sections are limited (give --plan)");
            return PlanFacts.missing("the session log names no plan");
        }
        return PlanLocator.locate(session, cwd).map(PlanFactsAdapter::read).orElseGet(() -> {
            String tried = PlanLocator.candidates(session, cwd).stream().map(Path::toString)
                    .collect(Collectors.joining(", "));
            warn.accept("plan " + PlanLocator.planPath(line) + " not found (tried " + tried
                    + "); the report's plan sections are limited (give --plan)");
            return PlanFacts.missing("plan not found: " + PlanLocator.planPath(line));
        });
    }

    /**
     * Renders the report and writes it to {@code target}, or to the folder's report path when empty;
     * there an author's report.md (not written by Falsify) is kept beside ours, never overwritten.
     */
    public static Written write(SessionFolder session, PlanFacts plan, Optional<Path> target) throws IOException {
        String report = ReportWriter.render(session, plan);
        if (target.isPresent()) {
            AtomicFiles.write(target.get(), report);
            return new Written(target.get(), Optional.empty(), session);
        }
        // inside the session folder only, and an author's report.md copied aside before ours replaces it
        ReportFile.Written w = ReportFile.write(session.dir(), report);
        return new Written(w.report(), w.authorCopy(), session);
    }
}
