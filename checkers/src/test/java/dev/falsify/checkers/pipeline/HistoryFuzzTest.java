package dev.falsify.checkers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.api.CheckerRegistry;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.HistoryFormat;
import dev.falsify.checkers.history.HistoryFormatException;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Bounded fuzzing of the one history pipeline: generated and mutated histories in every format,
 * each checked by the default choice and by a checker picked at random, under a generous time
 * limit per input (so CI load cannot fail it, but a hang or a super-linear blow-up does). The only
 * acceptable failures are bad-input errors that name file:line:column; no other exception may
 * escape, whatever the input.
 */
class HistoryFuzzTest {
    /** Inputs per format. */
    private static final int PER_FORMAT = 750;
    /** Per input: far above what any of these small inputs takes, even on a loaded machine. */
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final Pattern POSITION = Pattern.compile("^fuzz-\\d+:\\d+:\\d+: ");

    @Test
    void generatedAndMutatedHistoriesNeitherCrashNorHang() {
        Random rnd = new Random(20261201L);
        List<Checker> checkers = CheckerRegistry.standard().all();
        HistoryCheck pipeline = HistoryCheck.standard();
        int inputs = 0;
        int rejected = 0;
        for (HistoryFormat format : HistoryFormat.values()) {
            List<String> seeds = seeds(format, rnd);
            for (int i = 0; i < PER_FORMAT; i++) {
                String base = seeds.get(rnd.nextInt(seeds.size()));
                String text = i % 5 == 0 ? base : mutate(base, rnd);
                String checker = rnd.nextInt(3) == 0 ? checkers.get(rnd.nextInt(checkers.size())).name() : null;
                HistoryFormat given = rnd.nextBoolean() ? format : null;
                String source = "fuzz-" + inputs;
                inputs++;
                String what = source + " (" + format.id() + ", checker " + checker + "):\n" + abbreviate(text);
                boolean ok = assertTimeoutPreemptively(LIMIT, () -> {
                    try {
                        CheckedHistory r = pipeline.run(new StringReader(text), source, new HistoryCheck.Request(checker, null,
                                given, java.util.Map.of(), null, java.util.Map.of(), null, CheckBudget.of(Duration.ofSeconds(5))));
                        assertThat(r.result()).as(what).isNotNull();
                        r.toJson();
                        r.lines();
                        return true;
                    } catch (HistoryFormatException e) {
                        assertThat(e.getMessage()).as(what).containsPattern(POSITION);
                        return false;
                    } catch (IllegalArgumentException e) {
                        return refusedInWords(e, what);
                    }
                }, () -> "no answer within " + LIMIT + " for " + what);
                if (!ok) rejected++;
            }
        }
        assertThat(inputs).isEqualTo(PER_FORMAT * HistoryFormat.values().length);
        // the generator must reach the checkers, not only the readers' error paths
        assertThat(rejected).isLessThan(inputs * 9 / 10);
    }

    /**
     * An option or model the chosen checker refuses: bad input, said in words (a
     * NumberFormatException, also an IllegalArgumentException, is a crash). False: the input was refused.
     */
    private static boolean refusedInWords(IllegalArgumentException e, String what) {
        assertThat(e.getClass()).as(what).isEqualTo(IllegalArgumentException.class);
        assertThat(e.getMessage()).as(what).isNotBlank();
        return false;
    }

    /** Inputs per format and family in {@link #issue29Families}. */
    private static final int PER_FAMILY = 120;

    /** The families issue 29 added, each with what must hold of every input in it. */
    private enum Family { CONTROL_CHARACTERS, DUPLICATE_KEYS, EVERY_OP_FAILED, HUGE_NUMBERS }

