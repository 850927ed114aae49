package dev.falsify.runner.store;

/** What importing one folder did. */
public record ImportResult(String dir, Status status, String headline) {
    public enum Status {
        ADDED, UPDATED, UNCHANGED
    }
}
