package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.falsify.model.history.Op;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What is not a history is refused where it starts, whatever follows (issue 29): a valid history
 * followed by an endless run of NUL bytes, bytes that are not UTF-8 or one unending token is bad
 * input naming the line and column of the first bad character, after reading little more than
 * that — never minutes and gigabytes spent reading a run of junk as one symbol. Numbers are capped
 * like JSON's, and an op map with a key twice is bad input rather than read last-wins.
 */
class BadTextTest {
    /** Far above what refusing takes; a reader that reads the endless junk never returns. */
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** A valid history in each format, ending with a line break, and where the next line starts. */
    private static final Map<String, String> HEADS = Map.of(
            "rows.jsonl", "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\"input\":1}\n"
                    + "{\"op_id\":2,\"process_id\":0,\"invoke_ts\":2,\"complete_ts\":3,\"op_type\":\"read\",\"output\":1}\n",
            "lines.edn", "{:process 0 :type :invoke :f :write :value 1}\n{:process 0 :type :ok :f :write :value 1}\n",
            "open-vector.edn", "[{:process 0 :type :invoke :f :write :value 1}\n{:process 0 :type :ok :f :write :value 1}\n",
            "etcd.log", "INFO  jepsen.util - 0\t:invoke\t:write\t1\nINFO  jepsen.util - 0\t:ok\t:write\t1\n",
            "kv.txt", "{:process 0, :type :invoke, :f :put, :key \"1\", :value \"x\"}\n"
                    + "{:process 0, :type :ok, :f :put, :key \"1\", :value \"x\"}\n");

    @Test
    void endlessNulBytesAfterAHistoryAreRefusedAtTheFirstOne() {
        for (Map.Entry<String, String> e : HEADS.entrySet()) {
            Endless junk = new Endless((byte) 0);
            HistoryFormatException x = refuse(e.getKey(), e.getValue(), junk);
            assertThat(x.line()).as(e.getKey() + ": " + x.getMessage()).isEqualTo(3);
            // (JSON's reader names the column after the character it refused)
            assertThat(x.column()).as(e.getKey() + ": " + x.getMessage()).isBetween(1, e.getKey().endsWith(".jsonl") ? 2 : 1);
            assertThat(junk.read).as(e.getKey()).isLessThan(1 << 20);
        }
    }

    @Test
    void endlessBytesThatAreNotUtf8AreRefusedAtTheFirstOne() {
        for (Map.Entry<String, String> e : HEADS.entrySet()) {
            Endless junk = new Endless((byte) 0xff);
            HistoryFormatException x = refuse(e.getKey(), e.getValue(), junk);
            assertThat(x.line()).as(e.getKey() + ": " + x.getMessage()).isEqualTo(3);
            assertThat(x.getMessage()).as(e.getKey()).contains("UTF-8").contains("0xFF");
            assertThat(junk.read).as(e.getKey()).isLessThan(1 << 20);
        }
    }

    @Test
    void anEndlessTokenIsRefusedAtItsLimit() {
        for (Map.Entry<String, String> e : HEADS.entrySet()) {
            Endless junk = new Endless((byte) 'x');
            HistoryFormatException x = refuse(e.getKey(), e.getValue(), junk);
            assertThat(x.line()).as(e.getKey() + ": " + x.getMessage()).isEqualTo(3);
            // a log line may be as long as JSON's longest string; an EDN token or a JSON word far less
            assertThat(junk.read).as(e.getKey()).isLessThan(e.getKey().endsWith(".log") ? 3L * LineReader.MAX_LINE : 1 << 20);
        }
    }

    @Test
    void aByteThatIsNotUtf8InsideAValueIsRefusedNotReplaced() {
        // two different bad bytes would both read as U+FFFD: equal values where the recorder wrote different ones
        byte[] history = "{:process 0 :type :invoke :f :write :value \"a?\"}\n".getBytes(StandardCharsets.UTF_8);
        history[history.length - 4] = (byte) 0xc3; // a lead byte without its continuation
        assertThatThrownBy(() -> drain(Histories.open(new ByteArrayInputStream(history), "h.edn", null, null)))
                .isInstanceOf(HistoryFormatException.class).hasMessageStartingWith("h.edn:1:46: expected UTF-8 text");
    }

