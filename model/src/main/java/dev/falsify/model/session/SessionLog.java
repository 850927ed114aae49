package dev.falsify.model.session;

import java.util.List;

/**
 * {@code session-log.md} as read or as being written.
 *
 * @param header         header lines
 * @param toolbox        bullets of "Toolbox discovered"
 * @param capabilities   rows of the environment capability matrix
 * @param preconditions  checkbox lines of the preconditions check
 * @param timeline       rows of the scenario timeline, in file order
 * @param verdicts       rows of the scenario verdict table
 * @param artifacts      bullets of "Artifacts"
 * @param missing        sections the file lacks (by the spec's names)
 */
public record SessionLog(SessionHeader header, List<String> toolbox, List<CapabilityRow> capabilities,
                         List<Precondition> preconditions, List<TimelineEvent> timeline, List<VerdictRow> verdicts,
                         List<String> artifacts, List<String> missing) {
    public SessionLog {
        toolbox = List.copyOf(toolbox);
        capabilities = List.copyOf(capabilities);
        preconditions = List.copyOf(preconditions);
        timeline = List.copyOf(timeline);
        verdicts = List.copyOf(verdicts);
        artifacts = List.copyOf(artifacts);
        missing = List.copyOf(missing);
    }

    /** True when the log carries the end marker. */
    public boolean ended() {
        return !header.ended().isBlank();
    }
}
