package dev.falsify.checkers.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * The one JSON writer of check results ({@code falsify check --json}, the runner's
 * {@code *.check.json} session files, the UI): fields in a fixed order so output is deterministic,
 * each counterexample family written from its own data.
 */
public final class CheckResultJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private CheckResultJson() {
    }

    /**
     * {@code file, format, checker, model, valid, summary, evidence{…}, weaknesses[…], counterexample, notes[…]}.
     *
     * @param file   the history file (as given), or null to leave it out
     * @param format the format id it was read as, or null to leave it out
     */
    public static ObjectNode toJson(String file, String format, CheckResult r) {
        ObjectNode n = F.objectNode();
        if (file != null) n.put("file", file);
        if (format != null) n.put("format", format);
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
        else n.set("counterexample", counterexample(r.counterexample()));
        ArrayNode notes = n.putArray("notes");
        for (ReadNote rn : r.notes()) {
            ObjectNode x = notes.addObject();
            x.put("line", rn.line());
            x.put("kind", rn.kind());
            x.put("detail", rn.detail());
            x.put("weakens", rn.weakens());
        }
        return n;
    }

    /** A result not tied to a file. */
    public static ObjectNode toJson(CheckResult r) {
        return toJson(null, null, r);
    }

    public static ObjectNode counterexample(Counterexample cx) {
        // the permitted families of the sealed interface (Java 17 has no pattern switch)
        if (cx instanceof LinearizabilityCounterexample l) return linearizability(l);
        if (cx instanceof TxnCounterexample t) return txn(t);
        return violations((OracleViolations) cx);
    }

    private static ObjectNode linearizability(LinearizabilityCounterexample cx) {
        ObjectNode root = F.objectNode();
        root.put("model", cx.model());
        root.put("exhausted", cx.exhausted());
        ArrayNode parts = root.putArray("partitions");
        for (LinearizabilityCounterexample.PartitionFailure p : cx.partitions()) {
            ObjectNode pn = parts.addObject();
            pn.put("partition", p.partition());
            pn.put("ops", p.ops());
            pn.put("statesExplored", p.statesExplored());
            ArrayNode prefixes = pn.putArray("prefixes");
            for (LinearizabilityCounterexample.Prefix x : p.prefixes()) {
                ObjectNode xn = prefixes.addObject();
                xn.put("length", x.steps().size());
                xn.put("initialState", x.initialState());
                ArrayNode steps = xn.putArray("linearized");
                for (LinearizabilityCounterexample.Step s : x.steps()) {
                    op(steps.addObject(), s.op(), s.description()).put("stateAfter", s.stateAfter());
                }
                ArrayNode blocked = xn.putArray("couldNotPlace");
                for (LinearizabilityCounterexample.Blocked b : x.couldNotPlace()) {
                    op(blocked.addObject(), b.op(), b.description()).put("reason", b.reason());
                }
                if (x.mustPrecede() != null) {
                    op(xn.putObject("completedFirst"), x.mustPrecede().op(), x.mustPrecede().description());
                } else {
                    xn.putNull("completedFirst");
                }
            }
        }
        return root;
    }

    private static ObjectNode op(ObjectNode n, OpRef op, String description) {
        n.put("op_id", op.opId());
        n.put("process_id", op.processId());
        n.put("op", description);
        n.put("invoke_ts", op.invokeTs());
        if (op.completeTs() == null) n.putNull("complete_ts");
        else n.put("complete_ts", op.completeTs());
        n.put("line", op.sourceLine());
        return n;
    }

    private static ObjectNode txn(TxnCounterexample cx) {
        ObjectNode o = F.objectNode();
        ArrayNode types = o.putArray("anomalyTypes");
        cx.anomalyTypes().forEach(types::add);
        ObjectNode c = o.putObject("counts");
        cx.counts().forEach(c::put);
        o.put("searchComplete", cx.searchComplete());
        if (cx.note() != null) o.put("note", cx.note());
        ArrayNode out = o.putArray("anomalies");
        for (TxnCounterexample.Anomaly a : cx.anomalies()) out.add(anomaly(a));
        return o;
    }

    private static ObjectNode anomaly(TxnCounterexample.Anomaly a) {
        ObjectNode o = F.objectNode();
        o.put("type", a.type());
        ArrayNode txns = o.putArray("txns");
        for (TxnCounterexample.Txn t : a.txns()) {
            ObjectNode j = txns.addObject();
            j.put("label", t.label());
            j.put("opId", t.opId());
            j.put("process", t.processId());
            j.put("outcome", t.outcome().toLowerCase(Locale.ROOT));
            if (t.line() > 0) j.put("line", t.line());
            ArrayNode mops = j.putArray("value");
            for (TxnCounterexample.MicroOp m : t.mops()) mops.addArray().add(m.f()).add(m.key()).add(m.value());
        }
        ArrayNode edges = o.putArray("edges");
        for (TxnCounterexample.Edge e : a.edges()) {
            ObjectNode j = edges.addObject();
            j.put("from", e.from());
            j.put("to", e.to());
            j.put("kind", e.kind());
            j.put("key", e.key());
            j.put("value", e.value());
            j.put("explanation", e.explanation());
        }
        ArrayNode models = o.putArray("modelsRuledOut");
        a.modelsRuledOut().forEach(models::add);
        if (a.realtime()) o.put("realtime", true);
        if (a.process()) o.put("process", true);
        o.put("explanation", a.explanation());
        return o;
    }

    private static ObjectNode violations(OracleViolations v) {
        ObjectNode o = F.objectNode();
        o.put("violations", v.items().size());
        ArrayNode items = o.putArray("items");
        for (OracleViolations.Violation x : v.items()) {
            ObjectNode i = items.addObject();
            i.put("explanation", x.explanation());
            i.setAll(x.fields());
        }
        return o;
    }
}
