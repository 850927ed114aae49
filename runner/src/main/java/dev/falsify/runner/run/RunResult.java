package dev.falsify.runner.run;

import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a plan run produced.
 *
 * @param sessionDir the session folder
 * @param headline   the session verdict
 * @param verdicts   arm id → verdict, in run order
 * @param reasons    arm id → one-line reason
 * @param report     findings/report.md, or null when it could not be written
 */
public record RunResult(Path sessionDir, SessionHeadline headline, Map<String, Verdict> verdicts,
                        Map<String, String> reasons, Path report) {
    public RunResult {
        verdicts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(verdicts));
        reasons = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(reasons));
    }
}
