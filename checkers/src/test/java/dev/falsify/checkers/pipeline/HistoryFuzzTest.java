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
                        // an option or model the chosen checker refuses: bad input, said in words (a
                        // NumberFormatException, also an IllegalArgumentException, is a crash)
                        assertThat(e.getClass()).as(what).isEqualTo(IllegalArgumentException.class);
                        assertThat(e.getMessage()).as(what).isNotBlank();
                        return false;
                    }
                }, () -> "no answer within " + LIMIT + " for " + what);
                if (!ok) rejected++;
            }
        }
        assertThat(inputs).isEqualTo(PER_FORMAT * HistoryFormat.values().length);
        // the generator must reach the checkers, not only the readers' error paths
        assertThat(rejected).isLessThan(inputs * 9 / 10);
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
