package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The etcd reader's hand-written line scanners mean exactly the regexes they replaced, on lines
 * made of the pieces where the two could disagree (every kind of space, dashes, colons, the logger
 * names, the type keywords and near misses, line terminators that {@code $} knows).
 */
class PorcupineEtcdLineScanTest {
    private static final Pattern LOGGER = Pattern.compile("jepsen\\.util\\s*(?:-|:)\\s+|\\s-\\s+");
    private static final Pattern OP_START = Pattern.compile("\\s*\\S+\\s+:(invoke|ok|fail|info)(\\s|$)");
    private static final String[] PIECES = {" ", "  ", "\t", "\u000B", "\f", "\u00A0", "\u2028", "\u0085", "\u2029", "\u001C",
        "-", ":", "jepsen.util", "jepsen.uti", "jepsen", ".util", "INFO", "12", "7", "x", ":nemesis", ":invoke", ":ok",
        ":fail", ":info", ":inf", ":okay", ":invoker", "invoke", "ok", ":", "nil", "[1 2]", ":read", ":cas"};

    @Test
    void scannersMatchTheRegexes() {
        Random random = new Random(42);
        for (int n = 0; n < 50_000; n++) {
            StringBuilder b = new StringBuilder();
            int pieces = 1 + random.nextInt(10);
            for (int i = 0; i < pieces; i++) b.append(PIECES[random.nextInt(PIECES.length)]);
            String line = b.toString();
            Matcher logger = LOGGER.matcher(line);
            int expectedEnd = logger.find() ? logger.end() : -1;
            assertThat(PorcupineEtcdReader.loggerEnd(line)).as("logger end of '%s'", line).isEqualTo(expectedEnd);
            for (int from = 0; from <= line.length(); from++) {
                boolean expected = OP_START.matcher(line).region(from, line.length()).lookingAt();
                assertThat(PorcupineEtcdReader.isOpStart(line, from)).as("op start of '%s' at %d", line, from).isEqualTo(expected);
            }
        }
    }

    @Test
    void realLinesStillScan() {
        String porcupine = "INFO  jepsen.util - 12\t:invoke\t:cas\t[1 2]";
        assertThat(PorcupineEtcdReader.loggerEnd(porcupine)).isEqualTo("INFO  jepsen.util - ".length());
        assertThat(PorcupineEtcdReader.isOpStart(porcupine, PorcupineEtcdReader.loggerEnd(porcupine))).isTrue();
        String jepsen = "2017-03-16 10:13:42,115{GMT}\tINFO\t[jepsen worker 0] jepsen.util: 0\t:ok\t:read\tnil";
        assertThat(PorcupineEtcdReader.isOpStart(jepsen, PorcupineEtcdReader.loggerEnd(jepsen))).isTrue();
        assertThat(PorcupineEtcdReader.isOpStart("INFO  some.logger - starting", 0)).isFalse();
    }
}
