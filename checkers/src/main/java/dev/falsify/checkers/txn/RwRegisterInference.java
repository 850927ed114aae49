package dev.falsify.checkers.txn;

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
 * Dependencies of a read-write register history. Every value is written once per key, so a read
 * names its writer. The version order of a key is only partly known: the initial (nil) value
 * precedes every write, and a txn that read version v1 of a key and then wrote v2 installed v2
 * after v1 ("writes follow reads"). From those pairs:
 * <ul>
 *   <li>wr: the writer of the value a txn read precedes the reader;</li>
 *   <li>ww: the writer of v1 precedes the writer of v2 whenever v1 &lt; v2 is known;</li>
 *   <li>rw: a reader of v1 precedes the writer of every known successor of v1; a reader of the
 *       initial value precedes the writers of the values with no known predecessor.</li>
 * </ul>
 * Only a txn's first read of a key before it writes that key is an external read; later reads
 * must agree with what the txn itself read or wrote, else {@code internal}.
 */
final class RwRegisterInference extends Inference {
    static final String INIT = "null";

    private record Write(Txn txn, boolean last) {
    }

    private record Read(Txn txn, String key, String value) {
    }

    private final Map<String, Map<String, Write>> writers = new HashMap<>();
    private final List<Read> externalReads = new ArrayList<>();
    /** key → value no txn wrote → the txns that read it. */
    private final Map<String, Map<String, List<Txn>>> unattributed = new LinkedHashMap<>();

    RwRegisterInference(List<Txn> txns) {
        super(txns);
    }

    @Override
    void run(Deadline deadline) {
        LostUpdates.find(txns, findings, false);
        indexWrites();
        Set<Txn> observedUnknown = new HashSet<>();
        for (Txn t : txns) if (t.committed() && t.readsKnown()) collectReads(t, observedUnknown);
        garbageReads();
        for (Txn t : txns) if (t.committed() || observedUnknown.contains(t)) effective.add(t);
        Set<String> allKeys = new HashSet<>(writers.keySet());
        Map<String, List<Read>> byKey = new LinkedHashMap<>();
        for (Read r : externalReads) byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
        allKeys.addAll(byKey.keySet());
        keys = allKeys.size();
        int n = 0;
        for (String key : allKeys) {
            inferKey(key, byKey.getOrDefault(key, List.of()), observedUnknown);
            if ((++n & 63) == 0) deadline.check();
        }
    }

    private void indexWrites() {
        for (Txn t : txns) {
            Map<String, List<String>> perKey = new LinkedHashMap<>();
            for (MicroOp m : t.mops()) {
                if (!m.isRead()) perKey.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(ValueText.canonical(m.value()));
            }
            perKey.forEach((key, values) -> {
                Map<String, Write> w = writers.computeIfAbsent(key, k -> new HashMap<>());
                for (int i = 0; i < values.size(); i++) {
                    if (INIT.equals(values.get(i))) {
                        weak("nil-write", t, "rw-register cannot tell a write of nil from the initial value");
                        continue;
                    }
                    Write prev = w.putIfAbsent(values.get(i), new Write(t, i == values.size() - 1));
                    if (prev != null && prev.txn() != t) {
                        weak("duplicate-writes", t, "rw-register needs every written value to be unique per key; "
                                + "these txns write a value already written (the first writer is used)");
                    }
                }
            });
        }
    }

    private void collectReads(Txn t, Set<Txn> observedUnknown) {
        Map<String, String> known = new HashMap<>();
        Set<String> ownWrite = new HashSet<>();
        for (MicroOp m : t.mops()) {
            String k = m.key();
            String v = ValueText.canonical(m.value());
            if (!m.isRead()) {
                known.put(k, v);
                ownWrite.add(k);
                continue;
            }
            if (known.containsKey(k)) {
                if (!known.get(k).equals(v)) {
                    String why = ownWrite.contains(k) ? "after writing " + k + "=" + ValueText.show(known.get(k)) + " itself"
                            : "after reading " + k + "=" + ValueText.show(known.get(k)) + " earlier in the same txn";
                    findings.single(AnomalyType.INTERNAL, t, t, "internal", k, v, t.label() + " read " + k + "="
                            + ValueText.show(v) + " " + why);
                }
                continue;
            }
            known.put(k, v);
            reads++;
            externalReads.add(new Read(t, k, v));
            if (INIT.equals(v)) continue;
            Write w = writers.getOrDefault(k, Map.of()).get(v);
            if (w == null) {
                unattributed.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(v, x -> new ArrayList<>()).add(t);
                continue;
            }
            if (w.txn() == t) continue;
            if (w.txn().outcome() == Outcome.FAIL) {
                findings.single(AnomalyType.G1A, w.txn(), t, "wr", k, v, t.label() + " read " + k + "=" + ValueText.show(v)
                        + ", which " + w.txn().label() + " wrote in a txn that failed (aborted)");
                continue;
            }
            if (w.txn().outcome() == Outcome.UNKNOWN) observedUnknown.add(w.txn());
            if (!w.last()) {
                findings.single(AnomalyType.G1B, w.txn(), t, "wr", k, v, t.label() + " read " + k + "=" + ValueText.show(v)
                        + ", an intermediate value of " + w.txn().label() + ", which wrote " + k
                        + " again later in the same txn");
            }
        }
    }

