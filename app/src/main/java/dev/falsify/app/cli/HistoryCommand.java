package dev.falsify.app.cli;

import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.store.HistoryEntry;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify history SCENARIO [--plan SLUG]}: one scenario's verdicts across sessions, flips
 * flagged. A scenario no indexed session records is exit 2, as a name that matches nothing is for
 * the other commands ({@code import} of a folder with no session, {@code override} of an arm the
 * session does not have): a typo must not read as "no flakiness found".
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Show one scenario's (or one arm's, e.g. S5/api) verdicts across indexed sessions, oldest first, and flag flips between "
                + "passing and failing (flaky).", "S1 and S01 name the same scenario.",
                "Only a change under the same run configuration (environment, seeded flags, pinned seed, plan fingerprint,"
                        + " as the session log records them) is a flip; a change between configurations is shown as such.",
                "Exit codes: 0 listed, 2 no indexed session records the scenario (of that --plan), or the store cannot be read."})
public final class HistoryCommand implements Callable<Integer> {
    /** Exit code when nothing matches the scenario (and plan) asked for: an id nothing records is bad input. */
    static final ExitCode NOTHING_FOUND = ExitCode.BAD_INPUT;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id, e.g. S1 or S03.")
    String scenario;

    @Option(names = "--plan", paramLabel = "SLUG", description = "Only sessions of this plan.")
    String plan;

    @Mixin
    JsonOutput output = new JsonOutput();

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<HistoryEntry> entries = store.use(spec.commandLine().getErr(), s -> s.history(scenario, Optional.ofNullable(plan)));
        String none = "no indexed session records scenario " + TerminalText.escape(scenario)
                + (plan == null ? "" : " of plan " + TerminalText.escape(plan)) + " (in " + TerminalText.escape(store.dbPath().toString()) + ")";
        if (output.json()) {
            out.println(SessionsCommand.toJson(entries));
            out.flush();
            if (entries.isEmpty()) {
                spec.commandLine().getErr().println("falsify: " + none);
                spec.commandLine().getErr().flush();
            }
            return (entries.isEmpty() ? NOTHING_FOUND : ExitCode.OK).code();
        }
        if (entries.isEmpty()) {
            out.println(none);
            out.flush();
            return NOTHING_FOUND.code();
        }
        out.printf("%-20s %-22s %-32s %s%n", "PLAN", "SESSION", "VERDICT", "");
        for (HistoryEntry e : entries) {
            // the index holds what session folders said, written by other tools and people: escaped, then padded
            out.printf("%-20s %-22s %-32s %s%n", TerminalText.escape(e.planSlug()), TerminalText.escape(e.session()),
                    TerminalText.escape(e.verdict()), e.note().isEmpty() ? "" : "<- " + TerminalText.escape(e.note()));
        }
        out.println(TerminalText.escape(HistoryEntry.summary(scenario, entries)));
        out.flush();
        return ExitCode.OK.code();
    }
}
