package dev.falsify.runner.run;

import dev.falsify.model.verdict.BudgetTier;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which budget tier a run met, from the plan's budget lines ({@code 2 seeds × 8 s},
 * {@code 1 seed × 30 s}, {@code 20 seeds × 60 s}): enough distinct seeds completed, each with a
 * workload at least that long. A budget Falsify cannot read is never counted as met.
 */
final class BudgetCheck {
    private static final Pattern SEEDS = Pattern.compile("(\\d+)\\s*seeds?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*(ms|s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)\\b", Pattern.CASE_INSENSITIVE);

    private BudgetCheck() {
    }

    /** A parsed budget: seeds and per-seed duration in milliseconds. */
    record Budget(int seeds, long durationMs) {
    }

    static Optional<Budget> parse(String text) {
        if (text == null || text.isBlank()) return Optional.empty();
        String t = text.toLowerCase(Locale.ROOT);
        if (t.startsWith("not provided") || t.contains("tbd")) return Optional.empty();
        Matcher s = SEEDS.matcher(text);
        Matcher d = DURATION.matcher(text);
        if (!s.find() || !d.find()) return Optional.empty();
        double n = Double.parseDouble(d.group(1));
        String unit = d.group(2).toLowerCase(Locale.ROOT);
        long ms = (long) (unit.equals("ms") ? n : unit.startsWith("h") ? n * 3_600_000 : unit.startsWith("m") ? n * 60_000 : n * 1000);
        return Optional.of(new Budget(Integer.parseInt(s.group(1)), ms));
    }

    /**
     * @param completedDurationsMs workload durations of the distinct seeds that completed (no harness error)
     * @return the tier met and one line of evidence
     */
    static Result tierMet(String smoke, String hardening, String release, List<Long> completedDurationsMs) {
        if (completedDurationsMs.isEmpty()) return new Result(BudgetTier.NONE, "no seed completed");
        BudgetTier tier = BudgetTier.NONE;
        StringBuilder why = new StringBuilder();
        Optional<Budget> sm = parse(smoke);
        if (sm.isEmpty() || meets(sm.get(), completedDurationsMs)) tier = BudgetTier.SMOKE;
        why.append(describe("smoke", smoke, sm, completedDurationsMs));
        Optional<Budget> hd = parse(hardening);
        if (tier == BudgetTier.SMOKE && hd.isPresent() && meets(hd.get(), completedDurationsMs)) tier = BudgetTier.HARDENING;
        why.append("; ").append(describe("hardening", hardening, hd, completedDurationsMs));
        Optional<Budget> rl = parse(release);
        if (tier == BudgetTier.HARDENING && rl.isPresent() && meets(rl.get(), completedDurationsMs)) tier = BudgetTier.RELEASE;
        return new Result(tier, why.toString());
    }

    private static boolean meets(Budget b, List<Long> durations) {
        long longEnough = durations.stream().filter(d -> d >= b.durationMs() * 0.95).count();
        return longEnough >= b.seeds();
    }

    private static String describe(String tier, String text, Optional<Budget> b, List<Long> durations) {
        long shortest = durations.stream().mapToLong(Long::longValue).min().orElse(0);
        String ran = durations.size() + " seed(s), shortest workload " + shortest + " ms";
        if (b.isEmpty()) return tier + " budget " + (text == null || text.isBlank() ? "not stated" : "'" + text + "' not machine-readable") + " (ran " + ran + ")";
        return tier + " " + b.get().seeds() + " × " + b.get().durationMs() + " ms " + (meets(b.get(), durations) ? "met" : "not met")
                + " (ran " + ran + ")";
    }

    record Result(BudgetTier tier, String evidence) {
    }
}
