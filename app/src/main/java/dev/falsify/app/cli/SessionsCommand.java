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

/** {@code falsify sessions [--plan SLUG] [--json]}: the indexed sessions with their headline verdicts. */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = "List indexed sessions with their headline verdicts, oldest first per plan.")
public final class SessionsCommand implements Callable<Integer> {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
        List<StoredSession> sessions = store.use(spec.commandLine().getErr(), s -> s.sessions(Optional.ofNullable(plan)));
        if (json) {
            out.println(toJson(sessions));
        } else if (sessions.isEmpty()) {
            out.println("no sessions" + (plan == null ? "" : " for plan " + plan) + " in " + store.dbPath()
                    + " (index some with: falsify import test-sessions/)");
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
        return 0;
    }

    static String toJson(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
