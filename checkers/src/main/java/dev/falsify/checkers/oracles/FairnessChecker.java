package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code fairness} over per-group metrics
 * ({@code {"aggregate": {"p99": ms}, "groups": {NAME: {"p99", "throughput", "errors", "requests",
 * "repeat_p99": [..]}}}}; {@code groups} may also be an array of objects with a {@code group} name).
 * The four formulas, each judged against a declared threshold option:
 * <ul>
 *   <li>{@code worst_group_p99 / aggregate_p99 ≤ max-p99-ratio}</li>
 *   <li>{@code min_group_throughput ≥ min-throughput}</li>
 *   <li>{@code error_rate_by_group == 0}: errors / requests of every group is 0 (or ≤ {@code max-error-rate})</li>
 *   <li>{@code repeat_spread ≤ max-repeat-spread}: per group (max − min) / min of its per-repeat p99</li>
 * </ul>
 * A formula without its threshold is not judged and is named in the summary; metrics missing for
 * a declared formula make the input weak.
 */
public final class FairnessChecker implements Checker {
    /** Judges side inputs only (see {@link Checker#judgesHistory()}). */
    @Override
    public boolean judgesHistory() {
        return false;
    }

    @Override
    public String name() {
        return CheckerName.FAIRNESS.id();
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.values());   // group metrics: any model
    }

    @Override
    public List<String> needs() {
        return List.of("per-group metrics (p99, throughput, errors, requests, repeat_p99)",
                "thresholds: max-p99-ratio, min-throughput, max-error-rate (default 0), max-repeat-spread");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        JsonNode metrics = input.groupMetrics();
        if (metrics == null) {
            report.weak("missing-metrics", "fairness needs per-group metrics", List.of());
            return report.finish("", "");
        }
        Map<String, JsonNode> groups = groups(metrics.get("groups"));
        report.partitions(groups.size());
        if (groups.isEmpty()) {
            report.weak("missing-metrics", "the metrics have no groups", List.of());
            return report.finish("", "");
        }
        List<String> judged = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        Double ratio = threshold(input, "max-p99-ratio");
        if (ratio == null) notJudged.add("worst_group_p99 / aggregate_p99");
        else {
            judged.add("worst_group_p99 / aggregate_p99 ≤ " + ratio);
            Double agg = number(metrics.path("aggregate").get("p99"));
            String worst = null;
            double worstP99 = -1;
            for (Map.Entry<String, JsonNode> g : groups.entrySet()) {
                Double p = number(g.getValue().get("p99"));
                if (p == null) {
                    report.weak("missing-metrics", "group " + g.getKey() + " has no p99", List.of());
                } else if (p > worstP99) {
                    worstP99 = p;
                    worst = g.getKey();
                }
            }
            if (agg == null || agg <= 0) report.weak("missing-metrics", "aggregate.p99 is missing or not positive", List.of());
            else if (worst != null && worstP99 / agg > ratio) {
                report.violation("group " + worst + ": worst_group_p99 / aggregate_p99 = " + fmt(worstP99) + " / " + fmt(agg)
                        + " = " + fmt(worstP99 / agg) + " > " + fmt(ratio)).put("group", worst).put("metric", "p99-ratio");
            }
        }
        Double minTput = threshold(input, "min-throughput");
        if (minTput == null) notJudged.add("min_group_throughput");
        else {
            judged.add("min_group_throughput ≥ " + minTput);
            for (Map.Entry<String, JsonNode> g : groups.entrySet()) {
                Double t = number(g.getValue().get("throughput"));
                if (t == null) report.weak("missing-metrics", "group " + g.getKey() + " has no throughput", List.of());
                else if (t < minTput) {
                    report.violation("group " + g.getKey() + ": throughput " + fmt(t) + " < " + fmt(minTput))
                            .put("group", g.getKey()).put("metric", "throughput");
                }
            }
        }
        Double maxErr = threshold(input, "max-error-rate");
        double errLimit = maxErr == null ? 0 : maxErr;
        judged.add("error_rate_by_group " + (errLimit == 0 ? "== 0" : "≤ " + errLimit));
        for (Map.Entry<String, JsonNode> g : groups.entrySet()) {
            Double errors = number(g.getValue().get("errors"));
            Double requests = number(g.getValue().get("requests"));
            Double rate = number(g.getValue().get("error_rate"));
            if (rate == null && errors != null && requests != null && requests > 0) rate = errors / requests;
            if (rate == null) report.weak("missing-metrics", "group " + g.getKey() + " has neither error_rate nor errors and requests", List.of());
            else if (rate > errLimit) {
                report.violation("group " + g.getKey() + ": error rate " + fmt(rate)
                        + (errors != null ? " (" + fmt(errors) + " errors / " + fmt(requests) + " requests)" : "")
                        + (errLimit == 0 ? " ≠ 0" : " > " + fmt(errLimit))).put("group", g.getKey()).put("metric", "error-rate");
            }
        }
        Double spread = threshold(input, "max-repeat-spread");
        if (spread == null) notJudged.add("repeat_spread");
        else {
            judged.add("repeat_spread ≤ " + spread);
            for (Map.Entry<String, JsonNode> g : groups.entrySet()) {
                JsonNode reps = g.getValue().get("repeat_p99");
                if (reps == null || !reps.isArray() || reps.size() < 2) {
                    report.weak("missing-metrics", "group " + g.getKey() + " has fewer than two repeat_p99 values", List.of());
                    continue;
                }
                double min = Double.MAX_VALUE;
                double max = -Double.MAX_VALUE;
                for (JsonNode r : reps) {
                    min = Math.min(min, r.asDouble());
                    max = Math.max(max, r.asDouble());
                }
                double s = min > 0 ? (max - min) / min : Double.POSITIVE_INFINITY;
                if (s > spread) {
                    report.violation("group " + g.getKey() + ": repeat_spread = (" + fmt(max) + " - " + fmt(min) + ") / "
                            + fmt(min) + " = " + fmt(s) + " > " + fmt(spread)).put("group", g.getKey()).put("metric", "repeat-spread");
                }
            }
        }
        return report.finish(groups.size() + " groups fair: " + String.join(", ", judged)
                + (notJudged.isEmpty() ? "" : "; not judged (no threshold declared): " + String.join(", ", notJudged)),
                "fairness violations");
    }

    private static Map<String, JsonNode> groups(JsonNode node) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (node == null) return out;
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.put(e.getKey(), e.getValue());
            }
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode g : node) out.put(g.hasNonNull("group") ? g.get("group").asText() : "#" + i, g);
                i++;
        }
        return out;
    }

    private static Double threshold(CheckInput input, String name) {
        String v = input.option(name, null);
        if (v == null || v.isBlank()) return null;
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + name + " must be a number, got '" + v + "'");
        }
    }

    private static Double number(JsonNode n) {
        return n != null && n.isNumber() ? n.asDouble() : null;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(java.util.Locale.ROOT, "%.3g", d);
    }
}
