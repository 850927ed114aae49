package dev.falsify.model.report;

import java.util.Locale;

/** Plan ids as people write them: {@code S1}, {@code S01} and {@code s1} name the same scenario. */
final class IdMatch {
    private IdMatch() {
    }

    static boolean same(String a, String b) {
        return norm(a).equals(norm(b));
    }

    /** {@code S01} → {@code S1}; arms keep their suffix. */
    static String norm(String id) {
        return dev.falsify.model.verdict.ArmId.key(id);
    }
}
