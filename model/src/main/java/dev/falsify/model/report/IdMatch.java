package dev.falsify.model.report;

import java.util.Locale;

/** Plan ids as people write them: {@code S1}, {@code S01} and {@code s1} name the same scenario. */
final class IdMatch {
    private IdMatch() {
    }

    static boolean same(String a, String b) {
        return norm(a).equals(norm(b));
    }

    /** {@code S01} → {@code S1}; arms keep their suffix ({@code S03/api} → {@code S3/api}). */
    static String norm(String id) {
        String s = id.strip().toUpperCase(Locale.ROOT);
        int slash = s.indexOf('/');
        String head = slash < 0 ? s : s.substring(0, slash);
        String tail = slash < 0 ? "" : s.substring(slash).toLowerCase(Locale.ROOT);
        head = head.replaceFirst("^([A-Z]+)0+(\\d)", "$1$2");
        return head + tail;
    }
}