    /**
     * Reads of values no txn wrote. One such value of a key may be the key's initial value, set
     * outside the history (rw-register cannot tell): too weak. Two or more, in a history whose every
     * op was read as a txn, cannot all be: at most one was the initial value, so the key was read in a
     * state no write produced (Elle's garbage read). When some ops could not be read as txns, one of
     * them may be the writer: too weak.
     */
    private void garbageReads() {
        for (Map.Entry<String, Map<String, List<Txn>>> e : unattributed.entrySet()) {
            Map<String, List<Txn>> values = e.getValue();
            if (everyOpIsATxn && values.size() >= 2) {
                List<Txn> readers = new ArrayList<>();
                List<Anomaly.Edge> edges = new ArrayList<>();
                List<String> shown = new ArrayList<>();
                for (Map.Entry<String, List<Txn>> v : values.entrySet()) {
                    Txn t = v.getValue().get(0);
                    if (!readers.contains(t)) readers.add(t);
                    shown.add(ValueText.show(v.getKey()));
                    edges.add(new Anomaly.Edge(t, t, "read", e.getKey(), v.getKey(), t.label() + " read " + e.getKey() + "="
                            + ValueText.show(v.getKey()) + ", which no txn of the history wrote"));
                }
                String why = "reads of " + e.getKey() + " returned " + String.join(", ", shown) + ", which no txn of the"
                        + " history wrote: at most one of them can be " + e.getKey() + "'s initial value, so " + e.getKey()
                        + " was read in a state no write produced (a garbage read)";
                findings.add(new Anomaly(AnomalyType.GARBAGE_READ, readers, edges, e.getKey(), why, false, false));
                continue;
            }
            for (List<Txn> readers : values.values()) {
                for (Txn t : readers) {
                    weak("unattributed-read", t, everyOpIsATxn
                            ? "reads returned a value that no txn in the history wrote, one per key: it may be the key's"
                            + " initial value, set outside the history; they cannot be ordered"
                            : "reads returned values that no txn in the history wrote, and some ops could not be read as"
                            + " txns (one of them may be the writer); they cannot be ordered");
                }
            }
        }
    }

    private void inferKey(String key, List<Read> reads, Set<Txn> observedUnknown) {
        Map<String, Write> w = writers.getOrDefault(key, Map.of());
        // version pairs from writes-follow-reads: the txn's external read precedes its final write
        Map<String, Set<String>> successors = new HashMap<>();
        Set<String> hasPredecessor = new HashSet<>();
        Map<Txn, String> finalWrite = new HashMap<>();
        for (Map.Entry<String, Write> e : w.entrySet()) {
            if (e.getValue().last()) finalWrite.put(e.getValue().txn(), e.getKey());
        }
        for (Read r : reads) {
            String v2 = finalWrite.get(r.txn());
            if (v2 == null || v2.equals(r.value())) continue;
            successors.computeIfAbsent(r.value(), x -> new LinkedHashSet<>()).add(v2);
            if (!INIT.equals(r.value())) hasPredecessor.add(v2);
            Write w1 = w.get(r.value());
            if (w1 != null && effective(w1, observedUnknown) && w1.txn() != r.txn()) {
                graph.add(w1.txn().node(), r.txn().node(), EdgeKind.WW, key, v2, () -> r.txn().label() + " read " + key + "="
                        + ValueText.show(r.value()) + " (written by " + w1.txn().label() + ") and then wrote " + key + "="
                        + ValueText.show(v2) + ", so its version follows " + w1.txn().label() + "'s");
            }
        }
        // values with no known predecessor directly follow the initial value
        Set<String> first = new LinkedHashSet<>();
        for (Map.Entry<String, Write> e : w.entrySet()) {
            if (e.getValue().last() && !hasPredecessor.contains(e.getKey())) first.add(e.getKey());
        }
        for (Read r : reads) {
            Txn t = r.txn();
            if (!INIT.equals(r.value())) {
                Write src = w.get(r.value());
                if (src != null && src.txn() != t && effective(src, observedUnknown)) {
                    graph.add(src.txn().node(), t.node(), EdgeKind.WR, key, r.value(), () -> t.label() + " read " + key + "="
                            + ValueText.show(r.value()) + ", which " + src.txn().label() + " wrote");
                }
            }
            Set<String> next = INIT.equals(r.value()) ? first : successors.getOrDefault(r.value(), Set.of());
            for (String v2 : next) {
                Write dst = w.get(v2);
                if (dst == null || dst.txn() == t || !effective(dst, observedUnknown)) continue;
                String what = INIT.equals(r.value()) ? t.label() + " read " + key + "'s initial value (nil), before "
                        + dst.txn().label() + " wrote " + key + "=" + ValueText.show(v2)
                        : t.label() + " read " + key + "=" + ValueText.show(r.value()) + ", which " + dst.txn().label()
                        + " overwrote with " + key + "=" + ValueText.show(v2);
                graph.add(t.node(), dst.txn().node(), EdgeKind.RW, key, v2, () -> what);
            }
        }
    }

    private static boolean effective(Write w, Set<Txn> observedUnknown) {
        return w.txn().committed() || observedUnknown.contains(w.txn());
    }
}
