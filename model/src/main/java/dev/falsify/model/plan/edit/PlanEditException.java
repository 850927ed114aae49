package dev.falsify.model.plan.edit;

/** An edit that cannot be made on this plan (unknown id, unknown column, …); the message says why. */
public final class PlanEditException extends IllegalArgumentException {
    public PlanEditException(String message) {
        super(message);
    }
}
