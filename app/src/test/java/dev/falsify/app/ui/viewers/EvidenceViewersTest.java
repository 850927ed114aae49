package dev.falsify.app.ui.viewers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The non-visual parts of the evidence viewers: which viewer, decoding, history rows, Markdown links. */
class EvidenceViewersTest {
    @TempDir
    Path dir;

    @Test
    void aFileGetsTheViewerThatFitsItsName() {
        assertThat(EvidenceKind.of(Path.of("findings/report.md"))).isEqualTo(EvidenceKind.MARKDOWN);
        assertThat(EvidenceKind.of(Path.of("artifacts/S1-1.history.jsonl"))).isEqualTo(EvidenceKind.HISTORY);
        assertThat(EvidenceKind.of(Path.of("artifacts/S1-1.linearizability.check.json"))).isEqualTo(EvidenceKind.JSON);
        assertThat(EvidenceKind.of(Path.of("logs/S1-1/n1.out.log"))).isEqualTo(EvidenceKind.TEXT);
        assertThat(EvidenceKind.of(Path.of("artifacts/h.edn"))).isEqualTo(EvidenceKind.TEXT);
    }

    @Test
    void binaryAndNonUtf8FilesAreSaidSoNotMisread() throws Exception {
        Path bin = Files.write(dir.resolve("core"), new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1});
        assertThat(EvidenceText.read(bin).binary()).isTrue();
        assertThat(EvidenceText.read(bin).note()).isEqualTo("binary file (7 bytes, a NUL at byte offset 4): not shown");
        Path latin = Files.write(dir.resolve("l.log"), new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
        EvidenceText t = EvidenceText.read(latin);
        assertThat(t.text()).isEqualTo("caf\u00e9\n");
        assertThat(t.note()).isEqualTo("not valid UTF-8: shown as ISO-8859-1");
    }

    @Test
    void historyLinesBecomeRowsAndABadLineIsKeptRaw() {
        List<Map<String, String>> rows = HistoryRows.parse("{\"process\":\"c1\",\"f\":\"write\",\"value\":3}\n\nnot json\n");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).containsEntry("#", "1").containsEntry("process", "c1").containsEntry("value", "3");
        assertThat(rows.get(1)).containsEntry("#", "3").containsEntry("(raw)", "not json");
    }

    @Test
    void renderedMarkdownResolvesRelativeLinksAgainstTheFilesFolder() {
        Path findings = dir.resolve("s/findings");
        String html = EvidenceLinks.withBase("<html><head><meta></head><body></body></html>", findings);
        String uri = findings.toUri().toString();
        assertThat(html).startsWith("<html><head><base href=\"" + (uri.endsWith("/") ? uri : uri + "/") + "\"><meta>");
        Path target = findings.resolve("../artifacts/S1-1.history.jsonl").normalize();
        assertThat(EvidenceLinks.target(target.toUri() + "#top")).contains(target);
        assertThat(EvidenceLinks.target("https://example.com/x")).isEmpty();
        assertThat(EvidenceLinks.target("file:" + findings + "/")).isEmpty(); // a folder, not a file
    }
}
