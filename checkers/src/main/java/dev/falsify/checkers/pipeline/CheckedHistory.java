package dev.falsify.checkers.pipeline;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.CheckResultJson;
import dev.falsify.checkers.api.CheckResultText;
import dev.falsify.checkers.history.HistoryFormat;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What the pipeline answers for one history: where it came from, the format it was read as, and
 * the checker's result with the reader's notes and weaknesses attached.
 *
 * @param source the file (as given) or label the history came from
 */
public record CheckedHistory(String source, HistoryFormat format, CheckResult result) {
    /** The {@code falsify check --json} / session-file object. */
    public ObjectNode toJson() {
        return CheckResultJson.toJson(source, format.id(), result);
    }

    /** The lines {@code falsify check} prints. */
    public List<String> lines() {
        return CheckResultText.lines(source, format.id(), result);
    }
}
