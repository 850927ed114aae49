package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.app.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the system under test wrote reaches the terminal escaped: history values (ESC[2K, CR, NUL,
 * backspace, the C1 CSI U+009B, a right-to-left override) can neither rewrite the "NOT
 * LINEARIZABLE" line nor hide anything, through every printer — check, run's progress and verdict
 * table, import, sessions, history, report and the error messages that quote input. Each command
 * runs through {@link Main#run}, as the launcher runs it, and the bytes it wrote are inspected.
 */
@Timeout(120)
class TerminalOutputTest {
    /** What a value may hold to rewrite a terminal line: erase line, carriage return, NUL, backspace, CSI, RLO. */
    static final String EVIL = "\u001b[2K\r\u0000\b\u009b2K\u202eLINEARIZABLE";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    record Captured(int exit, byte[] out, byte[] err) {
        String outText() {
            return new String(out, StandardCharsets.UTF_8);
        }

        String errText() {
            return new String(err, StandardCharsets.UTF_8);
        }
    }

    /** Runs {@code args} as {@code main} does, with stdout and stderr captured as UTF-8 bytes. */
    static Captured falsify(InputStream stdin, String... args) {
        PrintStream out0 = System.out;
        PrintStream err0 = System.err;
        InputStream in0 = System.in;
        String outEnc = System.getProperty("sun.stdout.encoding");
        String errEnc = System.getProperty("sun.stderr.encoding");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            // a UTF-8 terminal: every character reaches the bytes as it is (none becomes '?')
            System.setProperty("sun.stdout.encoding", "UTF-8");
            System.setProperty("sun.stderr.encoding", "UTF-8");
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setIn(stdin);
            int exit = Main.run(args);
            System.out.flush();
            System.err.flush();
            return new Captured(exit, out.toByteArray(), err.toByteArray());
        } finally {
            System.setOut(out0);
            System.setErr(err0);
            System.setIn(in0);
            restore("sun.stdout.encoding", outEnc);
            restore("sun.stderr.encoding", errEnc);
        }
    }

    static Captured falsify(String... args) {
        return falsify(new ByteArrayInputStream(new byte[0]), args);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /**
     * Asserts the bytes hold no character that acts on a terminal or is not seen: no C0 control but
     * the line feed, no DEL, valid UTF-8 with no C1 control, format character (bidi controls, zero
     * width), line or paragraph separator, private-use or unassigned code point.
     */
    static void assertTerminalSafe(String what, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            if (b < 0x20 && b != '\n' || b == 0x7f) {
                throw new AssertionError(what + ": raw control byte 0x" + Integer.toHexString(b) + " at " + i + " in:\n"
                        + new String(bytes, StandardCharsets.UTF_8));
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError(what + ": not UTF-8", e);
        }
        text.codePoints().forEach(cp -> {
            int type = Character.getType(cp);
            boolean hidden = cp >= 0x80 && cp <= 0x9f || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.PRIVATE_USE || type == Character.UNASSIGNED
                    || type == Character.SURROGATE;
            assertThat(hidden).as("%s: U+%04X printed raw in:%n%s", what, cp, text).isFalse();
        });
    }

    static void assertTerminalSafe(Captured c) {
        assertTerminalSafe("stdout", c.out());
        assertTerminalSafe("stderr", c.err());
    }

    /** One jsonl op; {@code input} / {@code output} as given. */
    static String op(String id, String process, long invoke, long complete, String type, String input, String output) {
        ObjectNode n = JSON.createObjectNode();
        n.put("op_id", id).put("process_id", process).put("invoke_ts", invoke).put("complete_ts", complete).put("op_type", type);
        n.putNull("key");
        if (input == null) n.putNull("input"); else n.put("input", input);
        if (output == null) n.putNull("output"); else n.put("output", output);
        n.putNull("error").put("timeout_marker", false).putNull("node_seen").putNull("fault_epoch");
        return n + "\n";
    }

    /** A register history that reads a value nobody wrote (not linearizable); both values carry {@link #EVIL}. */
    static final String HISTORY = op("1", "p1", 1, 2, "write", "w" + EVIL, null) + op("2", "p2", 3, 4, "read", null, "r" + EVIL);

    @Test
    void checkPrintsTheVerdictAndTheValuesEscaped() throws IOException {
        Path h = Files.writeString(dir.resolve("evil.jsonl"), HISTORY);
        Captured c = falsify("check", h.toString(), "--model", "register");
        assertThat(c.exit()).as(c.errText()).isEqualTo(1);
        assertTerminalSafe(c);
        assertThat(c.outText()).startsWith(h + ": NOT LINEARIZABLE")
                .contains("\\u001b[2K\\r\\u0000\\u0008\\u009b2K\\u202eLINEARIZABLE");
        // the picocli path (an option the quick path leaves to it) prints the same way
        Captured p = falsify("check", h.toString(), "--model", "register", "--svg", dir.resolve("svg").toString());
        assertThat(p.exit()).isEqualTo(1);
        assertTerminalSafe(p);
    }

    @Test
    void errorsThatQuoteTheInputAreEscaped() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad" + "\u001b[2K\r.jsonl"),
                "{\"op_id\":\"1\",\"process_id\":\"" + "\u001b[2K\r\u0000\b\u009b\u202e" + "\",\"invoke_ts\":x}\n");
        Captured c = falsify("check", bad.toString());
        assertThat(c.exit()).isEqualTo(2);
        assertThat(c.errText()).contains("\\u001b[2K\\r.jsonl");
        assertTerminalSafe(c);
        Captured missing = falsify("report", dir.resolve("no\u001b[2K\rpe\u202e").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertTerminalSafe(missing);
        Captured option = falsify("sessions", "--bogus\u001b[2K\r\u009b");
        assertThat(option.exit()).isEqualTo(2);
        assertTerminalSafe(option);
    }

    @Test
    void runProgressAndVerdictsAreEscaped() throws IOException {
        Path plan = dir.resolve("plan.md");
        Files.writeString(plan, TrustAttacksTest.plan("evil", ".", "true", "", ""));
        Files.writeString(dir.resolve("ops.jsonl"), HISTORY);
        Path db = dir.resolve("falsify.db");
        Captured run = falsify("run", plan.toString(), "--sessions", dir.resolve("sessions").toString(), "--trust",
                "--trust-file", dir.resolve("trust.json").toString(), "--db", db.toString());
        assertThat(run.exit()).as(run.outText() + run.errText()).isEqualTo(1);
        assertThat(run.outText()).contains("FAIL-");
        assertTerminalSafe(run);
    }

    @Test
    void listingsAndReportsOfAFolderWrittenByOthersAreEscaped() throws IOException {
        Path sessions = dir.resolve("test-sessions");
        Path folder = sessions.resolve("kv" + EVIL.replace("\u0000", "") + "/2026-11-28T101500Z");
        ForeignSessionCommandsTest.copyTree(SessionCommandsTest.AGENT_REPO.resolve("test-sessions/replicated-kv/2026-11-28T101500Z"),
                folder);
        Files.writeString(folder.resolve("artifacts/S01-1.history.jsonl"), HISTORY);
        String db = dir.resolve("falsify.db").toString();
        for (String[] args : new String[][] {
                {"import", sessions.toString(), "--db", db},
                {"sessions", "--db", db},
                {"history", "S1", "--db", db},
                {"report", folder.toString()},
                {"check", folder.resolve("artifacts").toString()}}) {
            Captured c = falsify(args);
            assertThat(c.exit()).as(String.join(" ", args) + ": " + c.errText()).isIn(0, 1);
            assertTerminalSafe(String.join(" ", args) + " stdout", c.out());
            assertTerminalSafe(String.join(" ", args) + " stderr", c.err());
        }
        assertThat(falsify("sessions", "--db", db).outText()).contains("kv\\u001b[2K\\r\\u0008\\u009b2K\\u202eLINEARIZABLE");
    }
}
