package dev.falsify.app.ui.spacetime;

import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the space-time diagram draws, computed from a session's message events without JavaFX: the nodes
 * (one vertical line each, in order of first appearance), one arrow per delivery from the send's row to the
 * delivery's row (a dropped message ends in a cross, a delayed or held one is marked, the second delivery of
 * a duplicate too) and the monitor's state changes. Rows are the order of events; hidden nodes and types
 * not shown leave no rows behind.
 */
public final class SpaceTimeModel {
    /** How an arrow ends. */
    public enum End { DELIVERED, DROPPED, UNDELIVERED }

    /**
     * @param delayed   a {@code delay} filter acted on it
     * @param held      it was held and released
     * @param duplicate the second delivery of a duplicated message
     */
    public record Arrow(String message, String type, String src, String dst, String link, String filter, int fromRow, int toRow,
                        End end, boolean delayed, boolean held, boolean duplicate, String payload, long sendMicros,
                        long endMicros) {
        public String describe() {
            return message + " " + (type.isEmpty() ? "(untyped)" : type) + " " + src + "\u2192" + dst + " via " + link
                    + (filter.isEmpty() ? "" : " [" + filter + "]") + " \u2014 " + switch (end) {
                        case DELIVERED -> (duplicate ? "duplicate delivered" : held ? "held, released, delivered"
                                : delayed ? "delayed, delivered" : "delivered");
                        case DROPPED -> "dropped";
                        case UNDELIVERED -> "never delivered";
                    } + " after " + Math.max(0, endMicros - sendMicros) / 1000.0 + " ms: " + payload;
        }
    }

    /** A monitor state change at a row. */
    public record StateMark(int row, String state, String note, boolean terminalFailure, boolean terminalSuccess) {
    }

    private final List<String> allNodes;
    private final List<String> allTypes;
    private final List<String> nodes;
    private final List<Arrow> arrows;
    private final List<StateMark> states;
    private final int rows;
    /** rowMono[r]: the session-clock time (runner monotonic ns) of the event drawn at row r */
    private final long[] rowMono;

    private SpaceTimeModel(List<String> allNodes, List<String> allTypes, List<String> nodes, List<Arrow> arrows,
                           List<StateMark> states, int rows, long[] rowMono) {
        this.rowMono = rowMono;
        this.allNodes = allNodes;
        this.allTypes = allTypes;
        this.nodes = nodes;
        this.arrows = arrows;
        this.states = states;
        this.rows = rows;
    }

    /**
     * @param hiddenNodes nodes left out (with every message from or to them)
     * @param types       the message types shown, or null for all
     */
    public static SpaceTimeModel of(List<MessageEvent> events, Set<String> hiddenNodes, Set<String> types) {
        return of(events, hiddenNodes, types, null);
    }

