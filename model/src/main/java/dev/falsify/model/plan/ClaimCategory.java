package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The claim categories of plan-format.md §1b. */
public enum ClaimCategory {
    SAFETY("safety"),
    LIVENESS("liveness"),
    DURABILITY("durability"),
    PERFORMANCE_SLO("performance-SLO"),
    OPERATIONAL("operational"),
    IDEMPOTENCY("idempotency"),
    ISOLATION("isolation"),
    ORDERING("ordering"),
    MEMBERSHIP("membership"),
    BOUNDARY("boundary"),
    FAIRNESS("fairness"),
    /** Accepted with a warning. */
    OBSERVABILITY("observability");

    /** A scenario falsifying a claim in one of these is serious and needs a complete §7.M. */
    public static final Set<ClaimCategory> GATED =
            EnumSet.of(SAFETY, DURABILITY, IDEMPOTENCY, ISOLATION, ORDERING, MEMBERSHIP);
    /** A claim in one of these needs a §7.M.S surface decomposition. */
    public static final Set<ClaimCategory> SURFACE = EnumSet.of(BOUNDARY, FAIRNESS);

    private final String label;

    ClaimCategory(String label) {
        this.label = label;
    }

    /** The name as written in plans and in {@code lint --json}. */
    public String label() {
        return label;
    }

    /** A single word (case-insensitive; {@code performance}, {@code slo} and plurals accepted). */
    public static ClaimCategory fromWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return switch (w) {
            case "safety" -> SAFETY;
            case "liveness", "availability" -> LIVENESS;
            case "durability", "durable" -> DURABILITY;
            case "performance-slo", "performance", "slo", "perf", "latency" -> PERFORMANCE_SLO;
            case "operational", "operations", "operability" -> OPERATIONAL;
            case "idempotency", "idempotence" -> IDEMPOTENCY;
            case "isolation" -> ISOLATION;
            case "ordering", "order" -> ORDERING;
            case "membership" -> MEMBERSHIP;
            case "boundary", "tenancy", "authz" -> BOUNDARY;
            case "fairness" -> FAIRNESS;
            case "observability" -> OBSERVABILITY;
            default -> null;
        };
    }

    /**
     * The known categories named in a cell such as {@code ordering / idempotency},
     * {@code ordering (queue example)} or {@code (negative) consistency}; order of first mention.
     */
    public static List<ClaimCategory> parseCell(String cell) {
        List<ClaimCategory> out = new ArrayList<>(2);
        // the words [A-Za-z][A-Za-z-]*, scanned by hand: a regex here (its first use spins the
        // JDK's lambdas) sat on every `falsify check`'s start, through the checker choice
        int n = cell.length();
        for (int i = 0; i < n; ) {
            if (!asciiLetter(cell.charAt(i))) {
                i++;
                continue;
            }
            int end = i + 1;
            while (end < n && (asciiLetter(cell.charAt(end)) || cell.charAt(end) == '-')) end++;
            String w = cell.substring(i, end);
            i = end;
            ClaimCategory c = fromWord(w);
            if (c == null && w.toLowerCase(Locale.ROOT).startsWith("performance")) c = PERFORMANCE_SLO;
            if (c != null && !out.contains(c)) out.add(c);
        }
        return out;
    }

    private static boolean asciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