    /**
     * Issue 29's families: control characters in every field, a key twice in an op, histories in
     * which every op failed, and huge numbers. Beyond "no crash, no hang": a key twice is bad input
     * on the line of the op that has it; a history in which nothing succeeded is never VALID
     * without a weakness; an error message is one line, whatever the input put into it.
     */
    @Test
    void issue29Families() {
        Random rnd = new Random(20261229L);
        HistoryCheck pipeline = HistoryCheck.standard();
        List<Checker> checkers = CheckerRegistry.standard().all();
        int inputs = 0;
        int rejected = 0;
        for (Family family : Family.values()) {
            for (HistoryFormat format : HistoryFormat.values()) {
                for (int i = 0; i < PER_FAMILY; i++) {
                    String base = generate(format, rnd, 1 + rnd.nextInt(40));
                    int[] markedLine = {0};
                    String text = switch (family) {
                        case CONTROL_CHARACTERS -> withControlCharacters(base, rnd);
                        case DUPLICATE_KEYS -> withDuplicateKey(base, format, rnd, markedLine);
                        case EVERY_OP_FAILED -> everyOpFailed(base, format);
                        case HUGE_NUMBERS -> withHugeNumber(base, rnd);
                    };
                    String checker = family == Family.EVERY_OP_FAILED && rnd.nextBoolean()
                            ? checkers.get(rnd.nextInt(checkers.size())).name() : null;
                    String source = "fuzz-" + inputs;
                    inputs++;
                    String what = source + " (" + family + ", " + format.id() + ", checker " + checker + "):\n" + abbreviate(text);
                    boolean ok = assertTimeoutPreemptively(LIMIT, () -> {
                        try {
                            CheckedHistory r = pipeline.run(new StringReader(text), source, new HistoryCheck.Request(checker, null,
                                    format, java.util.Map.of(), null, java.util.Map.of(), null, CheckBudget.of(Duration.ofSeconds(5))));
                            r.toJson();
                            r.lines();
                            assertThat(markedLine[0]).as("a key twice read as an op: " + what).isZero();
                            if (family == Family.EVERY_OP_FAILED && r.result().evidence().opsTotal() > 0) {
                                boolean judges = checker == null || CheckerRegistry.standard().get(checker).judgesHistory();
                                assertThat(judges && r.result().validity() == dev.falsify.model.vocabulary.Validity.VALID
                                        && r.result().weaknesses().isEmpty()).as("VALID with nothing succeeded: " + r.lines()
                                        + "\n" + what).isFalse();
                            }
                            return true;
                        } catch (HistoryFormatException e) {
                            assertThat(e.getMessage()).as(what).containsPattern(POSITION);
                            assertThat(e.getMessage()).as("one line: " + what).doesNotContain("\n").doesNotContain("\r");
                            if (markedLine[0] > 0) assertThat(e.line()).as(e.getMessage() + "\n" + what).isEqualTo(markedLine[0]);
                            return false;
                        } catch (IllegalArgumentException e) {
                            return refusedInWords(e, what);
                        }
                    }, () -> "no answer within " + LIMIT + " for " + what);
                    if (!ok) rejected++;
                }
            }
        }
        assertThat(inputs).isEqualTo(PER_FAMILY * HistoryFormat.values().length * Family.values().length);
        assertThat(rejected).isLessThan(inputs * 9 / 10);
    }

    /** Control characters a recorder or an attacker may put in a value, a key, a process name or between tokens. */
    private static final String CONTROLS = "\u0000\u0001\u0007\u0008\t\n\u000b\u000c\r\u001b\u001f\u007f\u0085\u2028\u2029\ufeff";

