package dev.falsify.catalog;

import dev.falsify.model.plan.PlanTemplates;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plan text the catalog drafts for an author: a §4 hypothesis from a pitfall, a §7.M block pre-filled
 * from the checker picker, and a nemesis line with its landing evidence. Everything the catalog cannot
 * know about the system is left as a prompt in angle brackets, which the author must replace.
 */
public final class PlanSnippets {
    private final Catalog catalog;
    private final CheckerAdvisor picker;

    public PlanSnippets(Catalog catalog, CheckerAdvisor picker) {
        this.catalog = catalog;
        this.picker = picker;
    }

    /** A hypothesis numbered {@code H?} for the author to renumber. */
    public String hypothesisFrom(Pitfall pitfall, List<String> claimIds) {
        return hypothesisFrom(pitfall, claimIds, "H?");
    }

    /**
     * The pitfall's template in the plan's §4 format, tied to {@code claimIds} (a {@code C?} prompt when
     * none are given) and pointing back at the pitfall through the optional {@code Pitfall row} field.
     */
    public String hypothesisFrom(Pitfall pitfall, List<String> claimIds, String hypothesisId) {
        HypothesisTemplate t = pitfall.template();
        String claims = claimIds.isEmpty() ? "C?" : String.join(", ", claimIds);
        String cites = pitfall.sources().stream()
                .map(id -> catalog.entry(id, Paper.class).map(Paper::cite).orElse(id))
                .collect(Collectors.joining("; "));
        String because = withoutFinalStop(t.suspectedBecause()) + (cites.isEmpty() ? "" : " (" + cites + ")");
        return hypothesisId + ". **" + t.title() + "** — " + sentence(t.whatCouldGoWrong()) + "\n"
                + "   - Could falsify: " + claims + "\n"
                + "   - Suspected because: " + sentence(because) + "\n"
                + "   - Subsystem: " + t.subsystem() + "\n"
                + "   - Pitfall row: " + pitfall.id() + " — " + pitfall.name() + "\n";
    }

    /** The §7.M nemesis field for this nemesis, naming the signal that proves it fired. */
    public String nemesisLandingLine(Nemesis n) {
        return fieldLine("nemesis", n.name() + " — " + sentence(lowerFirst(n.mechanism()))
                + " Landing evidence: " + sentence(lowerFirst(n.landing())));
    }

    /**
     * A §7.M block for a scenario whose model is {@code model} and whose claims have these categories:
     * the history fields that model's checker needs, the checker(s) the picker gives, and prompts for
     * the nemesis, ambiguous outcomes and a reduction plan ending in a classification step.
     */
    public String sevenMSkeleton(String model, Collection<String> categories) {
        String m = model == null || model.isBlank() ? "<model>" : model.trim();
        Set<String> checkers = new LinkedHashSet<>();
        List<String> pickedFor = new ArrayList<>();
        for (String category : categories) {
            List<String> picked = picker.checkersFor(m, category);
            if (!picked.isEmpty()) {
                checkers.addAll(picked);
                pickedFor.add(category);
            }
        }
        String cats = categories.isEmpty() ? "<claim categories>" : String.join(", ", categories);
        String checkerLine = checkers.isEmpty()
                ? "<the checker picker has none for " + m + " + " + cats
                        + ": name a checker, or justify why none fits>"
                : String.join(" + ", checkers) + " (checker picker: " + m + " + " + String.join(", ", pickedFor) + ")";
        Map<String, String> values = Map.of(
                "model", m,
                "history", historyLine(m),
                "checker", checkerLine,
                "nemesis", "<fault, and when it fires>. Landing evidence: "
                        + "<the observable signal that proves it fired, read before and during the window>",
                "ambiguous", "an op that times out is recorded with `timeout_marker: true` and `output: null`; "
                        + "the checker lets it take effect at any point after its invoke, or never",
                "reduction", "re-run the failing seed to confirm; shrink to the failing key / shortest anomaly cycle; "
                        + "remove faults one at a time; then classify the cause as SUT, harness, checker or environment");
        StringBuilder b = new StringBuilder(PlanTemplates.SEVEN_M_HEADING).append("\n\n");
        for (String field : PlanTemplates.SEVEN_M_ORDER) {
            b.append(fieldLine(field, values.get(field)));
        }
        return b.toString();
    }

    /** A §7.M field in the bold-label form the plan editor writes ({@code - **Checker:** …}). */
    private static String fieldLine(String field, String value) {
        return "- **" + PlanTemplates.SEVEN_M_LABELS.get(field) + ":** " + value + "\n";
    }

    private String historyLine(String model) {
        List<String> fields = new ArrayList<>(ModelFields.CORE_FIELDS);
        String extra = "";
        var hm = catalog.modelFields(model);
        if (hm.isPresent()) {
            for (String f : hm.get().extraFields()) {
                if (!fields.contains(f)) {
                    fields.add(f);
                }
            }
            extra = "; op types " + String.join(", ", hm.get().opTypes());
        }
        if (!fields.contains("fault_epoch")) {
            fields.add("fault_epoch");
        }
        return String.join(", ", fields) + extra + "; recorder: <in-process | external | server-side | combined>";
    }

    private static String sentence(String s) {
        String t = s.strip();
        return t.endsWith(".") || t.endsWith("?") || t.endsWith("!") ? t : t + ".";
    }

    private static String withoutFinalStop(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }

    private static String lowerFirst(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))) {
            return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
        }
        return s;
    }
}
