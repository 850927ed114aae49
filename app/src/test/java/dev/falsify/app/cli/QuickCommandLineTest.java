package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The hand-read command lines behave exactly as picocli's: on a table of {@code check} and
 * {@code lint} lines (good, bad input, unknown files, bad option values) the two print the same and
 * exit with the same code, and every line the quick path does not take (help, unknown, repeated or
 * valueless options, {@code @files}, {@code --debug}) is left to picocli.
 */
class QuickCommandLineTest {
    private static final Path PLAN = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md");

    record Run(int exit, String out, String err) {
        /** Without the check times, which differ from run to run. */
        Run timeless() {
            return new Run(exit, strip(out), strip(err));
        }

        private static String strip(String s) {
            return s.replaceAll("\\d+\\.\\d ms:", "T ms:").replaceAll("\"elapsedMs\":[0-9.E-]+", "\"elapsedMs\":T");
        }
    }

    private static Run picocli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = FalsifyCommand.commandLine(args);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static Run quick(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Integer exit = QuickCommandLine.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(exit).as("taken by the quick path: %s", List.of(args)).isNotNull();
        return new Run(exit, out.toString(), err.toString());
    }

    private static List<String[]> lines(Path dir) throws IOException {
        Path etcd = Files.writeString(dir.resolve("etcd.log"), "INFO  jepsen.util - 1\t:invoke\t:write\t1\nINFO  jepsen.util - 1\t:ok\t:write\t1\n"
                + "INFO  jepsen.util - 2\t:invoke\t:read\tnil\nINFO  jepsen.util - 2\t:ok\t:read\t2\n");
        Path jsonl = Files.writeString(dir.resolve("h.jsonl"), "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,"
                + "\"op_type\":\"write\",\"key\":null,\"input\":1,\"output\":null,\"error\":null,\"timeout_marker\":false}\n");
        Path bad = Files.writeString(dir.resolve("bad.jsonl"), "{\"op_id\":1,\n");
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Files.copy(etcd, folder.resolve("a.log"));
        Files.copy(jsonl, folder.resolve("b.jsonl"));
        Path notPlan = Files.writeString(dir.resolve("notes.md"), "just text\n");
        String e = etcd.toString();
        String j = jsonl.toString();
        String missing = dir.resolve("missing.log").toString();
        return List.of(
                new String[] {"check", e},
                new String[] {"check", e, "--model", "cas-register"},
                new String[] {"check", "--model", "register", e},
                new String[] {"check", e, "--json"},
                new String[] {"check", "--json", e, j, "--timeout", "5s"},
                new String[] {"check", e, "--timeout", "10"},
                new String[] {"check", e, "--timeout", "PT2S", "--format", "porcupine-etcd"},
                new String[] {"check", e, "--format", "auto"},
                new String[] {"check", e, "--format", "nope"},
                new String[] {"check", e, "--model", "nope"},
                new String[] {"check", e, "--checker", "nope"},
                new String[] {"check", e, "--checker", "linearizability", "--model", "register", "--initial", "0"},
                new String[] {"check", e, "--model", "register", "--initial", "{bad"},
                new String[] {"check", e, "--json", "true"},
                new String[] {"check", missing},
                new String[] {"check", missing, "--json"},
                new String[] {"check", bad.toString()},
                new String[] {"check", bad.toString(), j, "--json"},
                new String[] {"check", folder.toString()},
                new String[] {"check", folder.toString(), e, "--model", "register"},
                new String[] {"check"},
                new String[] {"check", "--json"},
                new String[] {"check", dir.resolve("empty-folder").toString()},
                new String[] {"lint", PLAN.toString()},
                new String[] {"lint", PLAN.toString(), "--json"},
                new String[] {"lint", "--json", PLAN.toString()},
                new String[] {"lint", notPlan.toString()},
                new String[] {"lint", missing});
    }

    @Test
    void takenLinesPrintAndExitAsPicocliDoes(@TempDir Path dir) throws IOException {
        for (String[] args : lines(dir)) {
            assertThat(quick(args).timeless()).as(String.join(" ", args)).isEqualTo(picocli(args).timeless());
        }
    }

    @Test
    void takenLinesSetEveryOptionAsPicocliDoes(@TempDir Path dir) throws Exception {
        for (String[] args : lines(dir)) {
            Object mine = QuickCommandLine.parse(args);
            CommandLine cl = FalsifyCommand.commandLine(args);
            CommandLine.ParseResult parsed = cl.parseArgs(args);
            Object theirs = parsed.subcommand().commandSpec().userObject();
            assertThat(mine).as(String.join(" ", args)).isNotNull().hasSameClassAs(theirs);
            for (Field f : optionFields(mine.getClass())) {
                Object a = value(f, mine);
                Object b = value(f, theirs);
                if (f.getType() == OracleInputs.class) {
                    for (Field g : optionFields(OracleInputs.class)) {
                        assertThat(value(g, a)).as("%s: %s", String.join(" ", args), g.getName()).isEqualTo(value(g, b));
                    }
                } else {
                    assertThat(Objects.equals(a, b)).as("%s: %s = %s, picocli: %s", String.join(" ", args), f.getName(), a, b).isTrue();
                }
            }
        }
    }

