package dev.falsify.checkers.txn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Process-order and real-time edges between the txns that took effect. */
final class OrderEdges {
    private OrderEdges() {
    }

    /** Consecutive txns of one process, in invoke order. */
    static int addProcess(DependencyGraph g, List<Txn> effective) {
        Map<String, List<Txn>> byProcess = new HashMap<>();
        for (Txn t : effective) {
            if (t.op().processId() != null) byProcess.computeIfAbsent(t.op().processId(), k -> new ArrayList<>()).add(t);
        }
        int added = 0;
        for (Map.Entry<String, List<Txn>> e : byProcess.entrySet()) {
            List<Txn> ts = e.getValue();
            ts.sort(Comparator.comparingLong((Txn t) -> t.op().invokeTs()).thenComparingInt(Txn::node));
            for (int i = 0; i + 1 < ts.size(); i++) {
                Txn a = ts.get(i);
                Txn b = ts.get(i + 1);
                g.add(a.node(), b.node(), EdgeKind.PROCESS, null, null, () -> a.label() + " < " + b.label() + ": process "
                        + e.getKey() + " ran " + a.label() + " and then " + b.label());
                added++;
            }
        }
        return added;
    }

    /**
     * a → b when a completed strictly before b was invoked (intervals are closed: equal times are
     * concurrent). Only edges not implied by others are added: a sweep keeps the txns completed
     * since the last ones they follow, so the edge count stays near (txns × concurrency).
     */
    static int addRealtime(DependencyGraph g, List<Txn> effective) {
        record Event(long time, int kind, Txn txn) {
        }
        List<Event> events = new ArrayList<>();
        for (Txn t : effective) {
            events.add(new Event(t.op().invokeTs(), 0, t));
            if (t.committed() && t.op().completeTs() != null) events.add(new Event(t.op().completeTs(), 1, t));
        }
        // invocations before completions at equal times: a completion at t does not precede an invoke at t
        events.sort(Comparator.comparingLong(Event::time).thenComparingInt(Event::kind));
        LinkedHashSet<Txn> frontier = new LinkedHashSet<>();
        Map<Integer, List<Txn>> before = new HashMap<>();
        int added = 0;
        for (Event ev : events) {
            Txn t = ev.txn();
            if (ev.kind() == 0) {
                List<Txn> preds = new ArrayList<>(frontier);
                before.put(t.node(), preds);
                for (Txn p : preds) {
                    g.add(p.node(), t.node(), EdgeKind.REALTIME, null, null, () -> p.label() + " < " + t.label() + ": "
                            + p.label() + " completed (t=" + p.op().completeTs() + ") before " + t.label()
                            + " was invoked (t=" + t.op().invokeTs() + ")");
                    added++;
                }
            } else {
                List<Txn> preds = Objects.requireNonNullElse(before.remove(t.node()), List.of());
                preds.forEach(frontier::remove);
                frontier.add(t);
            }
        }
        return added;
    }
}
