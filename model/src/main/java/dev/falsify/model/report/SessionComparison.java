package dev.falsify.model.report;

import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.PlanId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Two sessions side by side: per scenario and per arm the verdict before and after, the findings (FAIL
 * arms) that are new or resolved, and the evidence cells that changed. Ids are matched by
 * {@link PlanId#key} ({@code S01} is {@code S1}). A scenario missing from one session is "not in this
 * session", never a change to or from NOT-RUN, and a FAIL arm the later session did not run is not resolved.
 *
 * @param before    the earlier session
 * @param after     the later session
 * @param scenarios one row per scenario of either session, the earlier session's order first
 * @param arms      one row per arm of either session, same order
 * @param newFindings      arms that fail after and did not fail (or did not exist) before
 * @param resolvedFindings arms that failed before and ran after without failing
 */
public record SessionComparison(SessionFolder before, SessionFolder after, List<ScenarioChange> scenarios,
                                List<ArmChange> arms, List<String> newFindings, List<String> resolvedFindings) {

    /** A scenario's aggregated verdict in each session (empty: not in that session). */
    public record ScenarioChange(String scenario, Optional<Verdict> before, Optional<Verdict> after) {
        /** In both sessions with different verdicts (a scenario one session did not run is not a change). */
        public boolean changed() {
            return before.isPresent() && after.isPresent() && !before.equals(after);
        }
    }

    /**
     * An arm in each session.
     *
     * @param evidenceChanges one line per results cell that differs ({@code oracle evidence: … → …})
     */
    public record ArmChange(String armId, Optional<Verdict> before, Optional<Verdict> after,
                            Optional<ResultRow> beforeRow, Optional<ResultRow> afterRow, List<String> evidenceChanges) {
        public ArmChange {
            evidenceChanges = List.copyOf(evidenceChanges);
        }

        /** In both sessions with different verdicts (an arm one session did not run is not a change). */
        public boolean verdictChanged() {
            return before.isPresent() && after.isPresent() && !before.equals(after);
        }
    }

    public SessionComparison {
        scenarios = List.copyOf(scenarios);
        arms = List.copyOf(arms);
        newFindings = List.copyOf(newFindings);
        resolvedFindings = List.copyOf(resolvedFindings);
    }

    /** Compares {@code before} with {@code after}; each session's results rows are computed against its own plan facts. */
    public static SessionComparison of(SessionFolder before, PlanFacts beforePlan, SessionFolder after, PlanFacts afterPlan) {
        Map<String, String> scenarioIds = new LinkedHashMap<>();
        Map<String, Verdict> sb = keyed(before.scenarioVerdicts(), scenarioIds);
        Map<String, Verdict> sa = keyed(after.scenarioVerdicts(), scenarioIds);
        List<ScenarioChange> scenarios = new ArrayList<>();
        scenarioIds.forEach((k, id) -> scenarios.add(new ScenarioChange(id, Optional.ofNullable(sb.get(k)),
                Optional.ofNullable(sa.get(k)))));

        Map<String, String> armIds = new LinkedHashMap<>();
        Map<String, ArmVerdict> ab = arms(before, armIds);
        Map<String, ArmVerdict> aa = arms(after, armIds);
        Map<String, ResultRow> rb = rows(ReportWriter.resultRows(before, beforePlan));
        Map<String, ResultRow> ra = rows(ReportWriter.resultRows(after, afterPlan));
        List<ArmChange> arms = new ArrayList<>();
        List<String> added = new ArrayList<>();
        List<String> resolved = new ArrayList<>();
        armIds.forEach((k, id) -> {
            Optional<Verdict> vb = Optional.ofNullable(ab.get(k)).map(ArmVerdict::effective);
            Optional<Verdict> va = Optional.ofNullable(aa.get(k)).map(ArmVerdict::effective);
            Optional<ResultRow> rowB = Optional.ofNullable(rb.get(k));
            Optional<ResultRow> rowA = Optional.ofNullable(ra.get(k));
            arms.add(new ArmChange(id, vb, va, rowB, rowA, evidenceChanges(rowB, rowA)));
            boolean failedBefore = vb.map(Verdict::isFail).orElse(false);
            boolean failsAfter = va.map(Verdict::isFail).orElse(false);
            if (failsAfter && !failedBefore) {
                added.add(id);
            } else if (failedBefore && va.isPresent() && !failsAfter && va.get() != Verdict.NOT_RUN) {
                resolved.add(id);
            }
        });
        return new SessionComparison(before, after, scenarios, arms, added, resolved);
    }

    /** The arms whose verdict differs between the sessions. */
    public List<ArmChange> changedArms() {
        return arms.stream().filter(ArmChange::verdictChanged).toList();
    }

    private static Map<String, Verdict> keyed(Map<String, Verdict> verdicts, Map<String, String> ids) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        verdicts.forEach((id, v) -> {
            ids.putIfAbsent(PlanId.key(id), id);
            out.put(PlanId.key(id), v);
        });
        return out;
    }

    private static Map<String, ArmVerdict> arms(SessionFolder s, Map<String, String> ids) {
        Map<String, ArmVerdict> out = new LinkedHashMap<>();
        for (ArmVerdict a : s.arms()) {
            ids.putIfAbsent(PlanId.key(a.armId()), a.armId());
            out.putIfAbsent(PlanId.key(a.armId()), a);
        }
        return out;
    }

    private static Map<String, ResultRow> rows(List<ResultRow> rows) {
        Map<String, ResultRow> out = new LinkedHashMap<>();
        rows.forEach(r -> out.putIfAbsent(PlanId.key(r.armId()), r));
        return out;
    }

    private static List<String> evidenceChanges(Optional<ResultRow> b, Optional<ResultRow> a) {
        List<String> out = new ArrayList<>();
        if (b.isEmpty() || a.isEmpty()) {
            return out;
        }
        diff(out, "oracle", b.get().oracle(), a.get().oracle());
        diff(out, "oracle evidence", b.get().oracleEvidence(), a.get().oracleEvidence());
        diff(out, "landing evidence", b.get().landingEvidence(), a.get().landingEvidence());
        Set<String> artB = new LinkedHashSet<>(b.get().artifacts());
        Set<String> artA = new LinkedHashSet<>(a.get().artifacts());
        artA.stream().filter(x -> !artB.contains(x)).forEach(x -> out.add("artifact added: " + x));
        artB.stream().filter(x -> !artA.contains(x)).forEach(x -> out.add("artifact gone: " + x));
        return out;
    }

    private static void diff(List<String> out, String what, String before, String after) {
        if (!before.equals(after)) {
            out.add(what + ": " + before + " \u2192 " + after);
        }
    }
}
