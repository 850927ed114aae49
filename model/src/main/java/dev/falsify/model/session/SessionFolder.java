package dev.falsify.model.session;

import dev.falsify.model.verdict.ArmId;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.verdict.VerdictRules;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A session folder as read: whatever parts exist, with the rest listed in {@link #missing()}.
 *
 * @param dir         the folder
 * @param log         session-log.md (an empty log when the file is absent)
 * @param findings    findings/&lt;scenario&gt;.md files, in file-name order
 * @param overrides   reviewer overrides from findings/overrides.md
 * @param reportText  findings/report.md, if present
 * @param reportRows  rows of a results summary in findings/ (a results.md table or list), then of report.md's
 *                    "Scenario results" table (ID and Verdict columns), for folders whose
 *                    only verdicts are in a report an agent wrote
 * @param logFiles    files under logs/, relative to the folder
 * @param artifactFiles files under artifacts/ and metrics/, relative to the folder
 * @param missing     parts of the layout that are absent (files, sections, header lines)
 * @param problems    things present but unreadable, with file:line where known
 * @param interrupted no end marker and no report: the session was cut short (or is still running)
 * @param otherFiles  files and folders that are not part of the layout (notes, a README in findings/, a
 *                    core dump), relative to the folder: kept and listed, never read as results
 */
public record SessionFolder(Path dir, SessionLog log, List<FindingFile> findings, List<VerdictOverride> overrides,
                            Optional<String> reportText, List<VerdictRow> reportRows, List<String> logFiles, List<String> artifactFiles,
                            List<String> missing, List<String> problems, boolean interrupted, List<String> otherFiles) {

    public SessionFolder {
        otherFiles = otherFiles == null ? List.of() : List.copyOf(otherFiles);
    }

    /**
     * One arm's verdict as the folder states it.
     *
     * @param armId    {@code S5/api} or {@code S1}
     * @param computed the decision computed from an evidence block, if the findings file has one; else, for a
     *                 hand-written verdict, the decision tree applied to what the folder shows ({@link ClaimCheck})
     * @param written  the verdict written in the findings file or the verdict table
     * @param budget   budget tier as written
     * @param override the latest reviewer override, if any
     * @param finding  the findings file, if any
     */
    public record ArmVerdict(String armId, Optional<Decision> computed, Optional<Verdict> written, String budget,
                             Optional<VerdictOverride> override, Optional<FindingFile> finding) {
        /** Computed, else written, else NOT-RUN (a listed arm with no verdict never got one). */
        public Verdict baseVerdict() {
            return computed.map(Decision::verdict).or(() -> written).orElse(Verdict.NOT_RUN);
        }

        /** The verdict that counts: the override's when a reviewer gave one. */
        public Verdict effective() {
            return override.map(VerdictOverride::verdict).filter(v -> v != null).orElse(baseVerdict());
        }

        public String scenario() {
            return ArmId.scenarioOf(armId);
        }
    }

    /**
     * Every arm the folder names, in first-seen order: the verdict table, then findings files, then
     * the rows of a report.md scenario-results table, then arms that only appear in the timeline.
     * Ids are matched by {@link ArmId#key} ({@code S01} is {@code S1}); a findings file named after an
     * arm-less scenario plus a suffix ({@code S1-linearizable.md}) belongs to that scenario.
     */
    public List<ArmVerdict> arms() {
        Map<String, String> display = new LinkedHashMap<>();
        Map<String, VerdictRow> rows = new LinkedHashMap<>();
        Map<String, List<VerdictRow>> rowsOfArm = new LinkedHashMap<>();
        for (VerdictRow r : log.verdicts()) {
            display.putIfAbsent(ArmId.key(r.armId()), r.armId());
            // one row per seed (or a re-run row) for the same arm: combined, never the first taken and the rest dropped
            rowsOfArm.computeIfAbsent(ArmId.key(r.armId()), k -> new ArrayList<>()).add(r);
        }
        rowsOfArm.forEach((key, list) -> rows.put(key, VerdictRow.combine(list)));
        Map<String, FindingFile> files = new LinkedHashMap<>();
        for (FindingFile f : findings) {
            String key = ArmId.key(f.armId());
            if (!display.containsKey(key) && !ArmId.armOf(f.armId()).isEmpty()
                    && display.containsKey(ArmId.key(ArmId.scenarioOf(f.armId())))
                    && !files.containsKey(ArmId.key(ArmId.scenarioOf(f.armId())))) {
                key = ArmId.key(ArmId.scenarioOf(f.armId())); // S1-linearizable.md is S1's file
            }
            display.putIfAbsent(key, f.armId());
            files.putIfAbsent(key, f);
        }
        Map<String, List<VerdictRow>> summaryRows = new LinkedHashMap<>();
        reportRows.forEach(r -> summaryRows.computeIfAbsent(ArmId.key(r.armId()), k -> new ArrayList<>()).add(r));
        summaryRows.forEach((key, list) -> {
            VerdictRow r = VerdictRow.combine(list);
            display.putIfAbsent(key, r.armId());
            rows.putIfAbsent(key, r);
        });
        // an arm the timeline shows starting but that never got a verdict (interrupted, or still running)
        log.timeline().stream().map(TimelineEvent::armId)
                .filter(k -> !k.isBlank() && !FindingsFormat.armIn(k).isEmpty())
                .forEach(k -> display.putIfAbsent(ArmId.key(k), k));
        Map<String, VerdictOverride> latest = new LinkedHashMap<>();
        overrides.forEach(o -> latest.put(ArmId.key(o.armId()), o));
        // each arm's timeline events, grouped once (filtering the whole timeline per arm was arms × events)
        Map<String, List<TimelineEvent>> eventsOf = new HashMap<>();
        for (TimelineEvent t : log.timeline()) eventsOf.computeIfAbsent(ArmId.key(t.armId()), k -> new ArrayList<>()).add(t);
        List<ArmVerdict> out = new ArrayList<>();
        display.forEach((key, id) -> {
            Optional<FindingFile> f = Optional.ofNullable(files.get(key));
            VerdictRow row = rows.get(key);
            Optional<Verdict> written = f.flatMap(FindingFile::written).or(() -> Optional.ofNullable(row)
                    .flatMap(VerdictRow::verdict));
            String budget = row != null && !row.budget().isBlank() ? row.budget()
                    : f.flatMap(FindingFile::evidence).map(e -> e.budgetMet().label())
                    .or(() -> f.flatMap(x -> new MarkdownDoc(x.text()).label("budget tier met", "budget tier", "budget")))
                    .orElse("");
            Optional<Decision> computed = f.flatMap(FindingFile::computed).or(() -> written.flatMap(w -> ClaimCheck.vet(
                    new ClaimCheck.Claim(id, w, f.map(FindingFile::writtenText).filter(t -> !t.isBlank())
                            .orElse(row == null ? "" : row.written()), budget, row == null ? "" : row.notes()),
                    f, eventsOf.getOrDefault(key, List.of()))));
            out.add(new ArmVerdict(id, computed, written, budget, Optional.ofNullable(latest.get(key)), f));
        });
        return out;
    }

    /** The arm named {@code id} as this folder spells it ({@code S01} finds {@code S1}), if the folder has it. */
    public Optional<ArmVerdict> arm(String id) {
        return arms().stream().filter(a -> ArmId.key(a.armId()).equals(ArmId.key(id))).findFirst();
    }

    /** Scenario id → aggregated effective verdict, in first-seen order. */
    public Map<String, Verdict> scenarioVerdicts() {
        return scenarioVerdicts(arms());
    }

    /** The same for arms already computed by {@link #arms()}. */
    public static Map<String, Verdict> scenarioVerdicts(List<ArmVerdict> arms) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, List<Verdict>> byScenario = new LinkedHashMap<>();
        for (ArmVerdict a : arms) {
            String key = ArmId.key(a.scenario());
            names.putIfAbsent(key, a.scenario());
            byScenario.computeIfAbsent(key, k -> new ArrayList<>()).add(a.effective());
        }
        Map<String, Verdict> out = new LinkedHashMap<>();
        byScenario.forEach((k, v) -> out.put(names.get(k), VerdictRules.aggregate(v)));
        return out;
    }

    public SessionHeadline headline() {
        return VerdictRules.headline(scenarioVerdicts().values());
    }

    /** The folder's name, which the writer makes the session's UTC start time. */
    public String name() {
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }

    /**
     * The plan slug: the parent folder's name in the {@code test-sessions/<slug>/<UTC>} layout; for a
     * folder kept elsewhere (directly under {@code test-sessions/}, or anywhere) the plan file's name.
     */
    public String planSlug() {
        Path parent = dir.toAbsolutePath().normalize().getParent();
        String name = parent == null || parent.getFileName() == null ? "" : parent.getFileName().toString();
        if (!name.isEmpty() && !name.equalsIgnoreCase("test-sessions") && !name.equalsIgnoreCase("sessions")) {
            return name;
        }
        String plan = log.header().plan().replace('\\', '/').replaceAll("[`)\\]]", " ").strip();
        String file = plan.contains("/") ? plan.substring(plan.lastIndexOf('/') + 1) : plan;
        file = file.split("\\s+")[0];
        return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file.isEmpty() ? name : file;
    }
}