    /**
     * @param hiddenNodes nodes left out (with every message from or to them)
     * @param types       the message types shown, or null for all
     * @param node        only the messages from or to this node (every node's line stays), or null for all
     */
    public static SpaceTimeModel of(List<MessageEvent> events, Set<String> hiddenNodes, Set<String> types, String node) {
        Set<String> allNodes = new LinkedHashSet<>();
        Set<String> allTypes = new LinkedHashSet<>();
        for (MessageEvent e : events) {
            if (!e.kind().ofMessage()) continue;
            allNodes.add(e.src());
            allNodes.add(e.dst());
            allTypes.add(e.type());
        }
        List<String> nodes = allNodes.stream().filter(n -> !hiddenNodes.contains(n)).toList();
        Map<String, MessageEvent> sends = new HashMap<>();
        Map<String, Integer> sendRows = new HashMap<>();
        Map<String, Integer> deliveries = new HashMap<>();
        Set<String> delayed = new LinkedHashSet<>();
        Set<String> held = new LinkedHashSet<>();
        Set<String> ended = new LinkedHashSet<>();
        Map<String, String> acting = new HashMap<>();
        List<Arrow> arrows = new ArrayList<>();
        List<StateMark> states = new ArrayList<>();
        int row = 0;
        long[] mono = new long[events.size()];
        for (MessageEvent e : events) {
            // every row++ below draws this event: its time is the row's (rows only grow with the events)
            mono[row] = e.monoNanos();
            if (e.kind() == MessageEventKind.STATE) {
                // the engine notes how a change decided the monitor: "… — failure" or "the default decides: success"
                boolean failure = e.note().endsWith("— failure") || e.note().contains("default decides: failure");
                boolean success = e.note().endsWith("— success") || e.note().contains("default decides: success");
                states.add(new StateMark(row++, e.state(), e.note(), failure, success));
                continue;
            }
            boolean shown = !hiddenNodes.contains(e.src()) && !hiddenNodes.contains(e.dst()) && (types == null || types.contains(e.type()))
                    && (node == null || node.equals(e.src()) || node.equals(e.dst()));
            if (!shown) continue;
            switch (e.kind()) {
                case SEND -> {
                    sends.put(e.message(), e);
                    sendRows.put(e.message(), row++);
                }
                case DELAY -> {
                    delayed.add(e.message());
                    acting.put(e.message(), e.filter());
                }
                case HOLD -> {
                    held.add(e.message());
                    acting.put(e.message(), e.filter());
                }
                case DELIVER, DROP -> {
                    MessageEvent s = sends.get(e.message());
                    if (s == null) continue;
                    int n = deliveries.merge(e.message(), 1, Integer::sum);
                    arrows.add(new Arrow(e.message(), e.type(), e.src(), e.dst(), e.link(), e.filter(), sendRows.get(e.message()), row++,
                            e.kind() == MessageEventKind.DROP ? End.DROPPED : End.DELIVERED, delayed.contains(e.message()),
                            held.contains(e.message()), n > 1, e.payload(), s.timeMicros(), e.timeMicros()));
                    ended.add(e.message());
                }
                default -> {
                }
            }
        }
        for (Map.Entry<String, MessageEvent> s : sends.entrySet()) {
            if (ended.contains(s.getKey())) continue;
            MessageEvent e = s.getValue();
            arrows.add(new Arrow(e.message(), e.type(), e.src(), e.dst(), e.link(), acting.getOrDefault(e.message(), ""),
                    sendRows.get(e.message()), Math.max(row - 1, sendRows.get(e.message())), End.UNDELIVERED, delayed.contains(e.message()), held.contains(e.message()),
                    false, e.payload(), e.timeMicros(), e.timeMicros()));
        }
        arrows.sort(Comparator.comparingInt(Arrow::fromRow).thenComparingInt(Arrow::toRow));
        return new SpaceTimeModel(List.copyOf(allNodes), List.copyOf(allTypes), nodes, List.copyOf(arrows), List.copyOf(states), row,
                Arrays.copyOf(mono, row));
    }

    /** What happens at a row, in words: a message sent or ending there, or a monitor change; empty for none. */
    public String describeRow(int row) {
        for (StateMark s : states) {
            if (s.row() == row) return "monitor \u2192 " + s.state() + " (" + s.note() + ")";
        }
        for (Arrow a : arrows) {
            if (a.fromRow() == row) return "sent: " + a.describe();
            if (a.toRow() == row && a.end() != End.UNDELIVERED) return "arrived: " + a.describe();
        }
        return "";
    }

    /** The session-clock time (runner monotonic ns) of a row's event; 0 when out of range. */
    public long monoOf(int row) {
        return row < 0 || row >= rowMono.length ? 0 : rowMono[row];
    }

    /** The first row at or after the instant (the last row when the instant is after them all); -1 with no rows. */
    public int rowAt(long monoNanos) {
        if (rowMono.length == 0) return -1;
        int lo = 0;
        int hi = rowMono.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (rowMono[mid] < monoNanos) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    public List<String> allNodes() {
        return allNodes;
    }

    public List<String> allTypes() {
        return allTypes;
    }

    /** The nodes drawn, left to right. */
    public List<String> nodes() {
        return nodes;
    }

    public List<Arrow> arrows() {
        return arrows;
    }

    public List<StateMark> states() {
        return states;
    }

    public int rows() {
        return rows;
    }
}
