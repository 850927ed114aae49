package dev.falsify.runner.proxy;

import java.util.List;
import java.util.Map;

/**
 * The landing evidence of one proxy fault window: what was injected, which connections it saw and
 * hit, and what it did per direction. A fault that hit no connection did not land.
 *
 * @param proxy                the proxy (link) name
 * @param windowId             fault window id (the run block's fault name, plus seed/run suffix)
 * @param kind                 fault kind
 * @param connections          selector text (all, first:3, …)
 * @param injectedAtMs         epoch millis of injection
 * @param healedAtMs           epoch millis of heal, or -1 while the window is active
 * @param connectionsSeen      connections the window considered
 * @param connectionsSelected  connections its selector chose
 * @param connectionsApplied   connections the fault touched
 * @param connectionsReset     connections reset (RST to both ends)
 * @param connectionsCut       connections closed by the fault (limit-data) or at heal because they lost bytes
 * @param connectionsHeld      connections accepted and never connected upstream (hang, or opened during a partition)
 * @param closesDelayed        closes held back by slow-close
 * @param firstActedAtMs       epoch millis of the first time the fault did something to a connection, 0 if never
 * @param lastActedAtMs        epoch millis of the last time it did, 0 if never
 * @param byDirection          {@code upstream} / {@code downstream} → counters
 * @param connectionRecords    per-connection record of whether the fault applied
 */
public record ProxyWindowReading(String proxy, String windowId, String kind, String connections, long injectedAtMs,
                             long healedAtMs, long connectionsSeen, long connectionsSelected, long connectionsApplied,
                             long connectionsReset, long connectionsCut, long connectionsHeld, long closesDelayed,
                             long firstActedAtMs, long lastActedAtMs, Map<String, DirectionReading> byDirection, List<ConnectionRecord> connectionRecords) {

    public ProxyWindowReading {
        byDirection = Map.copyOf(byDirection);
        connectionRecords = List.copyOf(connectionRecords);
    }

    /** True when the fault touched at least one connection: the minimum for "the fault landed". */
    public boolean landed() {
        return connectionsApplied > 0;
    }

    /** One line for the timeline and the report, e.g. {@code partition on n2-link: 2/2 connections hit, 1834 B dropped up, 0 B down}. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(kind).append(" on ").append(proxy).append(" [").append(connections).append("]: ")
                .append(connectionsApplied).append('/').append(connectionsSeen).append(" connections hit");
        for (Direction d : Direction.values()) {
            DirectionReading r = byDirection.get(d.label());
            if (r == null) continue;
            sb.append("; ").append(d.label()).append(": ");
            sb.append(r.bytesDropped()).append(" B dropped, ").append(r.bytesDelayed()).append(" B delayed (+")
                    .append(r.delayAddedMs()).append(" ms), ").append(r.bytesCut()).append(" B cut, ")
                    .append(r.bytesForwarded()).append(" B passed");
        }
        if (connectionsReset > 0) sb.append("; ").append(connectionsReset).append(" reset");
        if (connectionsCut > 0) sb.append("; ").append(connectionsCut).append(" cut");
        if (connectionsHeld > 0) sb.append("; ").append(connectionsHeld).append(" held unanswered");
        if (closesDelayed > 0) sb.append("; ").append(closesDelayed).append(" closes delayed");
        return sb.toString();
    }
}
