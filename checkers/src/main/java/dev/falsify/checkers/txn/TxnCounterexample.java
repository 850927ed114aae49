package dev.falsify.checkers.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.checkers.api.Counterexample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The anomalies of a transactional check. {@code anomalyTypes} are the sorted distinct type names
 * (spelled as {@link AnomalyType#spelling()}); every anomaly carries its txns, its edges with one
 * line of explanation each, and the consistency models it rules out.
 *
 * @param anomalies      anomalies kept (at most {@value Findings#MAX_PER_TYPE} per type)
 * @param counts         how many of each type were found in total
 * @param searchComplete false when the cycle search stopped early (budget) or sampled
 * @param note           why the search is incomplete, or null
 */
public record TxnCounterexample(List<Anomaly> anomalies, Map<AnomalyType, Integer> counts, boolean searchComplete,
                                String note) implements Counterexample {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int DESCRIBE_ANOMALIES = 8;

    public TxnCounterexample {
        anomalies = List.copyOf(anomalies);
        counts = Map.copyOf(counts);
    }

    /** Sorted distinct type names, e.g. {@code ["G-single", "G1c"]} (plain string order). */
    public List<String> anomalyTypes() {
        TreeSet<String> names = new TreeSet<>();
        for (Anomaly a : anomalies) names.add(a.type().spelling());
        return List.copyOf(names);
    }

    /** The {@code anomalies} array of {@code --json}. */
    public ArrayNode anomaliesJson() {
        ArrayNode out = JSON.arrayNode();
        for (Anomaly a : anomalies) out.add(toJson(a));
        return out;
    }

    public static ObjectNode toJson(Anomaly a) {
        ObjectNode o = JSON.objectNode();
        o.put("type", a.type().spelling());
        ArrayNode txns = o.putArray("txns");
        for (Txn t : a.txns()) {
            ObjectNode j = txns.addObject();
            j.put("label", t.label());
            j.put("opId", t.op().opId());
            j.put("process", t.op().processId());
            j.put("outcome", t.outcome().name().toLowerCase(java.util.Locale.ROOT));
            if (t.op().sourceLine() > 0) j.put("line", t.op().sourceLine());
            ArrayNode mops = j.putArray("value");
            for (MicroOp m : t.mops()) {
                ArrayNode mop = mops.addArray();
                mop.add(m.f()).add(m.key()).add(m.value());
            }
        }
        ArrayNode edges = o.putArray("edges");
        for (Anomaly.Edge e : a.edges()) {
            ObjectNode j = edges.addObject();
            j.put("from", e.from().label());
            j.put("to", e.to().label());
            j.put("kind", e.kind());
            j.put("key", e.key());
            j.put("explanation", e.explanation());
        }
        ArrayNode models = o.putArray("modelsRuledOut");
        a.modelsRuledOut().forEach(models::add);
        if (a.realtime()) o.put("realtime", true);
        if (a.process()) o.put("process", true);
        o.put("explanation", a.explanation());
        return o;
    }

    @Override
    public JsonNode toJson() {
        ObjectNode o = JSON.objectNode();
        ArrayNode types = o.putArray("anomalyTypes");
        anomalyTypes().forEach(types::add);
        ObjectNode c = o.putObject("counts");
        new TreeSet<>(counts.keySet().stream().map(AnomalyType::spelling).toList())
                .forEach(name -> c.put(name, counts.get(byName(name))));
        o.put("searchComplete", searchComplete);
        if (note != null) o.put("note", note);
        o.set("anomalies", anomaliesJson());
        return o;
    }

    private static AnomalyType byName(String name) {
        for (AnomalyType t : AnomalyType.values()) if (t.spelling().equals(name)) return t;
        throw new IllegalArgumentException(name);
    }

    @Override
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        int shown = 0;
        for (Anomaly a : anomalies) {
            if (shown++ == DESCRIBE_ANOMALIES) {
                lines.add("… " + (anomalies.size() - DESCRIBE_ANOMALIES) + " more anomalies (see --json)");
                break;
            }
            lines.add(a.type().spelling() + ": " + a.explanation());
            for (Anomaly.Edge e : a.edges()) {
                lines.add("  " + e.from().label() + " -" + e.kind() + "-> " + e.to().label()
                        + (e.key() != null ? " on " + e.key() : "") + ": " + e.explanation());
            }
            lines.add("  rules out: " + String.join(", ", a.modelsRuledOut()));
        }
        if (note != null) lines.add(note);
        return lines;
    }
}
