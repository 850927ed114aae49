package dev.falsify.model.session;

import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import dev.falsify.model.verdict.VerdictRules;
import dev.falsify.model.vocabulary.PlanId;
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
 * @param pictures    SVG pictures in findings/ (counterexamples drawn by the runner or {@code falsify report}),
 *                    file names only, sorted: the report embeds those named after an arm
 * @param reportIsRecord findings/report.md is someone's record, not Falsify's derived report: an author's, or
 *                    one in Falsify's layout that holds verdicts nothing else in the folder has (it must be kept
 *                    aside before a report replaces it)
 */
public record SessionFolder(Path dir, SessionLog log, List<FindingFile> findings, List<VerdictOverride> overrides,
                            Optional<String> reportText, List<VerdictRow> reportRows, List<String> logFiles, List<String> artifactFiles,
                            List<String> missing, List<String> problems, boolean interrupted, List<String> otherFiles,
                            List<String> pictures, boolean reportIsRecord) {

    public SessionFolder {
        otherFiles = otherFiles == null ? List.of() : List.copyOf(otherFiles);
        pictures = pictures == null ? List.of() : pictures.stream().sorted().toList();
    }

    /** A folder whose report, if any, is not a record of its own. */
    public SessionFolder(Path dir, SessionLog log, List<FindingFile> findings, List<VerdictOverride> overrides,
                         Optional<String> reportText, List<VerdictRow> reportRows, List<String> logFiles,
                         List<String> artifactFiles, List<String> missing, List<String> problems, boolean interrupted,
                         List<String> otherFiles, List<String> pictures) {
        this(dir, log, findings, overrides, reportText, reportRows, logFiles, artifactFiles, missing, problems, interrupted,
                otherFiles, pictures, false);
    }

    /** A folder without pictures. */
    public SessionFolder(Path dir, SessionLog log, List<FindingFile> findings, List<VerdictOverride> overrides,
                         Optional<String> reportText, List<VerdictRow> reportRows, List<String> logFiles,
                         List<String> artifactFiles, List<String> missing, List<String> problems, boolean interrupted,
                         List<String> otherFiles) {
        this(dir, log, findings, overrides, reportText, reportRows, logFiles, artifactFiles, missing, problems, interrupted,
                otherFiles, List.of());
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
     * @param row      every verdict row written for the arm (verdict table, results summary, an author's report)
     *                 combined, with their evidence cells; empty when no table names the arm
     */
    public record ArmVerdict(String armId, Optional<Decision> computed, Optional<Verdict> written, String budget,
                             Optional<VerdictOverride> override, Optional<FindingFile> finding, Optional<VerdictRow> row) {

        public ArmVerdict(String armId, Optional<Decision> computed, Optional<Verdict> written, String budget,
                          Optional<VerdictOverride> override, Optional<FindingFile> finding) {
            this(armId, computed, written, budget, override, finding, Optional.empty());
        }
        /** Computed, else written, else NOT-RUN (a listed arm with no verdict never got one). */
        public Verdict baseVerdict() {
            return computed.map(Decision::verdict).or(() -> written).orElse(Verdict.NOT_RUN);
        }

        /** The verdict that counts: the override's when a reviewer gave one. */
        public Verdict effective() {
            return override.map(VerdictOverride::verdict).filter(v -> v != null).orElse(baseVerdict());
        }

        public String scenario() {
            return PlanId.scenarioOf(armId);
        }
    }

    /**
     * Every arm the folder names, in first-seen order: the verdict table, then findings files, then
     * the rows of a report.md scenario-results table, then arms that only appear in the timeline.
     * Ids are matched by {@link PlanId#key} ({@code S01} is {@code S1}); a findings file named after an
     * arm-less scenario plus a suffix ({@code S1-linearizable.md}) belongs to that scenario.
     */
    public List<ArmVerdict> arms() {
        return arms(PlanDeclarations.NONE);
    }

    /**
     * What the verdicts of a hand-written folder need from its plan.
     *
     * @param faultFree    keys ({@link PlanId#key}) of the scenarios the plan gives no fault: a PASS claimed for
     *                     one never waits for landing evidence (there is nothing to land)
     * @param declaredArms scenario id → the arms the plan declares ({@code S5/api}); an arm the session does
     *                     not mention is NOT-RUN for its scenario's verdict
     */
    public record PlanDeclarations(java.util.Set<String> faultFree, Map<String, List<String>> declaredArms) {
        /** No plan: every scenario may have a fault, no arms are declared. */
        public static final PlanDeclarations NONE = new PlanDeclarations(java.util.Set.of(), Map.of());

        public PlanDeclarations {
            faultFree = java.util.Set.copyOf(faultFree);
            declaredArms = Map.copyOf(declaredArms);
        }

        public boolean listsFault(String armId) {
            return !faultFree.contains(PlanId.key(PlanId.scenarioOf(armId)));
        }
    }

    /** {@link #arms()} read against the plan: see {@link PlanDeclarations}. */
    public List<ArmVerdict> arms(PlanDeclarations plan) {
        Map<String, String> display = new LinkedHashMap<>();
        Map<String, VerdictRow> rows = new LinkedHashMap<>();
        Map<String, List<VerdictRow>> rowsOfArm = new LinkedHashMap<>();
        for (VerdictRow r : log.verdicts()) {
            display.putIfAbsent(PlanId.key(r.armId()), r.armId());
            // one row per seed (or a re-run row) for the same arm: combined, never the first taken and the rest dropped
            rowsOfArm.computeIfAbsent(PlanId.key(r.armId()), k -> new ArrayList<>()).add(r);
        }
        rowsOfArm.forEach((key, list) -> rows.put(key, VerdictRow.combine(list)));
        Map<String, FindingFile> files = new LinkedHashMap<>();
        for (FindingFile f : findings) {
            String key = PlanId.key(f.armId());
            if (!display.containsKey(key) && !PlanId.armOf(f.armId()).isEmpty()
                    && display.containsKey(PlanId.key(PlanId.scenarioOf(f.armId())))
                    && !files.containsKey(PlanId.key(PlanId.scenarioOf(f.armId())))) {
                key = PlanId.key(PlanId.scenarioOf(f.armId())); // S1-linearizable.md is S1's file
            }
            display.putIfAbsent(key, f.armId());
            files.putIfAbsent(key, f);
        }
        Map<String, List<VerdictRow>> summaryRows = new LinkedHashMap<>();
        reportRows.forEach(r -> summaryRows.computeIfAbsent(PlanId.key(r.armId()), k -> new ArrayList<>()).add(r));
        summaryRows.forEach((key, list) -> {
            VerdictRow r = VerdictRow.combine(list);
            display.putIfAbsent(key, r.armId());
            rows.putIfAbsent(key, r);
        });
        // every row written for an arm, wherever: the evidence cells of a report's row count beside the log's row
        Map<String, VerdictRow> allRows = new LinkedHashMap<>();
        Map<String, List<VerdictRow>> everyRow = new LinkedHashMap<>(rowsOfArm);
        summaryRows.forEach((key, list) -> everyRow.computeIfAbsent(key, k -> new ArrayList<>()).addAll(list));
        everyRow.forEach((key, list) -> allRows.put(key, VerdictRow.combine(list)));
        // an arm the timeline shows starting but that never got a verdict (interrupted, or still running)
        // (a row naming only the scenario of arms already listed is about those arms, not a further one)
        log.timeline().stream().map(TimelineEvent::armId)
                .filter(k -> !k.isBlank() && !FindingsFormat.armIn(k).isEmpty())
                .filter(k -> !PlanId.armOf(k).isEmpty() || display.values().stream().noneMatch(d -> !PlanId.armOf(d).isEmpty()
                        && PlanId.key(PlanId.scenarioOf(d)).equals(PlanId.key(k))))
                .forEach(k -> display.putIfAbsent(PlanId.key(k), k));
        Map<String, VerdictOverride> latest = new LinkedHashMap<>();
        overrides.forEach(o -> latest.put(PlanId.key(o.armId()), o));
        // each arm's timeline events, grouped once (filtering the whole timeline per arm was arms × events)
        Map<String, List<TimelineEvent>> eventsOf = new HashMap<>();
        for (TimelineEvent t : log.timeline()) eventsOf.computeIfAbsent(PlanId.key(t.armId()), k -> new ArrayList<>()).add(t);
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
            VerdictRow every = allRows.get(key);
            Optional<Decision> computed = f.flatMap(FindingFile::computed).or(() -> written.flatMap(w -> ClaimCheck.vet(
                    new ClaimCheck.WrittenVerdict(id, w, f.map(FindingFile::writtenText).filter(t -> !t.isBlank())
                            .orElse(row == null ? "" : row.written()), budget, row == null ? "" : row.notes(), every),
                    f, timelineOf(id, eventsOf), plan.listsFault(id))));
            out.add(new ArmVerdict(id, computed, written, budget, Optional.ofNullable(latest.get(key)), f,
                    Optional.ofNullable(every)));
        });
        return out;
    }

    /** The arm named {@code id} as this folder spells it ({@code S01} finds {@code S1}), if the folder has it. */
    public Optional<ArmVerdict> arm(String id) {
        return arms().stream().filter(a -> PlanId.key(a.armId()).equals(PlanId.key(id))).findFirst();
    }

    /** The timeline rows that belong to {@code armId} (see {@link #ofArm}). */
    public List<TimelineEvent> timelineOf(String armId) {
        String key = PlanId.key(armId);
        return log.timeline().stream().filter(t -> ofArm(t, key, armId)).toList();
    }

    /** The same from the timeline grouped by arm key once (a per-arm scan of the whole timeline was arms × events). */
    private static List<TimelineEvent> timelineOf(String armId, Map<String, List<TimelineEvent>> byKey) {
        String key = PlanId.key(armId);
        List<TimelineEvent> own = byKey.getOrDefault(key, List.of());
        String arm = PlanId.armOf(armId);
        if (arm.isEmpty()) {
            return own;
        }
        List<TimelineEvent> out = new ArrayList<>(own);
        for (TimelineEvent t : byKey.getOrDefault(PlanId.key(PlanId.scenarioOf(armId)), List.of())) {
            if (ofArm(t, key, armId)) out.add(t);
        }
        return out;
    }

    /**
     * A timeline row belongs to an arm when it names the arm, or names only the arm's scenario and mentions
     * the arm by name ({@code | S2 | fault injected | SIGKILL store, in-memory backend |} for {@code S2/in-memory}):
     * agents that key the verdict table by a Backend column write the timeline by scenario.
     */
    private static boolean ofArm(TimelineEvent t, String key, String armId) {
        if (PlanId.key(t.armId()).equals(key)) {
            return true;
        }
        String arm = PlanId.armOf(armId);
        if (arm.isEmpty() || !PlanId.armOf(t.armId()).isEmpty()
                || !PlanId.key(t.armId()).equals(PlanId.key(PlanId.scenarioOf(armId)))) {
            return false;
        }
        String text = (t.event() + " " + t.notes()).toLowerCase(java.util.Locale.ROOT);
        String a = arm.toLowerCase(java.util.Locale.ROOT);
        int at = text.indexOf(a);
        while (at >= 0) {
            boolean startOk = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
            int end = at + a.length();
            boolean endOk = end == text.length() || !Character.isLetterOrDigit(text.charAt(end));
            if (startOk && endOk) {
                return true;
            }
            at = text.indexOf(a, at + 1);
        }
        return false;
    }

    /** Scenario id → aggregated effective verdict, in first-seen order. */
    public Map<String, Verdict> scenarioVerdicts() {
        return scenarioVerdicts(PlanDeclarations.NONE);
    }

    /**
     * Scenario verdicts read against the plan: an arm the plan declares for a scenario this session ran
     * but that the folder never mentions is NOT-RUN, which caps the scenario at PARTIAL-surface.
     */
    public Map<String, Verdict> scenarioVerdicts(PlanDeclarations plan) {
        return scenarioVerdicts(arms(plan), plan);
    }

    /** The same for arms already computed by {@link #arms()}. */
    public static Map<String, Verdict> scenarioVerdicts(List<ArmVerdict> arms) {
        return scenarioVerdicts(arms, PlanDeclarations.NONE);
    }

    /** The same for arms already computed by {@link #arms(PlanDeclarations)} against {@code plan}. */
    public static Map<String, Verdict> scenarioVerdicts(List<ArmVerdict> arms, PlanDeclarations plan) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, List<Verdict>> byScenario = new LinkedHashMap<>();
        java.util.Set<String> seenArms = new java.util.HashSet<>();
        for (ArmVerdict a : arms) {
            String key = PlanId.key(a.scenario());
            names.putIfAbsent(key, a.scenario());
            byScenario.computeIfAbsent(key, k -> new ArrayList<>()).add(a.effective());
            seenArms.add(PlanId.key(a.armId()));
        }
        plan.declaredArms().forEach((scenario, declared) -> {
            List<Verdict> ran = byScenario.get(PlanId.key(scenario));
            if (ran == null) {
                return;                                    // the scenario is not in this session at all
            }
            for (String arm : declared) {
                String id = PlanId.armOf(arm).isEmpty() ? PlanId.of(scenario, arm) : arm;
                if (!seenArms.contains(PlanId.key(id))) {
                    ran.add(Verdict.NOT_RUN);
                }
            }
        });
        Map<String, Verdict> out = new LinkedHashMap<>();
        byScenario.forEach((k, v) -> out.put(names.get(k), VerdictRules.aggregate(v)));
        return out;
    }

    public SessionHeadline headline() {
        return headline(PlanDeclarations.NONE);
    }

    public SessionHeadline headline(PlanDeclarations plan) {
        return VerdictRules.headline(scenarioVerdicts(plan).values());
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
        if (!name.isEmpty() && !name.equalsIgnoreCase(WorkspaceLayout.SESSIONS) && !name.equalsIgnoreCase("sessions")) {
            return name;
        }
        String plan = log.header().plan().replace('\\', '/').replaceAll("[`)\\]]", " ").strip();
        String file = plan.contains("/") ? plan.substring(plan.lastIndexOf('/') + 1) : plan;
        file = file.split("\\s+")[0];
        return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file.isEmpty() ? name : file;
    }
}
