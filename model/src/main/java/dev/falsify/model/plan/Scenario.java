package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.CheckerField;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A §7 scenario block ({@code ### Scenario S1: name}, {@code ### S01: name}, an arm
 * {@code ### Scenario S5/api: …}, or in divergent plans a bullet {@code - **S1 `name`** (C1; H1) …}).
 *
 * @param id          the id as written ({@code S1}, {@code S01}, {@code S5/api})
 * @param baseId      the id without the arm ({@code S5})
 * @param arm         the arm name ({@code api}) or null
 * @param name        the claim-shaped name (backticks stripped)
 * @param falsifies   claim / missing-claim ids of the Falsifies field, ranges expanded
 * @param closes      hypothesis ids of the Closes field
 * @param fields      known fields by canonical name (see {@link #FIELDS})
 * @param unknownFields bold-labelled fields the parser does not know (kept, reported as P019)
 * @param arms        arm ids of this scenario: from §7.M.S Arms and from arm-headed scenarios
 * @param runBlocks   fenced {@code run} blocks inside the scenario (normally zero or one)
 * @param bulletForm  the scenario was found as a divergent bullet, not a heading
 */
public record Scenario(String id, String baseId, String arm, String name, List<String> falsifies, List<String> closes,
                       Map<String, Field> fields, List<Field> unknownFields, SevenM sevenM, SevenMS sevenMS,
                       List<String> arms, List<RunBlock> runBlocks, boolean bulletForm, Span headingSpan, Span span) implements LabelledFields {

    /** Canonical scenario field names. */
    public static final List<String> FIELDS = List.of("falsifies", "closes", "technique", "workload", "faults", "oracle",
            "observability", "exit", "smokeBudget", "hardeningBudget", "releaseBudget", "target", "skeletonLanguage",
            "skeleton");

    public Scenario {
        falsifies = List.copyOf(falsifies);
        closes = List.copyOf(closes);
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        unknownFields = List.copyOf(unknownFields);
        arms = List.copyOf(arms);
        runBlocks = List.copyOf(runBlocks);
    }

    public String smokeBudget() { return value("smokeBudget"); }
    public String hardeningBudget() { return value("hardeningBudget"); }
    /** The release budget text as written (may be {@code not provided — reason. Revisit when: …}). */
    public String releaseBudget() { return value("releaseBudget"); }

    /** The §7.M checker text, or "" when there is no §7.M. */
    public String checker() {
        return sevenM.checker();
    }

    /**
     * The checkers this scenario declares, which the verdict requires to have run: what its §7.M Checker field
     * names ({@link CheckerField}, the reader lint uses too), or none when §7.M is absent or not applicable.
     *
     * @param otherNames checker names the harness has besides the shipped ones (a run block's {@code monitor})
     */
    public List<String> declaredCheckers(java.util.Collection<String> otherNames) {
        if (!sevenM.present() || sevenM.notApplicable()) return List.of();
        return CheckerField.read(checker(), otherNames).named();
    }

    /** The first run block, when the scenario is executable. */
    public Optional<RunBlock> run() {
        return runBlocks.isEmpty() ? Optional.empty() : Optional.of(runBlocks.get(0));
    }

    public boolean isArm() {
        return arm != null;
    }

    /** A nemesis or faults value that says there is none ({@code none — smoke arm}, {@code N/A}, {@code no fault}). */
    public static final java.util.regex.Pattern NO_FAULT =
            java.util.regex.Pattern.compile("(?i)^\\W*+(none|n/a|no fault|no faults|no nemesis|not applicable)\\b");

    private static final java.util.regex.Pattern FAULT_WORDS = java.util.regex.Pattern.compile(
            "(?i)partition|kill|crash|restart|reboot|skew|fault|nemesis|inject|heal|failover|fail[-_ ]?over|toxic|drop|delay|"
                    + "latency[-_ ]spike|pause|freeze|disk[-_ ]full|upgrade|rollback");

    /**
     * Whether the plan may give this scenario a fault: a run block with faults, a Faults field or §7.M nemesis
     * other than "none" — and, when the plan says nothing either way, every scenario except a surface
     * decomposition (arms or §7.M.S) whose name, technique and workload name no fault. Only such a scenario,
     * or one whose plan says "none", is fault-free: a PASS claimed for it never waits for landing evidence.
     */
    public boolean listsFault() {
        for (RunBlock b : runBlocks) {
            if (b.runSpec().map(r -> !r.faults().isEmpty()).orElse(false)) return true;
        }
        String faults = value("faults");
        String nemesis = sevenM.nemesis();
        boolean faultsWritten = faults != null && !faults.isBlank();
        boolean nemesisWritten = nemesis != null && !nemesis.isBlank();
        if (faultsWritten || nemesisWritten) return names(faults) || names(nemesis);
        boolean surfaces = !arms.isEmpty() || (sevenMS != null && sevenMS.present());
        return !surfaces || FAULT_WORDS.matcher(name + " " + value("technique") + " " + value("workload")).find();
    }

    private static boolean names(String v) {
        return v != null && !v.isBlank() && !NO_FAULT.matcher(v).find() && !v.strip().matches("[\\W_]*+");
    }
}
