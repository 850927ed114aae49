package dev.falsify.model.plan;

import dev.falsify.model.coverage.CoverageBuilder;
import dev.falsify.model.lint.Diagnostic;
import dev.falsify.model.lint.LintReport;
import dev.falsify.model.lint.PlanLinter;
import java.nio.file.Files;
import java.nio.file.Path;

public final class LintDump {
    public static void main(String[] args) throws Exception {
        Plan p = PlanParser.parse(Files.readString(Path.of(args[0])));
        for (Diagnostic d : PlanLinter.lint(p)) System.out.println(LintReport.textLine(args[0], d) + (d.fix() != null ? "  [fix: " + d.fix().description() + "]" : ""));
        if (args.length > 1) System.out.println(LintReport.jsonText(p, CoverageBuilder.build(p), PlanLinter.lint(p)));
    }
}
