package dev.falsify.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.store.StoredSession;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify sessions [--plan SLUG] [--json]}: the indexed sessions with their headline verdicts.
 * An empty store lists nothing (exit 0); a {@code --plan} no indexed session has is exit 2, as
 * for {@code falsify history}.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"List indexed sessions with their headline verdicts, oldest first per plan.",
                "Exit codes: 0 listed (an empty store too), 2 no indexed session of the --plan given, or the store cannot be read."})
public final class SessionsCommand implements Callable<Integer> {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
        List<StoredSession> sessions = store.use(spec.commandLine().getErr(), s -> s.sessions(Optional.ofNullable(plan)));
        String none = "no sessions" + (plan == null ? "" : " for plan " + TerminalText.escape(plan)) + " in "
                + TerminalText.escape(store.dbPath().toString()) + " (index some with: falsify import test-sessions/)";
        if (output.json()) {
            out.println(toJson(sessions));
            if (sessions.isEmpty() && plan != null) spec.commandLine().getErr().println("falsify: " + none);
        } else if (sessions.isEmpty()) {
            out.println(none);
        } else {
            out.printf("%-20s %-22s %-19s %-16s %s%n", "PLAN", "SESSION", "HEADLINE", "COMMIT", "SCENARIOS");
            for (StoredSession s : sessions) {
                // the index holds what session folders said, written by other tools and people: escaped, then padded
                String scen = s.scenarios().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "));
                out.printf("%-20s %-22s %-19s %-16s %s%n", TerminalText.escape(s.planSlug()), TerminalText.escape(s.name()),
                        TerminalText.escape(s.headline() + (s.interrupted() ? "*" : "")),
                        s.commit().isBlank() ? "-" : TerminalText.escape(s.commit()), TerminalText.escape(scen));
            }
            if (sessions.stream().anyMatch(StoredSession::interrupted)) {
                out.println("* interrupted (no end marker)");
            }
        }
        out.flush();
        spec.commandLine().getErr().flush();
        return (sessions.isEmpty() && plan != null ? HistoryCommand.NOTHING_FOUND : ExitCode.OK).code();
    }

    static String toJson(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
