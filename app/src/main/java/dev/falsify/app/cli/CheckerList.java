package dev.falsify.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.model.vocabulary.HistoryModel;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;

/** {@code falsify check --list}: every registered checker with its models and what it needs. */
final class CheckerList {
    private CheckerList() {
    }

    static void print(PrintWriter out, boolean json) {
        if (json) {
            ObjectMapper m = new ObjectMapper();
            ArrayNode arr = m.createArrayNode();
            for (Checker c : CheckerRegistry.standard().all()) {
                ObjectNode n = arr.addObject();
                n.put("name", c.name());
                models(c).forEach(n.putArray("models")::add);
                c.needs().forEach(n.putArray("needs")::add);
            }
            try {
                out.println(m.writeValueAsString(arr));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            for (Checker c : CheckerRegistry.standard().all()) {
                out.println(c.name());
                out.println("  models: " + String.join(", ", models(c)));
                out.println("  needs:  " + String.join("; ", c.needs()));
            }
        }
        out.flush();
    }

    /** A checker's models by canonical name; {@code any} for a checker that takes every model. */
    private static List<String> models(Checker c) {
        return c.models().containsAll(List.of(HistoryModel.values())) ? List.of("any") : HistoryModel.ids(c.models());
    }
}