    @Test
    void ednNumbersAreCappedLikeJsons() {
        String digits = "7".repeat(EdnParser.MAX_NUMBER_LENGTH);
        History ok = Histories.parse("{:process 0 :type :invoke :f :write :value " + digits + "}\n", "n.edn", null);
        assertThat(ok.ops().get(0).input().bigIntegerValue().toString()).isEqualTo(digits);
        for (String number : List.of(digits + "7", "-" + digits, digits + "N", "0x" + "f".repeat(1000))) {
            assertThatThrownBy(() -> Histories.parse("{:process 0\n :type :invoke :f :write :value " + number + "}\n", "n.edn", null))
                    .as(number.length() + " characters").isInstanceOf(HistoryFormatException.class)
                    .hasMessageStartingWith("n.edn:2:33: expected a number of at most 1000 characters");
        }
    }

    @Test
    void aMillionDigitNumberIsRefusedWithoutReadingIt() {
        // quadratic BigInteger parsing made this 43 s at --timeout 5s
        Endless digits = new Endless((byte) '7');
        HistoryFormatException x = refuse("n.edn", "{:process 0 :type :invoke :f :write :value ", digits);
        assertThat(x.getMessage()).startsWith("n.edn:1:44: expected a number of at most 1000 characters");
        assertThat(digits.read).isLessThan(1 << 20);
    }

