package dev.falsify.runner.store;

import dev.falsify.model.session.RunConfiguration;
import dev.falsify.model.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario's verdict in one session.
 *
 * @param planSlug plan slug
 * @param session  session folder name
 * @param dir      session folder
 * @param scenario scenario id as that session wrote it
 * @param verdict  effective verdict label
 * @param flip     a flake: the pass/fail outcome differs from the last one under the same run configuration
 *                 (or the verdict is FAIL-nondeterministic)
 * @param configuration the session's run configuration ({@link RunConfiguration#key()}; empty when it records none)
 * @param configurationChange what differs from the previous session of the plan when the outcome changed with the
 *                 configuration ({@code environment: none → KV_BUG=…}): not a flake; empty otherwise
 */
public record HistoryEntry(String planSlug, String session, String dir, String scenario, String verdict, boolean flip,
                           String configuration, String configurationChange) {

    public HistoryEntry {
        configuration = configuration == null ? "" : configuration;
        configurationChange = configurationChange == null ? "" : configurationChange;
    }

    /** An entry with no configuration recorded. */
    public HistoryEntry(String planSlug, String session, String dir, String scenario, String verdict, boolean flip) {
        this(planSlug, session, dir, scenario, verdict, flip, "", "");
    }

    /**
     * Marks flips in entries given oldest first. Per plan, each entry is compared with the last entry that had a
     * pass/fail outcome <em>under the same configuration</em> ({@link RunConfiguration#sameAs}): a different
     * outcome there is a flip (flaky), as is any FAIL-nondeterministic. An outcome that differs from the previous
     * session's only because that one ran another configuration (the seeded bug switched on, another
     * environment, another plan) is a configuration change, named, and not a flip.
     */
    public static List<HistoryEntry> flips(List<HistoryEntry> oldestFirst) {
        List<HistoryEntry> out = new ArrayList<>();
        Map<String, List<Object[]>> lastByConfiguration = new LinkedHashMap<>();   // plan → [configuration, outcome]
        Map<String, Object[]> previous = new LinkedHashMap<>();                   // plan → [configuration, outcome]
        for (HistoryEntry e : oldestFirst) {
            RunConfiguration conf = RunConfiguration.fromKey(e.configuration());
            String outcome = outcome(e.verdict());
            List<Object[]> groups = lastByConfiguration.computeIfAbsent(e.planSlug(), k -> new ArrayList<>());
            Object[] same = groups.stream().filter(g -> ((RunConfiguration) g[0]).sameAs(conf)).findFirst().orElse(null);
            boolean flip = e.verdict().equals(Verdict.FAIL_NONDETERMINISTIC.label())
                    || same != null && outcome != null && !outcome.equals(same[1]);
            String change = "";
            Object[] prev = previous.get(e.planSlug());
            if (!flip && outcome != null && prev != null && !outcome.equals(prev[1])) {
                List<String> diff = ((RunConfiguration) prev[0]).differences(conf);
                if (!diff.isEmpty()) change = String.join("; ", diff);
            }
            if (outcome != null) {
                if (same == null) groups.add(new Object[] {conf, outcome});
                else same[1] = outcome;
                previous.put(e.planSlug(), new Object[] {conf, outcome});
            }
            out.add(new HistoryEntry(e.planSlug(), e.session(), e.dir(), e.scenario(), e.verdict(), flip, e.configuration(),
                    change));
        }
        return out;
    }

    /**
     * The one-line summary {@code falsify history} and the workbench's history pane print: {@code S1: 2 sessions,
     * 1 flip — flaky}; when the sessions ran under several configurations it says how many, that only flips under
     * one configuration count, and how often the outcome changed with the configuration instead.
     */
    public static String summary(String scenario, List<HistoryEntry> entries) {
        long flips = entries.stream().filter(HistoryEntry::flip).count();
        long changes = entries.stream().filter(e -> !e.configurationChange().isEmpty()).count();
        List<RunConfiguration> distinct = new ArrayList<>();
        for (HistoryEntry e : entries) {
            RunConfiguration c = RunConfiguration.fromKey(e.configuration());
            if (distinct.stream().noneMatch(d -> d.sameAs(c))) distinct.add(c);
        }
        String sessions = entries.size() + " session" + (entries.size() == 1 ? "" : "s");
        String verdict = flips > 0 ? " \u2014 flaky" : " \u2014 stable";
        if (distinct.size() <= 1) {
            return scenario + ": " + sessions + ", " + flips + " flip" + (flips == 1 ? "" : "s") + verdict;
        }
        return scenario + ": " + sessions + " in " + distinct.size() + " run configurations, " + flips + " flip"
                + (flips == 1 ? "" : "s") + " under the same configuration" + verdict
                + (changes == 0 ? "" : "; the outcome changed " + changes + " time" + (changes == 1 ? "" : "s")
                + " with the configuration (not a flake)");
    }

    /**
     * What one row of a scenario's history says beside its verdict, in {@code falsify history} and in the
     * workbench's history pane alike: {@code flip — flaky}, {@code other run configuration: …} (the outcome
     * changed with the configuration, not a flake), or empty.
     */
    public String note() {
        if (flip) return "flip \u2014 flaky";
        return configurationChange().isEmpty() ? "" : "other run configuration: " + configurationChange();
    }

    /** "pass" or "fail" for verdicts that decide an outcome; null for the rest (they neither flip nor reset). */
    static String outcome(String verdict) {
        return Verdict.parse(verdict).map(v -> v.isPass() ? "pass" : v.isFail() ? "fail" : null).orElse(null);
    }
}
