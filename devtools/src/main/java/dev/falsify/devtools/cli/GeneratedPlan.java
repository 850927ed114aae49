package dev.falsify.devtools.cli;

import dev.falsify.model.plan.SyntheticPlan;

/** The 5,000-line benchmark plan (200 claims, 300 hypotheses, 150 scenarios with §7.M), as `bench plan` uses. */
final class GeneratedPlan {
    private GeneratedPlan() {
    }

    static String text() {
        return SyntheticPlan.generate(200, 300, 150, 5000);
    }
}
