package dev.falsify.app.cli;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.text.TerminalText;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.vocabulary.PlanId;
import dev.falsify.runner.store.SessionStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code falsify override SESSION_DIR ARM --reason …}: record a reviewer's verdict and labels beside
 * the computed verdict (in findings/overrides.md, then re-indexed).
 */
@Command(name = "override", mixinStandardHelpOptions = true,
        description = {"Record a reviewer override for one scenario arm: a verdict and/or blame, TaxDC bug type and "
                + "severity, with author, time and a required reason. The computed verdict is kept; both are shown.",
                "Exit codes: 0 recorded, 2 bad input (overrides.md unreadable, a findings folder leading outside the "
                        + "session), 4 could not write."})
public final class OverrideCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SESSION_DIR", description = "The session folder.")
    Path sessionDir;

    @Parameters(index = "1", paramLabel = "ARM", description = "Scenario or arm id, e.g. S1 or S5/api.")
    String arm;

    @Option(names = "--verdict", paramLabel = "VERDICT", description = "One of the 10 verdicts, e.g. FAIL-nondeterministic.")
    String verdict;

    @Option(names = "--blame", paramLabel = "BLAME", description = "SUT, harness, checker, environment or unknown.")
    String blame;

    @Option(names = "--taxdc", paramLabel = "TYPE", description = "Top-level type and tags, e.g. \"partition; replication, safety\".")
    String taxdc;

    @Option(names = "--severity", paramLabel = "P0..P3", description = "Severity of the finding.")
    String severity;

    @Option(names = "--author", paramLabel = "NAME", description = "Reviewer (default: the user name).")
    String author;

    @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why (required).")
    String reason;

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        SessionFolder folder = SessionDirs.read(sessionDir);
        String armId = folder.arms().stream().map(SessionFolder.ArmVerdict::armId)
                .filter(a -> PlanId.key(a).equals(PlanId.key(arm))).findFirst()
                .orElseThrow(() -> new UserError(sessionDir + ": no arm " + arm + " in this session (arms: "
                        + folder.arms().stream().map(SessionFolder.ArmVerdict::armId).collect(Collectors.joining(", ")) + ")"));
        Verdict v = verdict == null ? null : Verdict.parse(verdict).orElseThrow(() -> new UserError("--verdict " + verdict
                + ": expected one of " + Arrays.stream(Verdict.values()).map(Verdict::label).collect(Collectors.joining(", "))));
        Blame b = blame == null ? null : Blame.find(blame).orElseThrow(() -> new UserError("--blame " + blame
                + ": expected SUT, harness, checker, environment or unknown"));
        BugType t = taxdc == null ? null : BugType.find(taxdc).orElseThrow(() -> new UserError("--taxdc " + taxdc
                + ": expected a top-level type (" + Arrays.stream(BugType.Top.values()).map(BugType.Top::label)
                .collect(Collectors.joining(", ")) + ") and optional tags"));
        FindingSeverity s = severity == null ? null : FindingSeverity.find(severity).orElseThrow(() -> new UserError("--severity "
                + severity + ": expected P0, P1, P2 or P3"));
        if (v == null && b == null && t == null && s == null) {
            throw new UserError("nothing to override: give --verdict, --blame, --taxdc or --severity");
        }
        if (reason.isBlank()) {
            throw new UserError("--reason must say why");
        }
        String who = author != null && !author.isBlank() ? author : System.getProperty("user.name", "reviewer");
        VerdictOverride o = new VerdictOverride(armId, v, b, t, s, who, Instant.now().truncatedTo(ChronoUnit.SECONDS), reason);
        try (SessionStore st = store.open(spec.commandLine().getErr())) {
            st.recordOverride(sessionDir, o);
        } catch (dev.falsify.model.session.SessionWriter.CannotWrite e) {
            throw new UserError(sessionDir + ": " + e.getMessage(), ExitCode.WRITE_FAILED);
        } catch (IOException e) {
            // overrides.md unreadable, or a findings folder leading outside the session: bad input, nothing written
            throw new UserError(sessionDir + ": " + e.getMessage());
        }
        out.println("recorded override for " + TerminalText.escape(armId) + " in "
                + TerminalText.escape(sessionDir.resolve("findings/overrides.md").toString()) + (v == null ? "" : ": " + v.label()));
        out.flush();
        return ExitCode.OK.code();
    }
}
