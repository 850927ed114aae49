package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON shape of a {@link CheckResult} ({@code falsify check --json}, session files, the UI):
 * fields in a fixed order so output is deterministic.
 */
public final class CheckResultJson {
    private CheckResultJson() {
    }

    /** {@code checker, model, valid, summary, evidence{…}, weaknesses[…], counterexample} */
    public static ObjectNode toJson(CheckResult r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode n = f.objectNode();
        n.put("checker", r.checker());
        n.put("model", r.model());
        Object valid = r.validity().json();
        if (valid instanceof Boolean b) n.put("valid", b);
        else n.put("valid", valid.toString());
        n.put("summary", r.summary());
        ExecutionEvidence e = r.evidence();
        ObjectNode ev = n.putObject("evidence");
        ev.put("ops", e.ops());
        ev.put("opsTotal", e.opsTotal());
        ev.put("partitions", e.partitions());
        ev.put("statesExplored", e.statesExplored());
        ev.put("elapsedMs", Math.round(e.elapsedMs() * 1000.0) / 1000.0);
        ArrayNode ws = n.putArray("weaknesses");
        for (HistoryWeakness w : r.weaknesses()) {
            ObjectNode wn = ws.addObject();
            wn.put("kind", w.kind());
            wn.put("detail", w.detail());
            ArrayNode ids = wn.putArray("opIds");
            w.opIds().forEach(ids::add);
        }
        if (r.counterexample() == null) n.putNull("counterexample");
        else n.set("counterexample", r.counterexample().toJson());
        return n;
    }
}
