package dev.falsify.devtools.cds;

import dev.falsify.app.cli.FalsifyCommand;
import dev.falsify.app.cli.QuickCommandLine;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The training run behind the launcher's command-line class-data-sharing archive: one JVM runs the
 * short commands people run most ({@code check} of each history format and of folders, {@code lint}, {@code report}
 * and {@code import} of a session folder, {@code --version}, {@code --help}) on small inputs it
 * writes itself in a temporary folder (with the store {@code import} writes), so the archive holds
 * the classes they load and each later {@code falsify check} or {@code lint} maps them instead of
 * loading them. Started by the launcher with {@code -XX:DumpLoadedClassList}, whose list it then
 * dumps as a static archive ({@code installers/launcher/falsify-jvm.sh}); not a command.
 */
public final class CliTraining {
    private CliTraining() {
    }

    /** @param args the plan to lint, or the repository root (whose example plan is linted) */
    public static void main(String[] args) throws IOException {
        // the class `java -jar` starts, which the training (started by class name) would not load otherwise:
        // in the archive it is mapped, not read from the jar and verified at every start
        java.util.Objects.requireNonNull(dev.falsify.app.Main.class);
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        Path dir = Files.createTempDirectory("falsify-cli-training");
        try {
            Path jsonl = write(dir, "h.jsonl", "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\","
                    + "\"key\":null,\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false}\n"
                    + "{\"op_id\":2,\"process_id\":1,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"read\",\"key\":null,"
                    + "\"input\":null,\"output\":1,\"error\":null,\"timeout_marker\":false}\n");
            Path edn = write(dir, "h.edn", "{:type :invoke, :f :write, :value 1, :process 0}\n{:type :ok, :f :write, :value 1, :process 0}\n"
                    + "{:type :invoke, :f :cas, :value [1 2], :process 1}\n{:type :ok, :f :cas, :value [1 2], :process 1}\n");
            Path etcd = write(dir, "etcd.log", "INFO  jepsen.util - 1\t:invoke\t:write\t1\nINFO  jepsen.util - 1\t:ok\t:write\t1\n"
                    + "INFO  jepsen.util - 2\t:invoke\t:cas\t[1 2]\nINFO  jepsen.util - 2\t:fail\t:cas\t[1 2]\n"
                    + "INFO  jepsen.util - 3\t:invoke\t:read\tnil\nINFO  jepsen.util - 3\t:ok\t:read\t2\n");
            Path kv = write(dir, "kv.txt", "{:process 0, :type :invoke, :f :put, :key \"1\", :value \"x\"}\n"
                    + "{:process 0, :type :ok, :f :put, :key \"1\", :value \"x\"}\n"
                    + "{:process 1, :type :invoke, :f :append, :key \"1\", :value \"y\"}\n"
                    + "{:process 1, :type :ok, :f :append, :key \"1\", :value \"y\"}\n"
                    + "{:process 2, :type :invoke, :f :get, :key \"1\", :value nil}\n"
                    + "{:process 2, :type :ok, :f :get, :key \"1\", :value \"xy\"}\n");
            Path txn = write(dir, "txn.edn", "{:type :invoke, :f :txn, :value [[:append :x 1]], :process 0}\n"
                    + "{:type :ok, :f :txn, :value [[:append :x 1]], :process 0}\n"
                    + "{:type :invoke, :f :txn, :value [[:r :x nil]], :process 1}\n"
                    + "{:type :ok, :f :txn, :value [[:r :x [1]]], :process 1}\n");
            // folders, as people check them: several files run on every core (InOrder's pool), a
            // history big enough for the checker's partition helpers (256 ops and more), and invalid
            // histories, whose counterexamples take their own code; without them a folder's check
            // spun those classes and lambdas at every start instead of mapping them from the archive
            Path kvDir = Files.createDirectories(dir.resolve("kv-folder"));
            StringBuilder big = new StringBuilder();
            for (int i = 0; i < 150; i++) {
                String p = ":process " + (i % 5) + ", ";
                String k = ":key \"" + (i % 4) + "\", ";
                big.append('{').append(p).append(":type :invoke, :f :put, ").append(k).append(":value \"v").append(i).append("\"}\n")
                        .append('{').append(p).append(":type :ok, :f :put, ").append(k).append(":value \"v").append(i).append("\"}\n")
                        .append('{').append(p).append(":type :invoke, :f :get, ").append(k).append(":value nil}\n")
                        .append('{').append(p).append(":type :ok, :f :get, ").append(k).append(":value \"v").append(i).append("\"}\n");
            }
            write(kvDir, "big.txt", big.toString());
            write(kvDir, "bad.txt", "{:process 0, :type :invoke, :f :put, :key \"1\", :value \"a\"}\n"
                    + "{:process 0, :type :ok, :f :put, :key \"1\", :value \"a\"}\n"
                    + "{:process 1, :type :invoke, :f :get, :key \"1\", :value nil}\n"
                    + "{:process 1, :type :ok, :f :get, :key \"1\", :value \"b\"}\n");
            Path etcdDir = Files.createDirectories(dir.resolve("etcd-folder"));
            Files.copy(etcd, etcdDir.resolve("ok.log"));
            write(etcdDir, "bad.log", "INFO  jepsen.util - 1\t:invoke\t:write\t1\nINFO  jepsen.util - 1\t:ok\t:write\t1\n"
                    + "INFO  jepsen.util - 2\t:invoke\t:read\tnil\nINFO  jepsen.util - 2\t:ok\t:read\t2\n");
            Path session = dir.resolve("test-sessions/kv/2026-11-29T090000Z");
            Files.createDirectories(session);
            write(session, "session-log.md", "# Session log: kv @ 2026-11-29T090000Z\n\n- **SUT:** kv\n- **Plan:** none.md\n\n"
                    + "## Scenario verdicts\n\n| Scenario / arm | Budget tier met | Verdict | Notes |\n|---|---|---|---|\n"
                    + "| S1 | smoke | PASS-smoke | seed 1, linearizability valid on 900 ops |\n"
                    + "| S2 | smoke | FAIL-reproducible | INVALID, re-run reproduced it |\n");
            Path plan = Files.isRegularFile(root) ? root : root.resolve("examples/replicated-kv/docs/testing-plans/replicated-kv.md");
            List<String[]> runs = List.of(
                    new String[] {"check", jsonl.toString()},
                    new String[] {"check", edn.toString()},
                    new String[] {"check", "--model", "cas-register", etcd.toString()},
                    new String[] {"check", "--model", "kv", kv.toString()},
                    new String[] {"check", txn.toString()},
                    new String[] {"check", kvDir.toString(), "--model", "kv"},
                    new String[] {"check", etcdDir.toString(), "--model", "cas-register"},
                    new String[] {"check", "--list"}, // picocli's model of check, for the lines the quick path leaves to it
                    new String[] {"lint", plan.toString()},
                    new String[] {"report", session.toString(), "--out", dir.resolve("report.md").toString()},
                    new String[] {"import", dir.resolve("test-sessions").toString(), "--db", dir.resolve("db/falsify.db").toString()},
                    new String[] {"--version"},
                    new String[] {"--help"});
            PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
            PrintWriter quiet = new PrintWriter(sink, true);
            for (String[] a : runs) {
                // the same ways as Main, so the same classes load: by hand for plain check and lint lines
                if (QuickCommandLine.run(quiet, quiet, a) != null) continue;
                CommandLine cl = FalsifyCommand.commandLine(a);
                cl.setOut(quiet);
                cl.setErr(quiet);
                cl.execute(a);
            }
            QuickCommandLine.writer(sink, "sun.stdout.encoding").flush(); // the quick path's writers, printing nothing
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
