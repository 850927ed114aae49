package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading id lists the way plans write them: {@code C1, C3}, bold {@code **C1, C4**}, ranges
 * {@code C1–C5} / {@code C1-C5}, qualifiers {@code H3 (subset)} / {@code partial H35}, and trailing
 * sentences ({@code C2. Surfaces M1, M9.} → C2). Ids inside a parenthetical that also contains
 * words ({@code nothing strict (C38 admits this)}) are not targets. Comparing two ids is
 * {@link dev.falsify.model.vocabulary.PlanId}'s.
 */
public final class Ids {
    private Ids() {
    }

    private static final Pattern ID = Pattern.compile("(?<![A-Za-z0-9_])([A-Z])(\\d{1,5})(/[A-Za-z0-9_.-]+)?(?![A-Za-z0-9_])");
    private static final Pattern RANGE = Pattern.compile(
            "(?<![A-Za-z0-9_])([A-Z])(\\d{1,5})\\s*(?:-|–|—|\\.\\.|to)\\s*([A-Z])?(\\d{1,5})(?![A-Za-z0-9_/])");
    private static final Pattern PAREN = Pattern.compile("\\(([^()]*)\\)");
    private static final Pattern ONLY_IDS = Pattern.compile(
            "[\\s,;/&+*`]*+(?:(?:[A-Z]\\d{1,5}+(?:/[A-Za-z0-9_.-]++)?|and|or|–|—|-)[\\s,;/&+*`]*+)++");
    private static final Pattern SENTENCE_END = Pattern.compile("\\.\\s+(?![A-Z]\\d)(?=[A-Za-z(])|\\.\\s*$|\\n\\s*\\n");
    private static final int MAX_RANGE = 1000;
    private static final Pattern SURFACES = Pattern.compile("(?i)\\bsurfac(es|ed|ing)\\b");

    /**
     * Target ids with one of the given prefixes ({@code "CM"} for claims and missing claims),
     * from the first sentence of the value that names any, in order, without duplicates.
     */
    public static List<String> targets(String value, String prefixes) {
        if (value == null || value.isEmpty()) return List.of();
        String cleaned = stripQualifiers(value.replace("**", " ").replace("__", " ").replace("~~", " "));
        Matcher surfaces = SURFACES.matcher(cleaned);
        if (surfaces.find()) cleaned = cleaned.substring(0, surfaces.start());   // "…, surfaces M10": not targets
        int from = 0;
        Matcher end = SENTENCE_END.matcher(cleaned);
        while (from < cleaned.length()) {
            int to = cleaned.length();
            int next = cleaned.length();
            while (end.find()) {
                // "C1–C5." or "v1.2": a period directly between digits is not a sentence end
                if (end.start() >= from) {
                    to = end.start();
                    next = end.end();
                    break;
                }
            }
            List<String> ids = all(cleaned.substring(from, to), prefixes);
            if (!ids.isEmpty()) return ids;
            if (next <= from) break;
            from = next;
        }
        return List.of();
    }

    /** Every id with one of the prefixes anywhere in the text (ranges expanded), in order, distinct. */
    public static List<String> all(String text, String prefixes) {
        if (text == null || text.isEmpty()) return List.of();
        Set<String> out = new LinkedHashSet<>();
        Matcher r = RANGE.matcher(text);
        int last = 0;
        StringBuilder rest = new StringBuilder();
        while (r.find()) {
            String p = r.group(1);
            String p2 = r.group(3);
            if (prefixes.contains(p) && (p2 == null || p2.equals(p))) {
                collect(text.substring(last, r.start()), prefixes, out);
                String da = r.group(2);
                int a = Integer.parseInt(da);
                int b = Integer.parseInt(r.group(4));
                if (b >= a && b - a <= MAX_RANGE) {
                    int width = da.length() > 1 && da.startsWith("0") ? da.length() : 0;
                    for (int i = a; i <= b; i++) out.add(p + pad(i, width));
                } else {
                    out.add(p + da);
                    out.add(p + r.group(4));
                }
                last = r.end();
            }
        }
        rest.append(text, last, text.length());
        collect(rest.toString(), prefixes, out);
        return new ArrayList<>(out);
    }

    private static void collect(String text, String prefixes, Set<String> out) {
        Matcher m = ID.matcher(text);
        while (m.find()) {
            if (prefixes.contains(m.group(1))) {
                out.add(m.group(1) + m.group(2) + (m.group(3) == null ? "" : m.group(3)));
            }
        }
    }

    private static String pad(int n, int width) {
        String s = Integer.toString(n);
        while (s.length() < width) s = "0" + s;
        return s;
    }

    /** Drops parentheticals that are prose (they may name ids that are not targets). */
    static String stripQualifiers(String value) {
        Matcher m = PAREN.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String inner = m.group(1);
            m.appendReplacement(sb, Matcher.quoteReplacement(ONLY_IDS.matcher(inner).matches() ? " " + inner + " " : " "));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
