package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalLinesTest {
    @Test
    void eachLineIsEscapedWhenItsBreakArrivesAndTheRestAtClose() {
        StringWriter sink = new StringWriter();
        PrintWriter target = new PrintWriter(sink);
        PrintWriter w = TerminalLines.over(target);
        w.print("S1 seed 1: VIOLATION read \u001b[2K\rLINEARIZABLE");
        w.flush();
        assertThat(sink.toString()).as("half a line waits for its break").isEmpty();
        w.print("\r\n");
        w.println("  S1 seed 2: \u202eok");
        w.print("tail\u0000");
        w.close();
        assertThat(sink.toString()).isEqualTo("S1 seed 1: VIOLATION read \\u001b[2K\\rLINEARIZABLE" + System.lineSeparator()
                + "  S1 seed 2: \\u202eok" + System.lineSeparator() + "tail\\u0000");
    }
}
