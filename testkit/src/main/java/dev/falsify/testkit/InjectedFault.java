package dev.falsify.testkit;

/**
 * What a call that a {@link FaultPlan} fails throws when the plan names no error of its own, or when
 * its error is a checked exception the failed method does not declare (the checked one is the cause).
 */
public class InjectedFault extends RuntimeException {
    public InjectedFault(String message) {
        super(message);
    }

    public InjectedFault(String message, Throwable cause) {
        super(message, cause);
    }
}
