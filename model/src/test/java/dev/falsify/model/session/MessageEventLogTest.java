package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageEventLogTest {
    static final String CLOCK = "{\"clock\":{\"wall_us\":1764600000000000,\"mono_ns\":5000}}\n";
    static final String EVENT = "{\"seq\":1,\"kind\":\"send\",\"msg\":\"p12#1\",\"t_us\":10,\"mono_ns\":5010,\"link\":\"p12\","
            + "\"conn\":1,\"dir\":\"downstream\",\"src\":\"n1\",\"dst\":\"n2\",\"type\":\"REPL\",\"payload\":\"REPL 1 k0 ";

    @TempDir
    Path dir;

    private Path log(byte[]... parts) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) b.write(p);
        return Files.write(dir.resolve("S6-1.messages.jsonl"), b.toByteArray());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsEventsWhateverTheLineEnds() throws Exception {
        Path f = log(utf8(CLOCK), utf8(EVENT + "é\"}\r\n"), utf8(EVENT.replace("\"seq\":1", "\"seq\":2") + "x\"}\r"),
                utf8(EVENT.replace("\"seq\":1", "\"seq\":3") + "y\"}"));
        assertThat(MessageEventLog.read(f)).extracting(MessageEvent::seq).containsExactly(1L, 2L, 3L);
        assertThat(MessageEventLog.read(f).get(0).payload()).isEqualTo("REPL 1 k0 é");
        assertThat(MessageEventLog.anchor(f)).contains(new MessageEventLog.ClockAnchor(1764600000000000L, 5000));
    }

    /** Issue 29: a log with bytes that are not UTF-8 failed with "Input length = 1" and no place. */
    @Test
    void invalidUtf8IsAnErrorNamingFileLineAndColumn() throws Exception {
        Path f = log(utf8(CLOCK), utf8(EVENT + "ok\"}\n"), utf8(EVENT + "a"), new byte[] {(byte) 0xFF}, utf8("b\"}\n"));
        int column = EVENT.length() + 2; // the characters before the bad byte, plus one
        assertThatThrownBy(() -> MessageEventLog.read(f)).isInstanceOf(MessageEventLog.FormatException.class)
                .hasMessage(f + ":3:" + column + ": not valid UTF-8 (byte 0xFF); a messages.jsonl is UTF-8 text");
        // a sequence cut short at the end of the line, and the anchor line
        Path cut = log(utf8(CLOCK), utf8("{\"seq\":1,\"kind\":\"send\",\"payload\":\"é"), new byte[] {(byte) 0xC3}, utf8("\n"));
        assertThatThrownBy(() -> MessageEventLog.read(cut)).hasMessageStartingWith(cut + ":2:36: not valid UTF-8 (byte 0xC3)");
        Path first = log(utf8("{\"clock\":"), new byte[] {(byte) 0x80}, utf8("}\n"));
        assertThatThrownBy(() -> MessageEventLog.anchor(first)).hasMessageStartingWith(first + ":1:10: not valid UTF-8 (byte 0x80)");
    }
}
