package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.model.history.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Dependencies of a list-append history. Every element is appended once, so a read of a list names
 * the txn that wrote each element, and the longest read of a key is its version order as far as
 * anyone observed (every other committed read of the key must be a prefix of it, or the reads are
 * {@code incompatible-order}). From that order:
 * <ul>
 *   <li>ww: the writer of each element precedes the writer of the next; a committed append nobody
 *       observed follows the writer of the last observed element;</li>
 *   <li>wr: the writer of the last element of a read (not counting the reader's own appends)
 *       precedes the reader;</li>
 *   <li>rw: a reader precedes the writer of the element after what it read; a reader of the whole
 *       observed list precedes every committed append nobody observed (a read of the initial empty
 *       list precedes every append).</li>
 * </ul>
 * A read of {@code nil} in a committed txn is the empty list (the key was never appended to).
 */
final class ListAppendInference extends Inference {
    /** Who appended an element, and whether it was that txn's last append to the key. */
    private record Write(Txn txn, int order, boolean last) {
    }

    private record Read(Txn txn, String key, List<String> elems) {
    }

    private final Map<String, Map<String, Write>> writers = new HashMap<>();
    private final Map<String, List<Read>> readsByKey = new LinkedHashMap<>();

    ListAppendInference(List<Txn> txns) {
        super(txns);
    }

    @Override
    void run(Deadline deadline) {
        LostUpdates.find(txns, findings, true);
        indexAppends();
        Set<Txn> observedUnknown = new HashSet<>();
        for (Txn t : txns) {
            if (!t.committed() || !t.readsKnown()) continue;
            collectReads(t, observedUnknown);
        }
        for (Txn t : txns) if (t.committed() || observedUnknown.contains(t)) effective.add(t);
        Set<String> allKeys = new HashSet<>(writers.keySet());
        allKeys.addAll(readsByKey.keySet());
        keys = allKeys.size();
        int n = 0;
        for (String key : allKeys) {
            inferKey(key, observedUnknown);
            if ((++n & 63) == 0) deadline.check();
        }
    }

    private void indexAppends() {
        for (Txn t : txns) {
            Map<String, List<String>> perKey = new LinkedHashMap<>();
            for (MicroOp m : t.mops()) {
                if (m.isRead()) continue;
                perKey.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(ValueText.canonical(m.value()));
            }
            perKey.forEach((key, elems) -> {
                Map<String, Write> w = writers.computeIfAbsent(key, k -> new HashMap<>());
                for (int i = 0; i < elems.size(); i++) {
                    Write prev = w.putIfAbsent(elems.get(i), new Write(t, i, i == elems.size() - 1));
                    if (prev != null) {
                        weak("duplicate-appends", t, "list-append needs every appended element to be unique per key; "
                                + "these txns append an element already appended (the first append is used)");
                    }
                }
            });
        }
    }

    private void collectReads(Txn t, Set<Txn> observedUnknown) {
        Map<String, List<String>> state = new HashMap<>();
        Map<String, List<String>> suffix = new HashMap<>();
        for (MicroOp m : t.mops()) {
            String k = m.key();
            if (!m.isRead()) {
                String e = ValueText.canonical(m.value());
                if (state.containsKey(k)) state.get(k).add(e);
                else suffix.computeIfAbsent(k, x -> new ArrayList<>()).add(e);
                continue;
            }
            JsonNode v = m.value();
            if (!v.isNull() && !v.isArray()) {
                weak("malformed-read", t, "a list-append read must return a list (or nil for the empty list)");
                continue;
            }
            List<String> elems = new ArrayList<>();
            if (v.isArray()) for (JsonNode e : v) elems.add(ValueText.canonical(e));
            checkInternal(t, k, elems, state, suffix);
            state.put(k, new ArrayList<>(elems));
            suffix.remove(k);
            checkElements(t, k, elems, observedUnknown);
            readsByKey.computeIfAbsent(k, x -> new ArrayList<>()).add(new Read(t, k, elems));
            reads++;
        }
    }

    private void checkInternal(Txn t, String k, List<String> elems, Map<String, List<String>> state,
                               Map<String, List<String>> suffix) {
        if (state.containsKey(k)) {
            List<String> expected = state.get(k);
            if (!expected.equals(elems)) {
                findings.single(AnomalyType.INTERNAL, t, t, "internal", k, ValueText.list(elems), t.label() + " read " + k + "="
                        + ValueText.list(elems) + " but its own earlier reads and appends say " + k + " was "
                        + ValueText.list(expected) + " at that point");
            }
        } else if (suffix.containsKey(k)) {
            List<String> own = suffix.get(k);
            boolean endsWith = elems.size() >= own.size()
                    && elems.subList(elems.size() - own.size(), elems.size()).equals(own);
            if (!endsWith) {
                findings.single(AnomalyType.INTERNAL, t, t, "internal", k, ValueText.list(elems), t.label() + " read " + k + "="
                        + ValueText.list(elems) + " after appending " + ValueText.list(own)
                        + " itself, so the read should end with " + ValueText.list(own));
            }
        }
    }

    private void checkElements(Txn t, String k, List<String> elems, Set<Txn> observedUnknown) {
        Map<String, Write> w = writers.getOrDefault(k, Map.of());
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (String e : elems) seen.merge(e, 1, Integer::sum);
        List<String> dups = new ArrayList<>();
        seen.forEach((e, c) -> {
            if (c > 1) dups.add(ValueText.show(e) + " ×" + c);
        });
        if (!dups.isEmpty()) {
            findings.single(AnomalyType.DUPLICATE_ELEMENTS, t, t, "read", k, ValueText.list(elems), t.label() + " read " + k + "="
                    + ValueText.list(elems) + " holding " + String.join(", ", dups)
                    + ", but each element was appended only once");
        }
        List<String> garbage = new ArrayList<>();
        for (String e : seen.keySet()) {
            Write wr = w.get(e);
            if (wr == null) {
                if (everyOpIsATxn) {
                    garbage.add(ValueText.show(e));
                } else {
                    weak("unattributed-read", t, "reads returned elements that no txn in the history appended, and"
                            + " some ops could not be read as txns (one of them may be the writer); their order cannot be"
                            + " checked");
                }
                continue;
            }
            switch (wr.txn().outcome()) {
                case FAIL -> findings.single(AnomalyType.G1A, wr.txn(), t, "wr", k, e, t.label() + " read " + k + "="
                        + ValueText.list(elems) + " including " + ValueText.show(e) + ", which "
                        + wr.txn().label() + " appended in a txn that failed (aborted)");
                case UNKNOWN -> observedUnknown.add(wr.txn());
                default -> { }
            }
        }
        if (!garbage.isEmpty()) {
            findings.single(AnomalyType.GARBAGE_READ, t, t, "read", k, String.join(" ", garbage), t.label() + " read " + k
                    + "=" + ValueText.list(elems) + " including " + String.join(", ", garbage) + ", which no txn of the history"
                    + " appended (a garbage read: the list starts empty, and only appends add to it)");
        }
        if (!elems.isEmpty()) {
            String last = elems.get(elems.size() - 1);
            Write wr = w.get(last);
            if (wr != null && wr.txn() != t && !wr.last() && wr.txn().outcome() != Outcome.FAIL) {
                findings.single(AnomalyType.G1B, wr.txn(), t, "wr", k, last, t.label() + " read " + k + "="
                        + ValueText.list(elems) + " ending in " + ValueText.show(last) + ", an intermediate state of "
                        + wr.txn().label() + ", which appended more to " + k + " later in the same txn");
            }
        }
    }

    private void inferKey(String key, Set<Txn> observedUnknown) {
        Map<String, Write> w = writers.getOrDefault(key, Map.of());
        List<Read> rs = readsByKey.getOrDefault(key, List.of());
        Read longest = null;
        for (Read r : rs) if (longest == null || r.elems().size() > longest.elems().size()) longest = r;
        List<String> order = longest == null ? List.of() : new ArrayList<>(new LinkedHashSet<>(longest.elems()));
        Set<String> observed = new HashSet<>();
        boolean incompatibleReported = false;
        List<Read> compatible = new ArrayList<>();
        for (Read r : rs) {
            observed.addAll(r.elems());
            if (isPrefix(r.elems(), longest.elems())) {
                compatible.add(r);
            } else if (!incompatibleReported) {
                incompatibleReported = true;
                findings.add(new Anomaly(AnomalyType.INCOMPATIBLE_ORDER, List.of(r.txn(), longest.txn()),
                        List.of(new Anomaly.Edge(r.txn(), longest.txn(), "incompatible", key, ValueText.list(r.elems()), r.txn().label() + " read "
                                + key + "=" + ValueText.list(r.elems()) + " but " + longest.txn().label() + " read " + key
                                + "=" + ValueText.list(longest.elems()) + "; neither is a prefix of the other, so no "
                                + "single order of appends to " + key + " explains both")),
                        key, "two committed reads of " + key + " disagree on the order of its appends", false, false));
            }
        }
        // committed appends nobody observed come after the whole observed order
        List<Write> unobserved = new ArrayList<>();
        for (Map.Entry<String, Write> e : w.entrySet()) {
            if (!observed.contains(e.getKey()) && effectiveWriter(e.getValue(), observedUnknown)) unobserved.add(e.getValue());
        }
        unobserved.sort(java.util.Comparator.comparingInt(x -> x.txn().node()));
        Map<Write, String> unobservedElem = new HashMap<>();
        for (Map.Entry<String, Write> e : w.entrySet()) unobservedElem.put(e.getValue(), e.getKey());

        // ww along the observed order, and dirty updates
        Write failedBefore = null;
        String failedElem = null;
        for (int i = 0; i < order.size(); i++) {
            Write cur = w.get(order.get(i));
            if (cur == null) continue;
            if (cur.txn().outcome() == Outcome.FAIL) {
                if (failedBefore == null) {
                    failedBefore = cur;
                    failedElem = order.get(i);
                }
                continue;
            }
            if (failedBefore != null && cur.txn().committed()) {
                findings.single(AnomalyType.DIRTY_UPDATE, failedBefore.txn(), cur.txn(), "ww", key, order.get(i), cur.txn().label()
                        + " appended " + ValueText.show(order.get(i)) + " to " + key + " on top of "
                        + ValueText.show(failedElem) + ", which " + failedBefore.txn().label()
                        + " appended in a txn that failed (read " + key + "=" + ValueText.list(order) + ")");
                failedBefore = null;
            }
            if (i + 1 < order.size()) {
                String here = order.get(i);
                String after = order.get(i + 1);
                Write nxt = w.get(after);
                if (nxt != null && effectiveWriter(nxt, observedUnknown)) {
                    graph.add(cur.txn().node(), nxt.txn().node(), EdgeKind.WW, key, after, () -> nxt.txn().label() + " appended "
                             + ValueText.show(after) + " after " + cur.txn().label() + "'s "
                            + ValueText.show(here) + " in " + key + "'s version order");
                }
            }
        }
        Write lastObserved = order.isEmpty() ? null : w.get(order.get(order.size() - 1));
        if (lastObserved != null && effectiveWriter(lastObserved, observedUnknown)) {
            for (Write u : unobserved) {
                graph.add(lastObserved.txn().node(), u.txn().node(), EdgeKind.WW, key, unobservedElem.get(u), () -> u.txn().label() + " appended "
                        + ValueText.show(unobservedElem.get(u)) + " to " + key + ", which no read saw, so it comes after "
                        + lastObserved.txn().label() + "'s " + ValueText.show(order.get(order.size() - 1))
                        + ", the last element any read of " + key + " saw");
            }
        }
        // wr and rw per read
        for (Read r : rs) {
            Txn t = r.txn();
            for (int i = r.elems().size() - 1; i >= 0; i--) {
                String elem = r.elems().get(i);
                Write src = w.get(elem);
                if (src == null || src.txn() == t) continue;
                if (effectiveWriter(src, observedUnknown)) {
                    graph.add(src.txn().node(), t.node(), EdgeKind.WR, key, elem, () -> t.label() + " read " + key + "="
                            + ValueText.list(r.elems()) + " which " + src.txn().label() + " wrote by appending "
                            + ValueText.show(elem));
                }
                break;
            }
        }
        for (Read r : compatible) {
            Txn t = r.txn();
            int len = new LinkedHashSet<>(r.elems()).size();
            if (len < order.size()) {
                Write nxt = w.get(order.get(len));
                if (nxt != null && nxt.txn() != t && effectiveWriter(nxt, observedUnknown)) {
                    graph.add(t.node(), nxt.txn().node(), EdgeKind.RW, key, order.get(len), () -> t.label() + " read " + key + "="
                            + ValueText.list(r.elems()) + " without " + ValueText.show(order.get(len)) + ", which "
                            + nxt.txn().label() + " appended next in " + key + "'s version order");
                }
            } else {
                for (Write u : unobserved) {
                    if (u.txn() == t) continue;
                    graph.add(t.node(), u.txn().node(), EdgeKind.RW, key, unobservedElem.get(u), () -> t.label() + " read " + key + "="
                            + ValueText.list(r.elems()) + " without " + ValueText.show(unobservedElem.get(u))
                            + ", which " + u.txn().label() + " appended in a committed txn (no read ever saw it)");
                }
            }
        }
    }

    private static boolean effectiveWriter(Write w, Set<Txn> observedUnknown) {
        return w.txn().committed() || observedUnknown.contains(w.txn());
    }

    private static boolean isPrefix(List<String> a, List<String> b) {
        return a.size() <= b.size() && b.subList(0, a.size()).equals(a);
    }
}
