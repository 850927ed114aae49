package dev.falsify.runner.trust;

import dev.falsify.model.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What to show before a plan runs, from the trust store's {@link TrustStore.Decision}: for a plan
 * never trusted every fingerprint line (commands, cwd, env, probes) that will execute; for one whose
 * commands changed the {@code +} / {@code -} lines. Lines and the plan's path are
 * {@link TerminalText#escape escaped} so every character the shell gets is visible (no control,
 * format or invisible character raw, no command hidden after a run of spaces). {@code falsify run}
 * prints it, the workbench shows it in its trust dialog: one text for both.
 *
 * @param heading one sentence saying why the user is asked
 * @param lines   the lines to show, as printable text
 * @param changed whether the plan was trusted before and its commands changed
 */
public record TrustPrompt(String heading, List<String> lines, boolean changed) {
    public TrustPrompt {
        lines = List.copyOf(lines);
    }

    /** The prompt for a decision, or empty when the plan is trusted as it is. */
    public static Optional<TrustPrompt> of(Path plan, TrustStore.Decision d, List<String> commands) {
        if (d instanceof TrustStore.Decision.Trusted) return Optional.empty();
        List<String> out = new ArrayList<>();
        String shown = TerminalText.escape(plan.toString());
        if (d instanceof TrustStore.Decision.CommandsChanged c) {
            for (String s : c.added()) out.add("+ " + PlanCommands.display(s));
            for (String s : c.removed()) out.add("- " + PlanCommands.display(s));
            return Optional.of(new TrustPrompt("What " + shown + " runs changed since you trusted it:", out, true));
        }
        for (String s : commands) out.add(PlanCommands.display(s));
        return Optional.of(new TrustPrompt(shown + " has not been trusted yet. Running it executes these commands:", out, false));
    }
}