    @Test
    void aKeyTwiceInAJsonOpIsBadInputAtTheSecondOne() {
        String row = "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"read\",\"output\":2,\"output\":1}\n";
        assertThatThrownBy(() -> Histories.parse(row, "d.jsonl", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.jsonl:1:85: expected each field once in an operation, found \"output\" a second time");
        String nested = "{\"op_id\":1,\"process_id\":0,\"invoke_ts\":0,\"complete_ts\":1,\"op_type\":\"write\",\n"
                + " \"input\":{\"x\":1,\"x\":2}}\n";
        assertThatThrownBy(() -> Histories.parse(nested, "d.jsonl", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.jsonl:2:17: expected each key once in an object, found \"x\" a second time");
        String event = "{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":null}\n"
                + "{\"type\":\"ok\",\"process\":0,\"f\":\"read\",\"value\":2,\"value\":1}\n";
        assertThatThrownBy(() -> Histories.parse(event, "d.jsonl", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessageStartingWith("d.jsonl:2:47: expected each field once");
    }

    @Test
    void aKeyTwiceInAnEdnOpIsBadInputAtTheSecondOne() {
        String flat = "{:process 0 :type :invoke :f :read :value nil}\n{:process 0 :type :ok :f :read :value 2 :value 1}\n";
        assertThatThrownBy(() -> Histories.parse(flat, "d.edn", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.edn:2:41: expected each key once in a map, found :value a second time");
        String general = "[{:process 0 :type :invoke :f :read :value nil}\n {:process 0 :type :ok :f :read :value 2 ; what was read\n"
                + "  :value 1}]\n";
        assertThatThrownBy(() -> Histories.parse(general, "d.edn", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.edn:3:3: expected each key once in a map, found :value a second time");
        String nested = "{:process 0 :type :invoke :f :txn :value {:x 1 :y 2 :x 3}}\n";
        assertThatThrownBy(() -> Histories.parse(nested, "d.edn", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.edn:1:53: expected each key once in a map, found :x a second time");
        String log = "INFO  jepsen.util - 0\t:invoke\t:write\t{:a 1 :a 2}\n";
        assertThatThrownBy(() -> Histories.parse(log, "d.log", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("d.log:1:44: expected each key once in a map, found :a a second time");
    }

    @Test
    void readingStopsWhenTheBudgetRunsOutBetweenOps() {
        // endless blanks after an op: no op ends, so only the reader itself can stop
        for (Map.Entry<String, String> e : HEADS.entrySet()) {
            dev.falsify.checkers.api.CheckBudget budget = dev.falsify.checkers.api.CheckBudget.of(Duration.ofMillis(200))
                    .startingAt(System.nanoTime());
            Endless blanks = new Endless((byte) (e.getKey().endsWith(".log") ? '\n' : ' '));
            InputStream in = new SequenceInputStream(new ByteArrayInputStream(e.getValue().getBytes(StandardCharsets.UTF_8)), blanks);
            assertTimeoutPreemptively(LIMIT, () -> {
                try (OpStream ops = Histories.open(in, e.getKey(), null, budget)) {
                    assertThatThrownBy(() -> drain(ops)).as(e.getKey()).isInstanceOf(ReadingStopped.class);
                }
            }, () -> e.getKey() + ": still reading after " + LIMIT);
            assertThat(blanks.read).as(e.getKey()).isPositive();
        }
    }

    @Test
    void anOpLineOfTheOpLoggerWithAnUnknownTypeIsBadInputNotASkippedLine() {
        String log = "INFO  jepsen.util - 0\t:invoke\t:write\t1\nINFO  jepsen.util - 0\t:okay\t:write\t1\n"
                + "INFO  jepsen.core - Run complete, writing\n";
        assertThatThrownBy(() -> Histories.parse(log, "t.log", null)).isInstanceOf(HistoryFormatException.class)
                .hasMessage("t.log:2:23: expected :invoke, :ok, :fail or :info, found ':okay'");
        // another logger's line, or the op logger saying something else, is still skipped with a note
        History h = Histories.parse("INFO  jepsen.util - 0\t:invoke\t:write\t1\nINFO  jepsen.util - 0\t:ok\t:write\t1\n"
                + "INFO  jepsen.util - Relative time begins now\nINFO  jepsen.core - 3 :nemesis done\n", "t.log", null);
        assertThat(h.ops()).hasSize(1);
        assertThat(h.notes()).extracting(dev.falsify.checkers.api.ReadNote::kind).containsExactly("skipped-lines");
    }

    @Test
    void theSameKeyInDifferentOpsIsFine() {
        History h = Histories.parse("{:process 0 :type :invoke :f :read :value nil}\n{:process 0 :type :ok :f :read :value 2}\n",
                "d.edn", null);
        assertThat(h.ops()).extracting(Op::output).extracting(Object::toString).containsExactly("2");
    }

    @Test
    void whatAnErrorQuotesOfTheInputCannotBreakItsLine() {
        // found by HistoryFuzzTest's control-character family: a CR in a value reached the message raw
        assertThatThrownBy(() -> Histories.parse("{:process 0 :type \"in\\rvoke\u001b[2K\u2028\u202e\" :f :read}\n", "c.edn", null))
                .isInstanceOf(HistoryFormatException.class)
                .hasMessage("c.edn:1:1: expected :type :invoke, :ok, :fail or :info, found :in\\u000Dvoke\\u001B[2K\\u2028\\u202E");
    }

    private static HistoryFormatException refuse(String name, String head, InputStream junk) {
        InputStream in = new SequenceInputStream(new ByteArrayInputStream(head.getBytes(StandardCharsets.UTF_8)), junk);
        return assertTimeoutPreemptively(LIMIT, () -> {
            try (OpStream ops = Histories.open(in, name, null, null)) {
                drain(ops);
            } catch (HistoryFormatException e) {
                return e;
            }
            throw new AssertionError(name + ": read to the end of endless junk");
        }, () -> name + ": still reading the junk after " + LIMIT);
    }

    private static void drain(OpStream ops) {
        while (ops.hasNext()) ops.next();
    }

    /** The same byte forever, counting how many were read. */
    private static final class Endless extends InputStream {
        private final byte value;
        long read;

        Endless(byte value) {
            this.value = value;
        }

        @Override
        public int read() {
            read++;
            return value & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, value);
            read += len;
            return len;
        }
    }
}
