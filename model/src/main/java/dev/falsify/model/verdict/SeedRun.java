package dev.falsify.model.verdict;

/**
 * One run of an arm on one seed.
 *
 * @param seed    the seed
 * @param rerun   true when this is a re-run of an earlier run with the same seed/config/fault schedule
 * @param outcome what the oracles said on this run
 */
public record SeedRun(long seed, boolean rerun, Outcome outcome) {

    public SeedRun {
        outcome = outcome == null ? Outcome.ERROR : outcome;
    }

    public enum Outcome {
        /** no violation */
        CLEAN,
        /** a checker reported a violation */
        VIOLATION,
        /** the run did not complete (crash, timeout of the harness) */
        ERROR
    }
}
