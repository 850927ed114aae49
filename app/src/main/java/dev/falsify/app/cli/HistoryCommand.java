package dev.falsify.app.cli;

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

/** {@code falsify history SCENARIO [--plan SLUG]}: one scenario's verdicts across sessions, flips flagged. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Show one scenario's (or one arm's, e.g. S5/api) verdicts across indexed sessions, oldest first, and flag flips between "
                + "passing and failing (flaky).", "S1 and S01 name the same scenario.",
                "Only a change under the same run configuration (environment, seeded flags, pinned seed, plan fingerprint,"
                        + " as the session log records them) is a flip; a change between configurations is shown as such."})
public final class HistoryCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id, e.g. S1 or S03.")
    String scenario;

    @Option(names = "--plan", paramLabel = "SLUG", description = "Only sessions of this plan.")
    String plan;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Mixin
    StoreOptions store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<HistoryEntry> entries = store.use(spec.commandLine().getErr(), s -> s.history(scenario, Optional.ofNullable(plan)));
        if (json) {
            out.println(SessionsCommand.toJson(entries));
            out.flush();
            return 0;
        }
        if (entries.isEmpty()) {
            out.println("no indexed session records scenario " + scenario + (plan == null ? "" : " of plan " + plan));
            out.flush();
            return 0;
        }
        out.printf("%-20s %-22s %-32s %s%n", "PLAN", "SESSION", "VERDICT", "");
        for (HistoryEntry e : entries) {
            out.printf("%-20s %-22s %-32s %s%n", e.planSlug(), e.session(), e.verdict(), e.flip() ? "<- flip"
                    : e.configurationChange().isEmpty() ? "" : "<- other run configuration (" + e.configurationChange() + ")");
        }
        out.println(HistoryEntry.summary(scenario, entries));
        out.flush();
        return 0;
    }
}
