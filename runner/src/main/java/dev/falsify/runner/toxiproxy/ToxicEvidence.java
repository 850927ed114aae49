package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.runner.proxy.Direction;
import dev.falsify.runner.proxy.DirectionReading;
import dev.falsify.runner.proxy.ProxyWindowReading;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one toxic did, summed over the fault windows it had on the engine (a proxy that is disabled and
 * enabled again, or moved, opens a new window for each of its toxics): the same readings the runner turns
 * into landing evidence, so "landed" here means what it means in a session.
 *
 * @param connectionsTouched connections the toxic did something to (delayed, dropped, sliced, cut, reset…)
 * @param resetsSent         connections reset (RST to both ends)
 * @param connectionsClosed  connections the toxic closed (limit_data, timeout, or at removal after losing bytes)
 * @param firstActedAtMs     epoch millis of the first time it acted, 0 if never
 */
public record ToxicEvidence(String proxy, ToxicSpec toxic, boolean active, long addedAtMs, long removedAtMs,
                            long connectionsSeen, long connectionsSelected, long connectionsTouched,
                            long resetsSent, long connectionsClosed, long closesDelayed,
                            Map<Direction, DirectionReading> streams, long firstActedAtMs, long lastActedAtMs) {

    public ToxicEvidence {
        streams = Map.copyOf(streams);
    }

    /** Sums the windows' readings (in order; an inert toxic has none). */
    static ToxicEvidence of(String proxy, ToxicSpec toxic, boolean active, long addedAtMs, long removedAtMs,
            List<ProxyWindowReading> windows) {
        long seen = 0, selected = 0, touched = 0, reset = 0, closed = 0, closes = 0, first = 0, last = 0;
        Map<Direction, long[]> sums = new EnumMap<>(Direction.class);
        for (Direction d : Direction.values()) sums.put(d, new long[7]);
        for (ProxyWindowReading r : windows) {
            seen += r.connectionsSeen();
            selected += r.connectionsSelected();
            touched += r.connectionsApplied();
            reset += r.connectionsReset();
            closed += r.connectionsCut();
            closes += r.closesDelayed();
            if (r.firstActedAtMs() > 0) first = first == 0 ? r.firstActedAtMs() : Math.min(first, r.firstActedAtMs());
            last = Math.max(last, r.lastActedAtMs());
            for (Direction d : Direction.values()) {
                DirectionReading x = r.byDirection().get(d.label());
                if (x == null) continue;
                long[] s = sums.get(d);
                s[0] += x.bytesForwarded();
                s[1] += x.bytesDropped();
                s[2] += x.bytesDelayed();
                s[3] += x.delayAddedMs();
                s[4] += x.bytesCut();
                s[5] += x.slices();
                s[6] += x.bytesSliced();
            }
        }
        Map<Direction, DirectionReading> streams = new EnumMap<>(Direction.class);
        sums.forEach((d, s) -> streams.put(d, new DirectionReading(s[0], s[1], s[2], s[3], s[4], s[5], s[6])));
        return new ToxicEvidence(proxy, toxic, active, addedAtMs, removedAtMs, seen, selected, touched, reset, closed,
                closes, streams, first, last);
    }

    /** Toxiproxy's toxicity can leave a toxic on no connection: landed means it did something to at least one. */
    public boolean landed() {
        return connectionsTouched > 0;
    }

    private long sum(java.util.function.ToLongFunction<DirectionReading> f) {
        long n = 0;
        for (DirectionReading r : streams.values()) n += f.applyAsLong(r);
        return n;
    }

    public long bytesDelayed() {
        return sum(DirectionReading::bytesDelayed);
    }

    public long bytesDropped() {
        return sum(DirectionReading::bytesDropped);
    }

    public long bytesSliced() {
        return sum(DirectionReading::bytesSliced);
    }

    public long bytesCut() {
        return sum(DirectionReading::bytesCut);
    }

    /** One line: what it did, or that it did nothing. */
    public String summary() {
        StringBuilder sb = new StringBuilder(toxic.type().id()).append(' ').append(toxic.name()).append(" on ").append(proxy)
                .append(": ").append(connectionsTouched).append('/').append(connectionsSeen).append(" connections touched");
        if (bytesDelayed() > 0) sb.append(", ").append(bytesDelayed()).append(" B delayed (+").append(sum(DirectionReading::delayAddedMs)).append(" ms)");
        if (bytesDropped() > 0) sb.append(", ").append(bytesDropped()).append(" B dropped");
        if (bytesSliced() > 0) sb.append(", ").append(bytesSliced()).append(" B sliced into ").append(sum(DirectionReading::slices) + 1).append("+ pieces");
        if (bytesCut() > 0) sb.append(", ").append(bytesCut()).append(" B cut");
        if (resetsSent > 0) sb.append(", ").append(resetsSent).append(" reset");
        if (connectionsClosed > 0) sb.append(", ").append(connectionsClosed).append(" closed");
        if (closesDelayed > 0) sb.append(", ").append(closesDelayed).append(" closes delayed");
        if (!landed()) sb.append(toxic.inert() ? " (inert: rate 0 is unlimited)" : " (not landed)");
        return sb.toString();
    }

    /** The evidence endpoint's body and the JSONL record's {@code evidence}: Toxiproxy's snake_case. */
    ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("proxy", proxy);
        o.put("toxic", toxic.name());
        o.put("type", toxic.type().id());
        o.put("stream", toxic.stream().label());
        ToxicSpec.putNumber(o, "toxicity", toxic.toxicity());
        o.set("attributes", toxic.toJson().get("attributes"));
        o.put("active", active);
        o.put("added_at", iso(addedAtMs));
        if (removedAtMs > 0) o.put("removed_at", iso(removedAtMs));
        else o.putNull("removed_at");
        o.put("landed", landed());
        o.put("connections_seen", connectionsSeen);
        o.put("connections_selected", connectionsSelected);
        o.put("connections_touched", connectionsTouched);
        o.put("bytes_delayed", bytesDelayed());
        o.put("delay_added_ms", sum(DirectionReading::delayAddedMs));
        o.put("bytes_dropped", bytesDropped());
        o.put("bytes_sliced", bytesSliced());
        o.put("slices", sum(DirectionReading::slices));
        o.put("bytes_cut", bytesCut());
        o.put("bytes_passed", sum(DirectionReading::bytesForwarded));
        o.put("resets_sent", resetsSent);
        o.put("connections_closed", connectionsClosed);
        o.put("closes_delayed", closesDelayed);
        if (firstActedAtMs > 0) o.put("first_acted_at", iso(firstActedAtMs));
        else o.putNull("first_acted_at");
        if (lastActedAtMs > 0) o.put("last_acted_at", iso(lastActedAtMs));
        else o.putNull("last_acted_at");
        ObjectNode byStream = o.putObject("streams");
        for (Direction d : Direction.values()) {
            DirectionReading r = streams.get(d);
            ObjectNode s = byStream.putObject(d.label());
            s.put("bytes_passed", r.bytesForwarded());
            s.put("bytes_delayed", r.bytesDelayed());
            s.put("delay_added_ms", r.delayAddedMs());
            s.put("bytes_dropped", r.bytesDropped());
            s.put("bytes_sliced", r.bytesSliced());
            s.put("slices", r.slices());
            s.put("bytes_cut", r.bytesCut());
        }
        o.put("summary", summary());
        return o;
    }

    static String iso(long epochMs) {
        return Instant.ofEpochMilli(epochMs).toString();
    }
}
