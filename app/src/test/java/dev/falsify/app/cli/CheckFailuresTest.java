package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check that cannot answer is never a violation (issue 29): out of its memory budget, out of
 * heap, or with every op failed, {@code falsify check} exits 3 with one line — never 1, which CI
 * reads as "violation found", and never a stack trace without {@code --debug}.
 */
class CheckFailuresTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /**
     * 60 overlapping writes, 60 overlapping reads, then a read of a value nobody wrote: the search
     * tries every order of the writes before it can give up.
     */
    static Path explodingHistory(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        java.util.Random r = new java.util.Random(7);
        int id = 0;
        for (int i = 0; i < 60; i++) {
            b.append(op(id++, "p" + i, i, 1000 + i, "write", String.valueOf(i), "null"));
        }
        for (int j = 0; j < 60; j++) {
            b.append(op(id++, "q" + j, 100 + j, 1100 + j, "read", "null", String.valueOf(r.nextInt(60))));
        }
        b.append(op(id, "z", 5000, 5001, "read", "null", "999"));
        Path f = dir.resolve("exploding.jsonl");
        Files.writeString(f, b.toString());
        return f;
    }

    private static String op(int id, String process, long invoke, long complete, String type, String input, String output) {
        return "{\"op_id\":" + id + ",\"process_id\":\"" + process + "\",\"invoke_ts\":" + invoke + ",\"complete_ts\":" + complete
                + ",\"op_type\":\"" + type + "\",\"input\":" + input + ",\"output\":" + output + ",\"error\":null}\n";
    }

    @Test
    void aSearchPastItsMemoryBudgetExitsThreeWithTheReason(@TempDir Path dir) throws IOException {
        CheckCommandTest.Run r = CheckCommandTest.run("check", "--memory", "8m", "--timeout", "5m",
                explodingHistory(dir).toString());
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.out()).contains(": UNKNOWN — checker linearizability").contains("memory budget of 8 MB exhausted");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aMemorySizeThatIsNotOneIsBadInput(@TempDir Path dir) throws IOException {
        CheckCommandTest.Run r = CheckCommandTest.run("check", "--memory", "lots", explodingHistory(dir).toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--memory: a memory size such as 512m");
    }

    @Test
    void aHistoryInWhichEveryOpFailedExitsThree(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("failed.edn");
        Files.writeString(f, "{:process 0 :type :invoke :f :write :value 1}\n{:process 0 :type :fail :f :write :value 1}\n"
                + "{:process 1 :type :invoke :f :read :value nil}\n{:process 1 :type :fail :f :read :value nil}\n");
        CheckCommandTest.Run r = CheckCommandTest.run("check", f.toString());
        assertThat(r.exit()).as(r.out()).isEqualTo(3);
        assertThat(r.out()).contains("LINEARIZABLE (history too weak to trust)").contains("weak history: no-successful-op");
    }

    @Test
    void aFailedCheckIsOneLineThatSaysTheAnswerIsUnknown() {
        for (Throwable t : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError(),
                new NullPointerException("a\nb"))) {
            String line = CheckCommand.checkFailed(Path.of("h.jsonl"), t);
            assertThat(line).startsWith("h.jsonl: the check ").contains("the answer is unknown").contains("--debug")
                    .doesNotContain("\n").doesNotContain("\tat ");
        }
    }

    /**
     * The reproduction, in a JVM of its own with a small heap whose whole is given to the
     * search, so that the heap runs out before the budget does: exit 3 and one line, where it was
     * an OutOfMemoryError stack trace and exit 1.
     */
    @Test
    void runningOutOfHeapExitsThreeWithOneLine(@TempDir Path dir) throws Exception {
        Path history = explodingHistory(dir);
        Process p = new ProcessBuilder(JAVA, "-Xmx40m", "-XX:TieredStopAtLevel=1", "-Dfalsify.memory=100%", "-cp",
                System.getProperty("java.class.path"), "dev.falsify.app.Main", "check", "--timeout", "5m", history.toString())
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String out = Files.readString(dir.resolve("out"), StandardCharsets.UTF_8);
        String err = Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out + err).isEqualTo(3);
        assertThat(out + err).doesNotContain("\tat ").doesNotContain("Exception in thread");
        assertThat(out + err).contains("ran out of memory");
    }
}