    /**
     * One to four control characters: raw anywhere (inside strings, keywords, numbers, between
     * fields), or as a string's escapes in place of the value of a field of one op (its process,
     * type, op type, key, value, error…), so the character reaches every field of the ops.
     */
    private static String withControlCharacters(String s, Random rnd) {
        StringBuilder b = new StringBuilder(s);
        for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
            char c = CONTROLS.charAt(rnd.nextInt(CONTROLS.length()));
            if (rnd.nextBoolean()) {
                b.insert(rnd.nextInt(b.length() + 1), c);
                continue;
            }
            String text = b.toString();
            String escaped = "\"a\\u" + String.format("%04x", (int) c) + "b\"";
            // a JSON field's value, an EDN map's value, or a log line's value (raw: a log has no escapes)
            java.util.regex.Matcher m = Pattern.compile("(\"\\w+\":)([^,}]*)|(:\\w+ )([^,}\\s]+)|(\\t)([^\\t\\n]+)(?=\\n)")
                    .matcher(text);
            List<int[]> spans = new ArrayList<>();
            while (m.find()) {
                int g = m.group(2) != null ? 2 : m.group(4) != null ? 4 : 6;
                spans.add(new int[] {m.start(g), m.end(g), g});
            }
            if (spans.isEmpty()) continue;
            int[] span = spans.get(rnd.nextInt(spans.size()));
            b.replace(span[0], span[1], span[2] == 6 ? "a" + c + "b" : escaped);
        }
        return b.toString();
    }

    /** A key of one op written twice (with another value); {@code line[0]} is set to that op's line. */
    private static String withDuplicateKey(String s, HistoryFormat format, Random rnd, int[] line) {
        List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
        int at = rnd.nextInt(Math.max(1, lines.size() - 1));
        String l = lines.get(at);
        String twice;
        switch (format) {
            case JSONL -> {
                String[] keys = {"op_id", "process_id", "invoke_ts", "op_type", "input", "output", "error", "key", "node_seen"};
                String k = keys[rnd.nextInt(keys.length)];
                twice = l.replaceFirst("\\{", "{\"" + k + "\":" + (rnd.nextBoolean() ? "1," : "\"v\",")) ;
                if (!l.contains("\"" + k + "\"")) twice = twice.replaceFirst("\\{", "{\"" + k + "\":2,");
            }
            case JEPSEN_EDN, PORCUPINE_KV -> {
                String[] keys = {"process", "type", "f", "value", "key", "index", "time", "error"};
                String k = keys[rnd.nextInt(keys.length)];
                twice = l.replaceFirst("\\{", "{:" + k + " 1, :" + k + " " + (rnd.nextBoolean() ? "2" : ":x") + ", ");
            }
            case JEPSEN_TXT -> {
                // the value is the fourth field (an error may follow it, printed bare: text, not a value)
                String[] fields = l.split("\t", -1);
                if (fields.length >= 4) fields[3] = "{:a 1 :a 2}";
                twice = String.join("\t", fields);
            }
            default -> {
                // a log line's value: a map with a key twice
                twice = l.isEmpty() ? l : l.replaceAll("\t[^\t]*$", "\t{:a 1 :a 2}");
            }
        }
        if (twice.equals(l) || l.isBlank()) return s;
        lines.set(at, twice);
        line[0] = at + 1;
        return String.join("\n", lines);
    }

    /** Every completion a failure (a Jepsen log's failed cas is a completed compare, so cas ops become writes). */
    private static String everyOpFailed(String s, HistoryFormat format) {
        return switch (format) {
            case JSONL -> s.replace("\"error\":null", "\"error\":\"boom\"");
            case PORCUPINE_ETCD -> s.replace(":ok", ":fail").replace(":info", ":fail").replace(":cas", ":write");
            case JEPSEN_TXT -> s.replace("\t:ok\t", "\t:fail\t");
            default -> s.replace(":type :ok", ":type :fail").replace(", :type :ok", ", :type :fail");
        };
    }

    /** A number of the history replaced by a huge one. */
    private static String withHugeNumber(String s, Random rnd) {
        String digits = "9".repeat(switch (rnd.nextInt(4)) {
            case 0 -> 999;
            case 1 -> 1001;
            case 2 -> 20_000;
            default -> 300_000;
        });
        String huge = switch (rnd.nextInt(4)) {
            case 0 -> digits;
            case 1 -> "-" + digits;
            case 2 -> "1e" + digits;
            default -> "0." + digits;
        };
        return s.replaceFirst("\\b\\d+\\b", huge);
    }

    private static String abbreviate(String text) {
        return text.length() <= 2000 ? text : text.substring(0, 2000) + "…";
    }

    /** Valid histories of the format: generated ones plus the heads of the corpora, when present. */
    private static List<String> seeds(HistoryFormat format, Random rnd) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 12; i++) out.add(generate(format, rnd, 1 + rnd.nextInt(60)));
        String corpus = switch (format) {
            case JSONL -> null;
            case JEPSEN_EDN -> "elle/paper-example.edn";
            case PORCUPINE_ETCD -> "porcupine/etcd/etcd_002.log";
            case PORCUPINE_KV -> "porcupine/kv/c01-ok.txt";
            case JEPSEN_TXT -> null;
        };
        if (corpus != null) {
            Path p = CorpusPaths.of(corpus);
            if (Files.isRegularFile(p)) out.add(head(p, 120));
        }
        if (format == HistoryFormat.JEPSEN_EDN) out.add(listAppend(rnd, 30));
        return out;
    }

    private static String head(Path p, int lines) {
        try {
            List<String> all = Files.readAllLines(p, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(0, Math.min(lines, all.size()))) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A register history of {@code n} ops over a few processes, in the format's syntax. */
    static String generate(HistoryFormat format, Random rnd, int n) {
        StringBuilder b = new StringBuilder();
        long t = 0;
        int value = 0;
        for (int i = 0; i < n; i++) {
            int process = rnd.nextInt(4);
            boolean write = rnd.nextBoolean();
            int v = write ? ++value : rnd.nextInt(value + 1);
            String outcome = switch (rnd.nextInt(10)) { case 0 -> "fail"; case 1 -> "info"; default -> "ok"; };
            long invoke = t++;
            long complete = t++;
            String key = String.valueOf(rnd.nextInt(3));
            switch (format) {
                case JSONL -> b.append("{\"op_id\":").append(i).append(",\"process_id\":").append(process)
                        .append(",\"invoke_ts\":").append(invoke).append(",\"complete_ts\":")
                        .append(outcome.equals("info") ? "null" : String.valueOf(complete))
                        .append(",\"op_type\":\"").append(write ? "write" : "read").append("\",\"key\":null,\"input\":")
                        .append(write ? String.valueOf(v) : "null").append(",\"output\":").append(write ? "null" : String.valueOf(v))
                        .append(",\"error\":").append(outcome.equals("fail") ? "\"boom\"" : "null")
                        .append(",\"timeout_marker\":").append(outcome.equals("info")).append("}\n");
                case JEPSEN_EDN -> b.append("{:type :invoke, :f :").append(write ? "write" : "read").append(", :value ")
                        .append(write ? v : "nil").append(", :process ").append(i).append("}\n")
                        .append("{:type :").append(outcome).append(", :f :").append(write ? "write" : "read")
                        .append(", :value ").append(v).append(", :process ").append(i).append("}\n");
                case PORCUPINE_ETCD -> b.append("INFO  jepsen.util - ").append(i).append("\t:invoke\t:")
                        .append(write ? "write\t" + v : "read\tnil").append('\n')
                        .append("INFO  jepsen.util - ").append(i).append("\t:").append(outcome).append("\t:")
                        .append(write ? "write" : "read").append('\t').append(v).append('\n');
                case JEPSEN_TXT -> b.append(i).append("\t:invoke\t:").append(write ? "write\t" + v : "read\tnil").append('\n')
                        .append(i).append("\t:").append(outcome).append("\t:").append(write ? "write" : "read").append('\t')
                        .append(v).append(outcome.equals("fail") ? "\tboom" : "").append('\n');
                case PORCUPINE_KV -> b.append("{:process ").append(i).append(", :type :invoke, :f :")
                        .append(write ? "put" : "get").append(", :key \"").append(key).append("\", :value ")
                        .append(write ? "\"" + v + "\"" : "nil").append("}\n")
                        .append("{:process ").append(i).append(", :type :").append(outcome).append(", :f :")
                        .append(write ? "put" : "get").append(", :key \"").append(key).append("\", :value \"").append(v)
                        .append("\"}\n");
            }
        }
        return b.toString();
    }

    /** An Elle list-append history. */
    private static String listAppend(Random rnd, int n) {
        StringBuilder b = new StringBuilder();
        int next = 1;
        for (int i = 0; i < n; i++) {
            String k = String.valueOf(rnd.nextInt(3));
            String inv = rnd.nextBoolean() ? "[[:append " + k + " " + next + "]]" : "[[:r " + k + " nil]]";
            String done = inv.contains("append") ? inv : "[[:r " + k + " [" + (rnd.nextInt(next) + 1) + "]]]";
            next++;
            b.append("{:type :invoke, :f :txn, :value ").append(inv).append(", :process ").append(i).append("}\n");
            b.append("{:type :ok, :f :txn, :value ").append(done).append(", :process ").append(i).append("}\n");
        }
        return b.toString();
    }

    private static final String NOISE = "{}[]():,\"\\ \t\n0123456789-.eE:invoke:ok:fail:info nil true false #\u00e9\u0000";

    /** One to three mutations: truncation, deletion, insertion, duplicated or swapped lines, odd numbers. */
    static String mutate(String s, Random rnd) {
        String out = s;
        int n = 1 + rnd.nextInt(3);
        for (int m = 0; m < n && !out.isEmpty(); m++) {
            int at = rnd.nextInt(out.length());
            switch (rnd.nextInt(8)) {
                case 0 -> out = out.substring(0, at);
                case 1 -> out = out.substring(0, at) + out.substring(Math.min(out.length(), at + 1 + rnd.nextInt(20)));
                case 2 -> {
                    StringBuilder ins = new StringBuilder();
                    for (int i = rnd.nextInt(8); i >= 0; i--) ins.append(NOISE.charAt(rnd.nextInt(NOISE.length())));
                    out = out.substring(0, at) + ins + out.substring(at);
                }
                case 3, 4 -> {
                    List<String> lines = new ArrayList<>(List.of(out.split("\n", -1)));
                    int a = rnd.nextInt(lines.size());
                    int b = rnd.nextInt(lines.size());
                    if (rnd.nextBoolean()) lines.add(b, lines.get(a));
                    else java.util.Collections.swap(lines, a, b);
                    out = String.join("\n", lines);
                }
                case 5 -> out = out.replaceFirst("\\b\\d+\\b", switch (rnd.nextInt(4)) {
                    case 0 -> "99999999999999999999999";
                    case 1 -> "-1";
                    case 2 -> "1e400";
                    default -> "0.5";
                });
                case 6 -> out = out.replace(":ok", rnd.nextBoolean() ? ":info" : ":invoke");
                default -> {
                    char[] c = out.toCharArray();
                    c[at] = NOISE.charAt(rnd.nextInt(NOISE.length()));
                    out = new String(c);
                }
            }
        }
        return out;
    }
}
