package dev.falsify.model.verdict;

/** Spelling of a scenario arm id: {@code S5/api}, or the bare scenario id when there are no arms. */
public final class ArmId {
    private ArmId() {
    }

    public static String of(String scenario, String arm) {
        return arm == null || arm.isBlank() ? scenario : scenario + "/" + arm;
    }

    /** The scenario part of {@code S5/api} or {@code S5}. */
    public static String scenarioOf(String armId) {
        int slash = armId.indexOf('/');
        return slash < 0 ? armId.strip() : armId.substring(0, slash).strip();
    }

    /** The arm part of {@code S5/api}, or empty. */
    public static String armOf(String armId) {
        int slash = armId.indexOf('/');
        return slash < 0 ? "" : armId.substring(slash + 1).strip();
    }

    /** Leading zeros of the scenario number; compiled once, as key() runs for every row of a log. */
    private static final java.util.regex.Pattern LEADING_ZEROS = java.util.regex.Pattern.compile("^([A-Z]++)0+(\\d)");

    /**
     * A comparison key: {@code S01}, {@code s1} and {@code S1} are one scenario, {@code S03/API} and
     * {@code S3/api} one arm.
     */
    public static String key(String armId) {
        String s = armId.strip().replace("*", "").replace("`", "");
        int slash = s.indexOf('/');
        String head = (slash < 0 ? s : s.substring(0, slash)).strip().toUpperCase(java.util.Locale.ROOT);
        head = LEADING_ZEROS.matcher(head).replaceFirst("$1$2");
        String tail = slash < 0 ? "" : "/" + s.substring(slash + 1).strip().toLowerCase(java.util.Locale.ROOT);
        return head + tail;
    }

    /** A file-name-safe form: {@code S5/api} → {@code S5-api}. */
    public static String fileStem(String armId) {
        return armId.strip().replaceAll("[^A-Za-z0-9._-]+", "-");
    }
}
