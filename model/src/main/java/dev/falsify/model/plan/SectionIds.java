package dev.falsify.model.plan;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Recognises plan sections by leading number/letter, falling back to keywords. */
final class SectionIds {
    private SectionIds() {
    }

    static final Set<String> KNOWN = Set.of("0", "1", "1b", "1c", "2", "3", "4", "5", "6", "6b", "7", "7b", "7c", "7d", "8", "9");
    private static final Pattern NUMBER = Pattern.compile("^(\\d{1,2})(?:\\.?([a-z]))?(?=$|[\\s.:)\\]—–-])");
    // compiled once: String.replaceFirst compiles its pattern on every call, and every heading is identified
    private static final Pattern SECTION_WORD = Pattern.compile("^(§|section\\s+|part\\s+)\\s*");
    private static final Pattern SECTION_SIGN = Pattern.compile("^(§|section\\s+)\\s*");

    /** The section id, or null when the heading is not a known section. */
    static String identify(String heading) {
        String t = heading.strip().toLowerCase(Locale.ROOT).replace("*", "").replace("`", "");
        // the anchored regexes only where they can match: every heading of a plan is identified, most start with a letter
        if (t.startsWith("§") || t.startsWith("section") || t.startsWith("part")) t = SECTION_WORD.matcher(t).replaceFirst("");
        t = t.strip();
        String numberId = null;
        Matcher m = t.isEmpty() || t.charAt(0) < '0' || t.charAt(0) > '9' ? null : NUMBER.matcher(t);
        if (m != null && m.find()) {
            numberId = m.group(1) + (m.group(2) == null ? "" : m.group(2));
            if (numberId.length() > 1 && numberId.startsWith("0")) numberId = numberId.substring(1);
        }
        String keywordId = byKeywords(t);
        if (numberId != null && KNOWN.contains(numberId)) {
            if (keywordId == null || keywordId.equals(numberId)) return numberId;
            // "5. Coverage adequacy argument": "coverage" is part of §7b's own name, not a §5 keyword. When the
            // number and the title disagree the title is what the author meant, unless the title also names the
            // numbered section with words that are not part of the other section's name.
            return hasKeywordOf(numberId, withoutOwnWords(t, keywordId)) ? numberId : keywordId;
        }
        return keywordId;
    }

    /** The number written in the heading, when it is a sub-section number with a letter ({@code 7b}). */
    static boolean hasLetteredNumber(String heading) {
        String t = heading.strip().toLowerCase(Locale.ROOT);
        t = SECTION_SIGN.matcher(t).replaceFirst("");
        Matcher m = NUMBER.matcher(t);
        return m.find() && m.group(2) != null && KNOWN.contains(m.group(1) + m.group(2));
    }

    /** Phrases that belong to a section's own name and contain another section's keyword. */
    private static final java.util.Map<String, List<String>> OWN_WORDS = java.util.Map.of(
            "7b", List.of("coverage adequacy", "coverage argument", "adequacy of coverage", "adequacy", "argument", "sufficien"),
            "8", List.of("not cover", "does not", "out of scope", "not in scope", "non-goal", "non goal", "exclusion"),
            "1c", List.of("missing claim", "missing guarantee", "missing invariant", "gap"),
            "7c", List.of("residual", "uncertaint"),
            "7d", List.of("confidence"),
            "3", List.of("existing test", "inventory"));

    private static String withoutOwnWords(String t, String id) {
        String out = t;
        for (String w : OWN_WORDS.getOrDefault(id, List.of())) out = out.replace(w, " ");
        return out;
    }

    private static boolean hasKeywordOf(String id, String t) {
        return switch (id) {
            case "0" -> t.contains("architect") || t.contains("summary") || t.contains("overview") || t.contains("background")
                    || t.contains("context") || t.contains("introduction");
            case "1" -> t.contains("scope");
            case "1b" -> t.contains("claim") || t.contains("guarantee") || t.contains("invariant");
            case "1c" -> t.contains("missing") || t.contains("gap");
            case "2" -> t.contains("model");
            case "3" -> t.contains("inventory") || t.contains("existing");
            case "4" -> t.contains("hypothes") || t.contains("failure");
            case "5" -> t.contains("coverage");
            case "6" -> t.contains("technique");
            case "6b" -> t.contains("environment") || t.contains("requirement");
            case "7" -> t.contains("scenario") || t.contains("test case") || t.contains("experiment");
            case "7b" -> t.contains("adequacy") || t.contains("argument") || t.contains("sufficien");
            case "7c" -> t.contains("residual") || t.contains("uncertaint");
            case "7d" -> t.contains("confidence");
            case "8" -> t.contains("not cover") || t.contains("out of scope") || t.contains("non-goal") || t.contains("non goal")
                    || t.contains("exclusion") || t.contains("limitation");
            case "9" -> t.contains("question") || t.contains("follow") || t.contains("next step") || t.contains("future work");
            default -> false;
        };
    }

    private static String byKeywords(String t) {
        if (t.contains("missing claim")) return "1c";
        if (t.contains("not cover") || t.contains("does not") || t.contains("out of scope") || t.contains("non-goal")
                || t.contains("non goal") || t.contains("exclusion") || t.contains("not in scope")) return "8";
        if (t.contains("adequacy") || t.contains("argument") || t.contains("sufficien")) return "7b";
        if (t.contains("residual") || t.contains("uncertaint")) return "7c";
        if (t.contains("confidence")) return "7d";
        if (t.contains("environment") || t.contains("requirements")) return "6b";
        if (t.contains("open question") || t.contains("followup") || t.contains("follow-up") || t.contains("follow up")
                || t.contains("next step") || t.contains("future work") || t.contains("questions")) return "9";
        if (t.contains("hypothes") || t.contains("failure mode") || t.contains("failure-mode")) return "4";
        if (t.contains("inventory") || t.contains("existing test")) return "3";
        if (t.contains("coverage")) return "5";
        if (t.contains("technique")) return "6";
        if (t.contains("scenario") || t.contains("test case") || t.contains("experiment")) return "7";
        if (t.contains("architect")) return "0";
        if (t.contains("scope")) return "1";
        if (t.contains("claim") || t.contains("guarantees") || t.contains("invariants")) return "1b";
        if (t.contains("sut model") || t.contains("system model") || t.equals("model") || t.startsWith("model ")) return "2";
        if (t.equals("gaps") || t.startsWith("gaps ")) return "1c";
        // the summary section under other names; last, so that "coverage summary" stays §5
        if (t.contains("overview") || t.contains("background") || t.contains("introduction") || t.equals("context")
                || t.contains("system context") || t.equals("summary")) return "0";
        return null;
    }
}
