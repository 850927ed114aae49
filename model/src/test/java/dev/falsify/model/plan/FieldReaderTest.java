package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Field labels as plans write them, and the promise behind the cheap pre-checks in
 * {@link FieldReader#label}: they only skip lines the label regexes would reject anyway.
 */
class FieldReaderTest {
    private static final Predicate<String> ANY = k -> true;

    @Test
    void boldAndPlainLabelsBehindIndentsAndListMarkers() {
        assertThat(FieldReader.label("- **Model:** a register", ANY))
                .extracting(FieldReader.LabelMatch::label, FieldReader.LabelMatch::bold).containsExactly("Model", true);
        assertThat(FieldReader.label("  1. **Nemesis**: partition", ANY).label()).isEqualTo("Nemesis");
        assertThat(FieldReader.label("12) Checker: linearizable", ANY).label()).isEqualTo("Checker");
        assertThat(FieldReader.label("\t__History schema:__ jsonl", ANY).label()).isEqualTo("History schema");
        assertThat(FieldReader.label("* **`epoch`:** set", ANY).label()).isEqualTo("epoch");
        assertThat(FieldReader.label("Landing evidence: counters", ANY).valueStart()).isEqualTo("Landing evidence: ".length());
    }

    @Test
    void linesThatOnlyContainBoldOrAColonAreNotFields() {
        assertThat(FieldReader.label("the leader is **not** fenced: see H3", k -> false)).isNull();
        assertThat(FieldReader.label("-**Model:** no space after the marker", ANY)).isNull();
        assertThat(FieldReader.label("1234. **Model:** four digits are not a list marker", ANY)).isNull();
        assertThat(FieldReader.label("9lives: a label starts with a letter", ANY)).isNull();
        assertThat(FieldReader.label("| **C1** | a table cell: not a field |", ANY)).isNull();
    }

    @Test
    void preChecksNeverChangeAnAnswerOfTheRegexes() {
        String[] indents = {"", " ", "   ", "\t", " \t "};
        String[] markers = {"", "- ", "* ", "+ ", "1. ", "12) ", "123. ", "1234. ", "-", "1.", "*\t", "+  "};
        String[] labels = {"**Model:**", "**Model**:", "**Model** :", "__Nemesis:__", "Model:", "model :", "***x***",
                "**a**", "§7.M:", "`code`:", "[x]:", "9lives:", "**:**", "__x__ y:", "Release budget", "**S1** — x:", "*Model*:",
                "_Model_ —", "*m* -", "Model —", "* x*:"};
        String[] rests = {"", " value", ":", " **b** c", " : v", "  trailing  "};
        int compared = 0;
        for (String i : indents) {
            for (String m : markers) {
                for (String l : labels) {
                    for (String r : rests) {
                        String line = i + m + l + r;
                        for (Predicate<String> accepted : List.<Predicate<String>>of(ANY, k -> false, k -> k.startsWith("m"))) {
                            assertThat(FieldReader.label(line, accepted)).as("'%s'", line).isEqualTo(regexesOnly(line, accepted));
                            compared++;
                        }
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(indents.length * markers.length * labels.length * rests.length * 3);
    }

    private static final Pattern BOLD = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?(\\*\\*|__)([^*_]{1,100}?)(\\*\\*|__)(.*)$");
    private static final Pattern PLAIN = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([A-Za-z§][^:*`|\\[\\]]{0,60}?)\\s*:(?:\\s+(.*)|\\s*)$");

    private static final Pattern ITALIC = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([*_])([^*_\\s][^*_]{0,99}?)([*_])(.*)$");
    private static final Pattern PLAIN_DASH = Pattern.compile(
            "^(\\s*)(?:([-*+]|\\d{1,3}[.)])\\s+)?([A-Za-z§][^:*`|\\[\\]—–]{0,60}?)\\s+[—–]\\s+(\\S.*)$");
    private static final Pattern DASH = Pattern.compile("(?:—|–|--|-)(?=\\s)");

    /** The label rule as the regexes state it, with no pre-checks: the oracle. */
    private static FieldReader.LabelMatch regexesOnly(String line, Predicate<String> plainAccepted) {
        Matcher b = BOLD.matcher(line);
        if (b.matches()) {
            FieldReader.LabelMatch m = emphasised(line, b.group(4), b.start(6), b.group(6), true, plainAccepted);
            if (m != null) return m;
        }
        Matcher it = ITALIC.matcher(line);
        if (it.matches()) {
            FieldReader.LabelMatch m = emphasised(line, it.group(4), it.start(6), it.group(6), false, plainAccepted);
            if (m != null && plainAccepted.test(m.key())) return m;
        }
        Matcher p = PLAIN.matcher(line);
        if (p.matches()) {
            String label = p.group(3).strip();
            String k = FieldReader.key(label);
            if (plainAccepted.test(k)) {
                int valueStart = p.group(4) == null ? line.length() : p.start(4);
                return new FieldReader.LabelMatch(label, k, false, FieldReader.indentOf(line), valueStart);
            }
        }
        Matcher d = PLAIN_DASH.matcher(line);
        if (d.matches() && plainAccepted.test(FieldReader.key(d.group(3).strip()))) {
            String label = d.group(3).strip();
            return new FieldReader.LabelMatch(label, FieldReader.key(label), false, FieldReader.indentOf(line), d.start(4));
        }
        return null;
    }

    private static FieldReader.LabelMatch emphasised(String line, String raw, int afterStart, String after, boolean bold,
                                                     Predicate<String> accepted) {
        String label = raw.strip();
        boolean colonInside = label.endsWith(":");
        String afterTrim = after.stripLeading();
        boolean colonAfter = afterTrim.startsWith(":");
        int skip;
        if (colonInside || colonAfter) {
            if (colonInside) label = label.substring(0, label.length() - 1).strip();
            skip = colonAfter ? 1 : 0;
        } else {
            Matcher d = DASH.matcher(afterTrim);
            if (!d.lookingAt() || !accepted.test(FieldReader.key(label.replace("`", "")))) return null;
            skip = d.end();
        }
        int valueStart = afterStart + (after.length() - afterTrim.length()) + skip;
        while (valueStart < line.length() && Character.isWhitespace(line.charAt(valueStart))) valueStart++;
        String l = label.replace("`", "");
        return new FieldReader.LabelMatch(l, FieldReader.key(l), bold, FieldReader.indentOf(line), valueStart);
    }

    @Test
    void italicAndDashSeparatedLabels() {
        Predicate<String> known = k -> k.equals("checker") || k.equals("model") || k.equals("date");
        assertThat(FieldReader.label("* *Checker*: session", known)).extracting(FieldReader.LabelMatch::label).isEqualTo("Checker");
        assertThat(FieldReader.label("_Model:_ queue", known).valueStart()).isEqualTo("_Model:_ ".length());
        assertThat(FieldReader.label("**Date** — 2026-11-21", known).valueStart()).isEqualTo("**Date** — ".length());
        assertThat(FieldReader.label("- Model — queue", known).valueStart()).isEqualTo("- Model — ".length());
        // unknown labels stay prose in these forms; italics alone are emphasis, not a label
        assertThat(FieldReader.label("*Replication.* Secondaries pull the oplog", known)).isNull();
        assertThat(FieldReader.label("**H3** — reordering across partitions", known)).isNull();
        assertThat(FieldReader.label("Three brokers — one leader", known)).isNull();
        assertThat(FieldReader.label("*Note*: unknown", known)).isNull();
    }

    @Test
    void lineIndexOfAgreesWithALinearScanInAnyOrderOfQueries() {
        StringBuilder sb = new StringBuilder();
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 400; i++) {
            sb.append("x".repeat(rnd.nextInt(5))).append(rnd.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        String text = sb.toString();
        SourceLines lines = new SourceLines(text);
        List<Integer> queries = new ArrayList<>();
        for (int o = -2; o <= text.length() + 2; o++) {
            queries.add(o);          // ascending: the hint path
        }
        for (int k = 0; k < 2000; k++) {
            queries.add(rnd.nextInt(text.length() + 6) - 3);   // random: the binary search path
        }
        for (int o : queries) {
            int expected = 0;
            for (int i = 0; i < Math.max(0, Math.min(o, text.length())); i++) {
                if (text.charAt(i) == '\n') expected++;
            }
            if (o >= text.length() && text.endsWith("\n")) expected = lines.lineCount() - 1;
            assertThat(lines.lineIndexOf(o)).as("offset %d", o).isEqualTo(expected);
        }
    }
}
