package dev.falsify.app.cli;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.coverage.CoverageMatrix;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.LintReport;
import dev.falsify.model.lint.PlanLinter;
import dev.falsify.model.lint.Severity;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanFile;
import dev.falsify.model.text.TerminalText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code falsify lint PLAN.md [--json]}: parse and lint a plan, print diagnostics like a compiler. */
@Command(name = "lint", mixinStandardHelpOptions = true,
        description = {"Parse and lint a test plan (rules P001–P019).",
                "Exit 0 when there is no error (warnings allowed), 1 when there are errors, 2 when the file is unreadable or not a plan.",
                "--json prints the plan projection and the diagnostics."})
public final class LintCommand implements Callable<Integer>, QuickCommandLine.Plain {

    @Parameters(index = "0", paramLabel = "PLAN.md", description = "The plan file.")
    Path plan;

    @Mixin
    JsonOutput output = new JsonOutput();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * A clean lint of a plan with nothing in it (a fresh skeleton) is not a plan that is ready: say
     * what it still lacks, so "0 errors" is not read as "done".
     */
    static String emptiness(Plan p) {
        List<String> none = new java.util.ArrayList<>();
        if (p.claims().isEmpty()) none.add("claims (§1b)");
        if (p.hypotheses().isEmpty()) none.add("failure hypotheses (§4)");
        if (p.scenarios().isEmpty()) none.add("scenarios (§7)");
        if (none.isEmpty()) return "";
        return "; the plan has no " + String.join(", no ", none) + " yet, so there is nothing to run";
    }

    /** The command with its options set, by picocli or by {@link QuickCommandLine}. */
    @Override
    public int run(PrintWriter out, PrintWriter err) {
        Plan parsed;
        try {
            parsed = PlanFile.read(plan);
        } catch (PlanFile.UnreadablePlanException e) {
            throw new UserError(e.getMessage());
        }
        CoverageMatrix coverage = CoverageBuilder.build(parsed);
        List<Diagnostic> diagnostics = PlanLinter.lint(parsed, coverage);
        if (output.json()) {
            out.println(LintReport.jsonText(parsed, coverage, diagnostics));
        } else {
            // a diagnostic quotes the plan's text: escaped, so none acts on the terminal
            for (Diagnostic d : diagnostics) out.println(TerminalText.escape(LintReport.textLine(plan.toString(), d)));
            long errors = diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count();
            long warnings = diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count();
            err.println(TerminalText.escape(plan.toString()) + ": " + errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s")
                    + emptiness(parsed));
            err.flush();
        }
        out.flush();
        return (PlanLinter.hasErrors(diagnostics) ? ExitCode.FAILED : ExitCode.OK).code();
    }
}
