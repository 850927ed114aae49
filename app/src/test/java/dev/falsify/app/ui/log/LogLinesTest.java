package dev.falsify.app.ui.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log viewer's line sources and filter, without JavaFX. */
class LogLinesTest {
    @TempDir
    Path dir;

    @Test
    void aMillionLineFileIsIndexedByOffsetsAndReadLineByLine() throws Exception {
        Path f = dir.resolve("big.log");
        try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= 1_000_000; i++) {
                w.write(i % 100_000 == 0 ? "line " + i + " ERROR boom" : "line " + i);
                w.write('\n');
            }
        }
        try (LogFile lf = new LogFile(f)) {
            assertThat(lf.index()).isEqualTo(1_000_000);
            assertThat(lf.count()).isEqualTo(1_000_000);
            assertThat(lf.line(0)).isEqualTo("line 1");
            assertThat(lf.line(499_998)).isEqualTo("line 499999");
            assertThat(lf.line(999_999)).isEqualTo("line 1000000 ERROR boom");
            assertThat(lf.note()).isEmpty();
            FilteredLines errors = new FilteredLines(lf, new LineFilter(Set.of(), LogLevel.ERROR, null));
            while (errors.behind()) errors.scan(300_000);
            assertThat(errors.count()).isEqualTo(10);
            assertThat(errors.line(0)).isEqualTo(99_999);
            assertThat(errors.rowOf(150_000)).isEqualTo(0);
        }
    }

    @Test
    void followingAFileIndexesOnlyWhatWasAppendedAndCompletesAPartialLastLine() throws Exception {
        Path f = dir.resolve("live.log");
        Files.writeString(f, "a\r\nb\npart", StandardCharsets.UTF_8);
        try (LogFile lf = new LogFile(f)) {
            lf.index();
            assertThat(lf.count()).isEqualTo(3);
            assertThat(lf.line(0)).isEqualTo("a");
            assertThat(lf.line(2)).isEqualTo("part");
            Files.writeString(f, "ial é\nnext\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            lf.index();
            assertThat(lf.count()).isEqualTo(4);
            assertThat(lf.line(2)).isEqualTo("partial é");
            assertThat(lf.line(3)).isEqualTo("next");
            assertThat(lf.index()).isZero();
            assertThat(lf.utf8()).isTrue();
        }
    }

    @Test
    void notUtf8IsShownAsLatin1WithANoteAndBinaryIsNotShown() throws Exception {
        Path latin = dir.resolve("latin.log");
        Files.write(latin, new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
        try (LogFile lf = new LogFile(latin)) {
            lf.index();
            assertThat(lf.line(0)).isEqualTo("café");
            assertThat(lf.note()).contains("ISO-8859-1");
        }
        Path bin = dir.resolve("bin.log");
        Files.write(bin, new byte[] {'x', 0, 'y', '\n'});
        try (LogFile lf = new LogFile(bin)) {
            lf.index();
            assertThat(lf.binary()).isTrue();
            assertThat(lf.count()).isZero();
        }
    }

    @Test
    void theLiveLogKeepsEveryLineOfEveryProcessInOrderAndFindsAProcessLine() throws Exception {
        LiveLog log = new LiveLog();
        List<Thread> writers = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            String name = "S1-1 n" + p + ".out";
            Thread t = new Thread(() -> {
                for (int i = 1; i <= 50_000; i++) log.append(name, name + " line " + i + (i == 777 ? " WARNING slow" : ""));
            });
            writers.add(t);
            t.start();
        }
        for (Thread t : writers) t.join();
        log.finish();
        assertThat(log.count()).isEqualTo(200_000);
        assertThat(log.processes()).hasSize(4);
        assertThat(log.growing()).isFalse();
        int at = log.find("S1-1 n2.out", 777);
        assertThat(log.line(at)).isEqualTo("S1-1 n2.out line 777 WARNING slow");
        assertThat(log.processes().get(log.process(at))).isEqualTo("S1-1 n2.out");
        int n2 = log.processes().indexOf("S1-1 n2.out");
        FilteredLines onlyN2 = new FilteredLines(log, new LineFilter(Set.of(n2), LogLevel.INFO, Pattern.compile("line 4\\d{4}$")));
        onlyN2.scan(Integer.MAX_VALUE);
        assertThat(onlyN2.count()).isEqualTo(10_000);
        long last = 0;
        for (int r = 0; r < onlyN2.count(); r++) {
            String l = log.line(onlyN2.line(r));
            assertThat(l).startsWith("S1-1 n2.out line 4");
            long no = Long.parseLong(l.substring(l.lastIndexOf(' ') + 1));
            assertThat(no).as("a process's lines stay in its order").isGreaterThan(last);
            last = no;
        }
        FilteredLines warnings = new FilteredLines(log, new LineFilter(Set.of(), LogLevel.WARNING, null));
        warnings.scan(Integer.MAX_VALUE);
        assertThat(warnings.count()).isEqualTo(4);
    }

    @Test
    void theLiveLogKeepsAnyTextAsUtf8() {
        LiveLog log = new LiveLog();
        List<String> texts = List.of("", "plain", "na\u00efve caf\u00e9 \u20ac5", "emoji \ud83d\ude00 ok", "lone \ud800 surrogate",
                "x".repeat(5000) + "\u00e9", "\u4e2d\u6587");
        for (String t : texts) log.append("p", t);
        for (int i = 0; i < texts.size(); i++) {
            String expected = new String(texts.get(i).getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            assertThat(log.line(i)).isEqualTo(expected);
        }
    }

    @Test
    void levelsFollowTheRunnersErrorMarkers() {
        assertThat(LogLevel.of("java.lang.IllegalStateException: x")).isEqualTo(LogLevel.ERROR);
        assertThat(LogLevel.of("panic: runtime error")).isEqualTo(LogLevel.ERROR);
        assertThat(LogLevel.of("WARN retrying")).isEqualTo(LogLevel.WARNING);
        assertThat(LogLevel.of("errors=0 all fine")).isEqualTo(LogLevel.INFO);
    }
}
