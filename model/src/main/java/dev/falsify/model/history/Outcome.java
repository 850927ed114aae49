package dev.falsify.model.history;

/** The three outcome classes of an operation. */
public enum Outcome {
    /** completed without error: it took effect, and its output is an observation. */
    OK,
    /** completed with an error that definitely did not take effect. */
    FAIL,
    /** timed out or unknown commit: may have taken effect at any time after invoke, or never. */
    UNKNOWN
}
