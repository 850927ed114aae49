package dev.falsify.testkit;

/**
 * {@link FalsifyAssertions#assertFaultsLanded} failed: a plan never injected its fault, so the test
 * proves nothing about how the system handles it. Not a violation of the system's claim: a scenario
 * test failing with it gets the verdict INCONCLUSIVE-fault-not-proven, not FAIL.
 */
public class FaultsNotLandedError extends FalsifyAssertionError {
    public FaultsNotLandedError(String message, String detail) {
        super(message, detail, null);
    }
}
