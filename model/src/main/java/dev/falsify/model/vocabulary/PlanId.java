package dev.falsify.model.vocabulary;

import java.util.Locale;

/**
 * An id a plan gives — a claim {@code C1}, a hypothesis {@code H3}, a scenario {@code S1}, an arm
 * {@code S5/api} — normalised the one way every part of Falsify compares them (lint, coverage, the
 * report, sessions, the runner's requirements, the window).
 *
 * <p>The normalisation ({@link #key}): Markdown emphasis and code marks ({@code *}, {@code `}) and the
 * spaces around the id and around the arm's slash are dropped; the id before the slash is upper case
 * with the leading zeros of its number dropped ({@code s01} → {@code S1}); the arm after it is lower
 * case. So {@code **S01**}, {@code s1} and {@code S1} are one scenario, and {@code S1 / API},
 * {@code `S01/api`} and {@code S1/api} one arm. Text that is not an id is only upper-cased (before any
 * slash), so two spellings of it still compare equal.
 *
 * @param id  the normalised id before the slash ({@code S1}, {@code C3})
 * @param arm the normalised arm after it, or empty
 */
public record PlanId(String id, String arm) {

    public PlanId {
        id = id == null ? "" : id;
        arm = arm == null ? "" : arm;
    }

    /** The id written as text, normalised. */
    public static PlanId parse(String text) {
        String k = key(text);
        int slash = k.indexOf('/');
        return slash < 0 ? new PlanId(k, "") : new PlanId(k.substring(0, slash), k.substring(slash + 1));
    }

    /** The scenario this id names, without its arm. */
    public PlanId base() {
        return arm.isEmpty() ? this : new PlanId(id, "");
    }

    /** The normalised spelling, {@code S5/api} or {@code S1}: the key to compare and index ids by. */
    public String key() {
        return arm.isEmpty() ? id : id + "/" + arm;
    }

    @Override
    public String toString() {
        return key();
    }

    /** True when the two texts name the same id (see {@link #key}); false when either is null. */
    public static boolean same(String a, String b) {
        if (a == null || b == null) return false;
        return a.equals(b) || key(a).equals(key(b));
    }

    /**
     * The normalised spelling of an id written as text (see the class comment); empty for null. Returns
     * {@code text} itself when it is already normalised, which is the common case: ids are compared for
     * every row of a matrix or a session log.
     */
    public static String key(String text) {
        if (text == null) return "";
        if (isNormal(text)) return text;
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '*' && c != '`') s.append(c);
        }
        String clean = s.toString();
        int slash = clean.indexOf('/');
        String head = (slash < 0 ? clean : clean.substring(0, slash)).strip().toUpperCase(Locale.ROOT);
        String tail = slash < 0 ? "" : "/" + clean.substring(slash + 1).strip().toLowerCase(Locale.ROOT);
        return dropLeadingZeros(head) + tail;
    }

    /** {@code S007} → {@code S7}, {@code SC01} → {@code SC1}: zeros between the letters and a digit. */
    private static String dropLeadingZeros(String head) {
        int letters = 0;
        while (letters < head.length() && head.charAt(letters) >= 'A' && head.charAt(letters) <= 'Z') letters++;
        int zeros = letters;
        while (zeros < head.length() && head.charAt(zeros) == '0') zeros++;
        if (letters == 0 || zeros == letters || zeros >= head.length() || !isDigit(head.charAt(zeros))) return head;
        return head.substring(0, letters) + head.substring(zeros);
    }

    /**
     * Already normalised: no marks or edge spaces, upper case before the slash with no spaces around it
     * and no leading zero after the letters, lower case after it.
     */
    private static boolean isNormal(String t) {
        int n = t.length();
        if (n == 0) return true;
        if (Character.isWhitespace(t.charAt(0)) || Character.isWhitespace(t.charAt(n - 1))) return false;
        boolean inArm = false;
        int letters = 0;
        for (int i = 0; i < n; i++) {
            char c = t.charAt(i);
            if (c == '*' || c == '`' || c > 127) return false;   // anything unusual takes the full path
            if (!inArm && c == '/') {
                if (i == 0 || Character.isWhitespace(t.charAt(i - 1)) || i + 1 < n && Character.isWhitespace(t.charAt(i + 1))) return false;
                inArm = true;
            } else if (inArm) {
                if (c >= 'A' && c <= 'Z') return false;
            } else if (c >= 'a' && c <= 'z') {
                return false;
            } else if (letters == i && c >= 'A' && c <= 'Z') {
                letters++;
            } else if (letters > 0 && letters == i && c == '0' && i + 1 < n && isDigit(t.charAt(i + 1))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The spelling of an arm id as written: {@code S5/api}, or the bare scenario id when there is no arm. */
    public static String of(String scenario, String arm) {
        return arm == null || arm.isBlank() ? scenario : scenario + "/" + arm;
    }

    /** The scenario part of {@code S5/api} or {@code S5}, as written (stripped). */
    public static String scenarioOf(String armId) {
        int slash = armId.indexOf('/');
        return slash < 0 ? armId.strip() : armId.substring(0, slash).strip();
    }

    /** The arm part of {@code S5/api} as written (stripped), or empty. */
    public static String armOf(String armId) {
        int slash = armId.indexOf('/');
        return slash < 0 ? "" : armId.substring(slash + 1).strip();
    }

    /** A file-name-safe form: {@code S5/api} → {@code S5-api}. */
    public static String fileStem(String armId) {
        return armId.strip().replaceAll("[^A-Za-z0-9._-]+", "-");
    }
}
