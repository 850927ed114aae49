package dev.falsify.catalog;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the catalog needs to know about the plan being edited to pre-fill its drafts: the next free
 * hypothesis id, which claims a pitfall threatens, and the model and claim categories of the scenario
 * around the caret.
 */
public final class PlanContext {
    private static final Pattern HYPOTHESIS_NUMBER = Pattern.compile("^H(\\d+)", Pattern.CASE_INSENSITIVE);

    private final Plan plan;
    private final int caret;

    public PlanContext(Plan plan, int caret) {
        this.plan = plan;
        this.caret = caret;
    }

    public Plan plan() {
        return plan;
    }

    /** One past the highest numbered hypothesis ("H1" for a plan without any). */
    public String nextHypothesisId() {
        int max = 0;
        for (Hypothesis h : plan.hypotheses()) {
            Matcher m = HYPOTHESIS_NUMBER.matcher(h.id());
            if (m.find()) {
                max = Math.max(max, Integer.parseInt(m.group(1)));
            }
        }
        return "H" + (max + 1);
    }

    /** The plan's live claims whose categories the pitfall threatens, in plan order. */
    public List<String> claimsThreatenedBy(Pitfall pitfall) {
        List<String> out = new ArrayList<>();
        for (Claim c : plan.claims()) {
            if (!c.struck() && pitfall.threatensAny(c.categories().stream().map(ClaimCategory::label).toList())) {
                out.add(c.id());
            }
        }
        return out;
    }

    /**
     * The scenario (or arm) whose text contains the caret, the innermost when arms nest. A caret just
     * after a scenario's last character (where the author would type next) still counts as inside it.
     */
    public Optional<Scenario> scenarioAtCaret() {
        Scenario best = null;
        for (Scenario s : plan.scenarios()) {
            if (s.span().contains(caret) && (best == null || s.span().length() < best.span().length())) {
                best = s;
            }
        }
        if (best == null) {
            for (Scenario s : plan.scenarios()) {
                int end = s.span().endOffset();
                boolean onlyWhitespaceBetween = end <= caret && caret <= plan.text().length()
                        && plan.text().substring(end, caret).chars().allMatch(c -> c == ' ' || c == '\t');
                if (onlyWhitespaceBetween && (best == null || s.span().length() < best.span().length())) {
                    best = s;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** The §7.M model written in the scenario at the caret, or "" when there is none. */
    public String modelAtCaret() {
        return scenarioAtCaret().map(s -> s.sevenM().model().strip()).orElse("");
    }

    /** The categories of the claims the scenario at the caret falsifies, first mention first. */
    public List<String> categoriesAtCaret() {
        Set<String> out = new LinkedHashSet<>();
        scenarioAtCaret().ifPresent(s -> plan.claimsOf(s)
                .forEach(c -> c.categories().forEach(cat -> out.add(cat.label()))));
        return new ArrayList<>(out);
    }
}
