package dev.falsify.model.session;

/**
 * The prose of a finding, as the spec's {@code ### Finding F1} block lists it. Any field may be empty.
 */
public record FindingDetail(String title, String hypothesis, String whatHappened, String reproducer, String reduction,
                            String rootCause, String nextAction) {
    public FindingDetail {
        title = nz(title);
        hypothesis = nz(hypothesis);
        whatHappened = nz(whatHappened);
        reproducer = nz(reproducer);
        reduction = nz(reduction);
        rootCause = nz(rootCause);
        nextAction = nz(nextAction);
    }

    public static final FindingDetail EMPTY = new FindingDetail("", "", "", "", "", "", "");

    private static String nz(String s) {
        return s == null ? "" : s.strip();
    }
}
