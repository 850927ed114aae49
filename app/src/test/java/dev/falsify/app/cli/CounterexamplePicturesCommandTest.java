package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code falsify check --svg} and {@code falsify report} draw counterexamples; the report embeds what exists. */
class CounterexamplePicturesCommandTest {
    private static final Path DEMO_SESSION = Path.of(
            "src/test/resources/dev/falsify/app/ui/session/demo/test-sessions/replicated-kv/2026-12-01T081030Z");

    @TempDir
    Path tmp;

    private static void wellFormed(Path svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        assertThat(f.newDocumentBuilder().parse(svg.toFile()).getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(Files.readString(svg)).doesNotContain("<script").doesNotContain("href");
    }

    @Test
    void checkWritesTheLinearizabilityPictureAndSaysWhere() throws Exception {
        Path dir = tmp.resolve("pictures");
        CheckCommandTest.Run r = CheckCommandTest.run("check", "--svg", dir.toString(),
                CheckCommandTest.corpus("porcupine/etcd/etcd_000.log").toString());
        assertThat(r.exit()).isEqualTo(1);
        Path svg = dir.resolve("etcd_000.linearizability-counterexample.svg");
        assertThat(r.out()).contains("  picture: " + svg);
        wellFormed(svg);
        assertThat(Files.readString(svg, StandardCharsets.UTF_8)).contains("could not be placed next")
                .contains("ms from the start of the history");
    }

    @Test
    void checkDrawsEachAnomalyAndListsThemInJson() throws Exception {
        Path dir = tmp.resolve("pictures");
        CheckCommandTest.Run r = CheckCommandTest.run("check", "--json", "--svg", dir.toString(),
                CheckCommandTest.corpus("elle/paper-example.edn").toString());
        assertThat(r.exit()).isEqualTo(1);
        JsonNode line = r.jsonLines().get(0);
        assertThat(line.get("pictures")).isNotEmpty();
        for (JsonNode p : line.get("pictures")) {
            assertThat(p.asText()).contains("paper-example.list-append-anomaly-");
            wellFormed(Path.of(p.asText()));
        }
    }

    @Test
    void aValidHistoryGetsNoPicture() throws Exception {
        Path dir = tmp.resolve("pictures");
        CheckCommandTest.Run r = CheckCommandTest.run("check", "--svg", dir.toString(),
                CheckCommandTest.corpus("porcupine/etcd/etcd_002.log").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).doesNotContain("picture:");
        assertThat(Files.exists(dir)).isFalse();
    }

    @Test
    void reportDrawsMissingPicturesFromTheHistoryArtifactsAndEmbedsThem() throws Exception {
        Path session = tmp.resolve("session");
        copy(DEMO_SESSION, session);
        // the fixture's history artifact is cut short (it no longer fails): a stale read in its place
        Files.writeString(session.resolve("artifacts/S1-1.history.jsonl"), STALE_READ);
        deleteTree(session.resolve("artifacts/rerun1"));
        Path picture = session.resolve("findings/S1-1.linearizability-counterexample.svg");
        assertThat(picture).doesNotExist();

        CheckCommandTest.Run r = CheckCommandTest.run("report", session.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("drew " + picture);
        wellFormed(picture);
        String report = Files.readString(session.resolve("findings/report.md"));
        assertThat(report).containsOnlyOnce("![S1-1 linearizability counterexample](S1-1.linearizability-counterexample.svg)")
                .doesNotContain("Not part of the session layout");

        // drawn once: a second report links the same file and draws nothing
        CheckCommandTest.Run again = CheckCommandTest.run("report", session.toString());
        assertThat(again.exit()).isZero();
        assertThat(again.out()).doesNotContain("drew ");
        assertThat(Files.readString(session.resolve("findings/report.md"))).isEqualTo(report);
    }

    @Test
    void aHistoryThatNoLongerFailsIsSaidAndNotDrawn() throws Exception {
        Path session = tmp.resolve("session");
        copy(DEMO_SESSION, session);
        CheckCommandTest.Run r = CheckCommandTest.run("report", session.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("artifacts/S1-1.linearizability.check.json: checking the history again gave VALID");
        assertThat(Files.readString(session.resolve("findings/report.md"))).doesNotContain(".svg)");
    }

    private static final String STALE_READ = """
            {"op_id":"c0-1","process_id":"c0","invoke_ts":5000000000,"complete_ts":5002000000,"op_type":"write","key":"k0","input":1,"output":null,"error":null,"timeout_marker":false,"node_seen":"n1","fault_epoch":"partition-n2"}
            {"op_id":"c1-1","process_id":"c1","invoke_ts":5003000000,"complete_ts":5004000000,"op_type":"read","key":"k0","input":null,"output":7,"error":null,"timeout_marker":false,"node_seen":"n2","fault_epoch":"partition-n2"}
            """;

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }
}
