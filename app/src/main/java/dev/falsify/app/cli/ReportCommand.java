package dev.falsify.app.cli;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.ReportExport;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.pictures.SessionPictures;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code falsify report SESSION_DIR [--out FILE] [--plan PLAN.md]}: recompute verdicts, write findings/report.md. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Recompute a session's verdicts and write its findings report (findings/report.md), drawing the "
                + "counterexample pictures (findings/*.svg) it embeds where they are missing.",
                "The plan is found from the session log's Plan: line (relative to the session folder, any folder above it, "
                        + "or the working directory) unless --plan is given. Exit codes: 0 written, 2 bad input (a findings folder "
                        + "leading outside the session included), 4 could not write.",
                "A folder that is not a session (no session-log.md, no findings/report.md) is bad input: nothing is written."})
public final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SESSION_DIR", description = "The session folder.")
    Path sessionDir;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the report (default: SESSION_DIR/findings/report.md; - for stdout).")
    String out;

    @Option(names = "--plan", paramLabel = "PLAN.md", description = "The plan, when the session log's Plan: line does not lead to it.")
    Path plan;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // before anything is drawn or written: a folder that is not a session gets nothing
        SessionDirs.requireSession(sessionDir);
        if (!"-".equals(out)) {
            // pictures first, so the report embeds them: drawn from the history artifacts where missing
            SessionPictures.Regenerated drawn = SessionPictures.regenerate(sessionDir);
            drawn.written().forEach(p -> stdout.println("drew " + TerminalText.escape(p.toString())));
            drawn.problems().forEach(p -> err.println("falsify: warning: " + TerminalText.escape(p)));
        }
        SessionFolder session = SessionDirs.read(sessionDir);
        // what could not be read is in the report too; stderr says it where a script or a person sees it
        // (escaped: a problem quotes the folder's files, written by the system or by hand)
        session.problems().forEach(p -> err.println("falsify: warning: " + TerminalText.escape(sessionDir.resolve(p.replaceFirst(":.*", ""))
                + p.substring(p.indexOf(':') < 0 ? p.length() : p.indexOf(':')))));
        PlanFacts facts;
        try {
            facts = ReportExport.planFacts(session, java.util.Optional.ofNullable(plan), Path.of("").toAbsolutePath(),
                    w -> err.println("falsify: warning: " + TerminalText.escape(w)));
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if ("-".equals(out)) {
            stdout.print(ReportWriter.render(session, facts));
            stdout.flush();
            return ExitCode.OK.code();
        }
        Path target = out != null ? Path.of(out) : SessionLayout.reportPath(sessionDir);
        try {
            ReportExport.Written w = ReportExport.write(session, facts, java.util.Optional.ofNullable(out).map(Path::of));
            // an author's report.md is their record: kept beside ours, never overwritten
            w.setAside().ifPresent(p -> stdout.println("kept the existing report.md (not written by Falsify) as "
                    + TerminalText.escape(p.toString())));
            target = w.report();
        } catch (dev.falsify.model.session.ReportFile.OutsideSessionException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            // could not write (disk full, no permission): the same exit code as `run`
            throw new UserError(target + ": cannot write: " + e.getMessage(), ExitCode.WRITE_FAILED);
        }
        stdout.println("wrote " + TerminalText.escape(target.toString()) + " \u2014 " + session.headline().name()
                + (session.interrupted() ? " (session interrupted)" : ""));
        stdout.flush();
        return ExitCode.OK.code();
    }
}
