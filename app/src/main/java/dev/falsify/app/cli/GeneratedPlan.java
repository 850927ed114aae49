package dev.falsify.app.cli;

/** The 5,000-line benchmark plan (200 claims, 300 hypotheses, 150 scenarios with §7.M) from the plan model's generator. */
final class GeneratedPlan {
    private GeneratedPlan() {
    }

    static String text() {
        throw new UserError("the plan generator has not landed yet; pass --plan", 2);
    }
}