    @Test
    void everythingElseIsLeftToPicocli(@TempDir Path dir) throws IOException {
        Path etcd = Files.writeString(dir.resolve("etcd.log"), "INFO  jepsen.util - 1\t:invoke\t:read\tnil\n");
        String e = etcd.toString();
        List<String[]> others = new ArrayList<>(List.of(
                new String[] {},
                new String[] {"--version"},
                new String[] {"--help"},
                new String[] {"--debug", "check", e},
                new String[] {"help", "check"},
                new String[] {"chekc", e},
                new String[] {"check", "--help"},
                new String[] {"check", "-h"},
                new String[] {"check", e, "--version"},
                new String[] {"check", e, "--bogus"},
                new String[] {"check", e, "-x"},
                new String[] {"check", e, "--model"},
                new String[] {"check", e, "--model", "--json"},
                new String[] {"check", e, "--model", "a", "--model", "b"},
                new String[] {"check", e, "--json", "--json"},
                new String[] {"check", e, "--model=register"},
                new String[] {"check", e, "--timeout", "soon"},
                new String[] {"check", e, "--debug"},
                new String[] {"check", e, "--list"},
                new String[] {"check", e, "--svg", dir.toString()},
                new String[] {"check", e, "-O", "realtime=true"},
                new String[] {"check", "--", e},
                new String[] {"check", "-", e},
                new String[] {"check", "@" + e},
                new String[] {"check", ""},
                new String[] {"check", "a\0b"},
                new String[] {"lint"},
                new String[] {"lint", "--help"},
                new String[] {"lint", PLAN.toString(), PLAN.toString()},
                new String[] {"lint", PLAN.toString(), "--json", "--json"},
                new String[] {"lint", PLAN.toString(), "--bogus"},
                new String[] {"lint", "@" + PLAN},
                new String[] {"run", PLAN.toString()}));
        for (String[] args : others) {
            StringWriter sink = new StringWriter();
            assertThat(QuickCommandLine.run(new PrintWriter(sink), new PrintWriter(sink), args)).as(String.join(" ", args)).isNull();
            assertThat(sink.toString()).isEmpty();
        }
    }

    @Test
    void everyOptionReadByHandIsAnOptionOfCheck() {
        CommandLine check = FalsifyCommand.commandLine("check").getSubcommands().get("check");
        for (String name : QuickCommandLine.CHECK_OPTIONS) {
            CommandLine.Model.OptionSpec o = check.getCommandSpec().findOption(name);
            assertThat(o).as(name).isNotNull();
            assertThat(o.arity().max()).as(name).isEqualTo(name.equals("--json") ? 0 : 1);
        }
    }

    @Test
    void writesTheBytesPicocliWrites() {
        java.io.PrintStream saved = System.out;
        String savedEncoding = System.getProperty("sun.stdout.encoding");
        try {
            for (String encoding : java.util.Arrays.asList(null, "UTF-8", "cp65001", "ISO-8859-1", "US-ASCII", "no-such-charset")) {
                if (encoding == null) System.clearProperty("sun.stdout.encoding");
                else System.setProperty("sun.stdout.encoding", encoding);
                java.io.ByteArrayOutputStream theirs = new java.io.ByteArrayOutputStream();
                System.setOut(new java.io.PrintStream(theirs, true));
                new CommandLine(CommandLine.Model.CommandSpec.create()).getOut().println("a — é → b");
                java.io.ByteArrayOutputStream mine = new java.io.ByteArrayOutputStream();
                QuickCommandLine.writer(new java.io.PrintStream(mine, true), "sun.stdout.encoding").println("a — é → b");
                assertThat(mine.toByteArray()).as(String.valueOf(encoding)).isEqualTo(theirs.toByteArray());
            }
        } finally {
            System.setOut(saved);
            if (savedEncoding == null) System.clearProperty("sun.stdout.encoding");
            else System.setProperty("sun.stdout.encoding", savedEncoding);
        }
    }

    private static List<Field> optionFields(Class<?> c) {
        List<Field> fields = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            if (f.isAnnotationPresent(CommandLine.Option.class) || f.isAnnotationPresent(CommandLine.Parameters.class)
                    || f.isAnnotationPresent(CommandLine.Mixin.class)) {
                f.setAccessible(true);
                fields.add(f);
            }
        }
        assertThat(fields).isNotEmpty();
        return fields;
    }

    private static Object value(Field f, Object o) {
        try {
            return f.get(o);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
