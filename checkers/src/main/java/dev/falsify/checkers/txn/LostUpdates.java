package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lost updates: two or more committed txns that read the same version of a key and then wrote that
 * key. Whatever order their writes took effect in, the later writer overwrote a version it never
 * saw, so the other's update is lost (Adya's H_lu). Found directly, in one pass over the committed
 * txns, because the version order inference may lack the edges that would make it a G2-item cycle
 * (an rw-register write nobody read, say).
 */
final class LostUpdates {
    private LostUpdates() {
    }

    /**
     * @param emptyIsNil whether a read of nil is the empty value (list-append: nil and [] are the same list)
     */
    static void find(List<Txn> txns, Findings findings, boolean emptyIsNil) {
        // key → version read → txns that read it and then wrote the key
        Map<String, Map<String, List<Txn>>> byVersion = new LinkedHashMap<>();
        for (Txn t : txns) {
            if (!t.committed() || !t.readsKnown()) continue;
            Map<String, String> firstRead = new HashMap<>();
            Set<String> touched = new HashSet<>();
            Set<String> counted = new HashSet<>();
            for (MicroOp m : t.mops()) {
                String k = m.key();
                if (m.isRead()) {
                    if (touched.add(k)) firstRead.put(k, version(m.value(), emptyIsNil));
                } else {
                    touched.add(k);
                    // only a read that came before the txn's own writes read someone else's version
                    if (firstRead.containsKey(k) && counted.add(k)) {
                        byVersion.computeIfAbsent(k, x -> new LinkedHashMap<>())
                                .computeIfAbsent(firstRead.get(k), x -> new ArrayList<>()).add(t);
                    }
                }
            }
        }
        byVersion.forEach((key, versions) -> versions.forEach((version, group) -> {
            if (group.size() < 2) return;
            Txn first = group.get(0);
            List<Anomaly.Edge> edges = new ArrayList<>();
            for (Txn other : group.subList(1, group.size())) {
                edges.add(new Anomaly.Edge(first, other, "lost-update", key, version, first.label() + " and "
                        + other.label() + " both read " + key + "=" + ValueText.show(version) + " and then wrote " + key
                        + ": whichever took effect second overwrote the other's update without having seen it"));
            }
            StringBuilder names = new StringBuilder();
            for (Txn t : group) names.append(names.length() == 0 ? "" : ", ").append(t.label());
            String all = group.size() == 2 ? " both read " : " all read ";
            String lost = group.size() == 2 ? "one of their updates was" : "all but one of their updates were";
            findings.add(new Anomaly(AnomalyType.LOST_UPDATE, group, edges, key, "lost update: " + names + all
                    + key + "=" + ValueText.show(version) + " and each then wrote " + key + ", so " + lost
                    + " overwritten by a txn that never saw it.", false, false));
        }));
    }

    private static String version(JsonNode v, boolean emptyIsNil) {
        if (emptyIsNil && (v == null || v.isNull() || (v.isArray() && v.isEmpty()))) return "[]";
        return ValueText.canonical(v);
    }
}
