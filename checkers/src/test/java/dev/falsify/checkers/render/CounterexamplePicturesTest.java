package dev.falsify.checkers.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.checkers.pipeline.HistoryCheck;
import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.Validity;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class CounterexamplePicturesTest {
    private static final Path RESOURCES = Path.of("src/test/resources/render");

    private static History history(String name) throws IOException {
        Path p = RESOURCES.resolve(name);
        return Histories.readAll(p, Histories.detect(p));
    }

    private static CheckResult check(History h, String checker) {
        return HistoryCheck.standard().run(h, HistoryCheck.Request.of(checker, null, CheckBudget.of(Duration.ofSeconds(30))))
                .result();
    }

    /** Compares with the golden file; {@code -Dfalsify.updateGolden=true} rewrites it instead. */
    private static void golden(String name, String actual) throws IOException {
        Path g = RESOURCES.resolve("golden").resolve(name);
        if (Boolean.getBoolean("falsify.updateGolden")) {
            Files.createDirectories(g.getParent());
            Files.writeString(g, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(g, StandardCharsets.UTF_8));
    }

    /** Parsed with the JDK's parser, external entities and DTDs refused (a picture needs neither). */
    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        return b.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** Nothing that runs or loads: no script or foreignObject element, no on* attribute, no href, no url(), no style sheet. */
    private static void assertInert(Document d) {
        NodeList all = d.getElementsByTagName("*");
        assertThat(all.getLength()).isGreaterThan(5);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            assertThat(e.getLocalName()).isNotIn("script", "foreignObject", "style", "image", "use", "a", "iframe");
            for (int j = 0; j < e.getAttributes().getLength(); j++) {
                String attr = e.getAttributes().item(j).getNodeName();
                String value = e.getAttributes().item(j).getNodeValue();
                assertThat(attr.toLowerCase()).doesNotStartWith("on").doesNotContain("href");
                assertThat(value).doesNotContain("url(").doesNotContain("javascript:");
                if (!attr.equals("xmlns")) assertThat(value).doesNotContain("http");
            }
        }
    }

    private static String allText(Document d) {
        StringBuilder b = new StringBuilder();
        NodeList texts = d.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) b.append(texts.item(i).getTextContent()).append('\n');
        return b.toString();
    }

    @Test
    void linearizabilityFailureIsDrawnAsGolden() throws Exception {
        History h = history("stale-read.history.jsonl");
        CheckResult r = check(h, "linearizability");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        List<CounterexamplePictures.Picture> pictures = CounterexamplePictures.of("stale-read", r, h.ops());
        assertThat(pictures).extracting(CounterexamplePictures.Picture::fileName)
                .containsExactly("stale-read.linearizability-counterexample.svg");
        String svg = pictures.get(0).svg();
        golden("stale-read.linearizability-counterexample.svg", svg);

        Document d = parse(svg);
        assertInert(d);
        String text = allText(d);
        LinearizabilityCounterexample cx = (LinearizabilityCounterexample) r.counterexample();
        LinearizabilityCounterexample.Prefix prefix = cx.partitions().get(0).prefixes().get(0);
        assertThat(prefix.couldNotPlace()).isNotEmpty();
        for (LinearizabilityCounterexample.Blocked b : prefix.couldNotPlace()) {
            // every rejected op is in the list with its reason, in ms from the start of the history
            assertThat(text).contains("✗ op " + b.op().opId() + " (process " + b.op().processId() + ")")
                    .contains(b.op().interval(r.historyStartNs()) + ": " + b.reason());
        }
        assertThat(text).contains("fault: partition-n2").contains("ms from the start of the history")
                .contains("Shows ").contains("prefix steps 1–" + prefix.steps().size());
        // the history value is text, not markup: one <text> holds it literally, no element came of it
        assertThat(text).contains("<script>alert(1)</script>]]>");
        assertThat(svg).doesNotContain("<script").contains("&lt;script&gt;alert(1)&lt;/script&gt;]]&gt;");
        // one numbered point per prefix step drawn
        assertThat(d.getElementsByTagName("circle").getLength()).isGreaterThanOrEqualTo(prefix.steps().size());
    }

    @Test
    void otherMaximalPrefixesAreListedBesideTheOneDrawn() throws Exception {
        // two concurrent writes, then a read of a value neither wrote: [w1, w2] and [w2, w1] are both maximal
        History h = history("two-prefixes.history.jsonl");
        CheckResult r = check(h, "linearizability");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        LinearizabilityCounterexample cx = (LinearizabilityCounterexample) r.counterexample();
        List<LinearizabilityCounterexample.Prefix> prefixes = cx.partitions().get(0).prefixes();
        assertThat(prefixes).hasSizeGreaterThanOrEqualTo(2);
        String svg = CounterexamplePictures.of("two-prefixes", r, h.ops()).get(0).svg();
        golden("two-prefixes.linearizability-counterexample.svg", svg);
        Document d = parse(svg);
        assertInert(d);
        String text = allText(d);
        assertThat(text).contains((prefixes.size() - 1) + " other maximal prefix");
        for (int k = 1; k < prefixes.size(); k++) {
            LinearizabilityCounterexample.Prefix p = prefixes.get(k);
            LinearizabilityCounterexample.Step last = p.steps().get(p.steps().size() - 1);
            assertThat(text).contains("prefix " + (k + 1) + ": " + p.steps().size() + " steps, ending with op "
                    + last.op().opId());
            for (LinearizabilityCounterexample.Blocked b : p.couldNotPlace()) assertThat(text).contains("op " + b.op().opId());
        }
    }

    @Test
    void anomalyCycleIsDrawnAsGolden() throws Exception {
        History h = history("write-skew.edn");
        CheckResult r = check(h, "list-append");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        TxnCounterexample cx = (TxnCounterexample) r.counterexample();
        List<CounterexamplePictures.Picture> pictures = CounterexamplePictures.of("write-skew", r, h.ops());
        assertThat(pictures).hasSize(cx.anomalies().size());
        assertThat(pictures.get(0).fileName()).isEqualTo("write-skew.list-append-anomaly-1.svg");
        golden("write-skew.list-append-anomaly-1.svg", pictures.get(0).svg());

        Document d = parse(pictures.get(0).svg());
        assertInert(d);
        String text = allText(d);
        TxnCounterexample.Anomaly a = cx.anomalies().get(0);
        for (TxnCounterexample.Txn t : a.txns()) {
            assertThat(text).contains(t.label());
            for (TxnCounterexample.MicroOp m : t.mops()) assertThat(text).contains(AnomalySvg.mop(m));
        }
        for (TxnCounterexample.Edge e : a.edges()) {
            assertThat(text).contains(e.kind() + (e.key() == null ? "" : " " + e.key()));
        }
        for (String model : a.modelsRuledOut()) assertThat(text).contains(model);
        assertThat(text).contains(a.type());
    }

    @Test
    void hostileTextIsInertEverywhere() throws Exception {
        String evil = "<script>alert('x')</script>]]><![CDATA[&amp;\" onload=\"x\u0000\u0007\uD800";
        assertThat(SvgCanvas.escape(evil)).doesNotContain("<").doesNotContain(">").doesNotContain("\"")
                .doesNotContain("\u0000").doesNotContain("\uD800");
        SvgCanvas c = new SvgCanvas(100, 50, evil);
        c.text(1, 10, evil, 10, "#000", "start", false);
        c.rect(1, 1, 5, 5, "#fff", "#000", 1, null, evil);
        Document d = parse(c.finish());
        assertInert(d);
        assertThat(d.getElementsByTagName("title").item(0).getTextContent()).startsWith("<script>alert('x')</script>]]>");
    }

    @Test
    void aLongHistoryIsWindowedToTheFailure() throws Exception {
        // 20,000 sequential writes then a read of a value never written: the picture shows the end only
        StringBuilder b = new StringBuilder();
        int n = 20_000;
        long t = 1_000_000;
        for (int i = 0; i < n; i++) {
            b.append("{\"op_id\":\"w").append(i).append("\",\"process_id\":\"c").append(i % 4).append("\",\"invoke_ts\":")
                    .append(t).append(",\"complete_ts\":").append(t + 500_000).append(",\"op_type\":\"write\",\"key\":null,"
                            + "\"input\":").append(i).append(",\"output\":null,\"error\":null,\"timeout_marker\":false,"
                            + "\"node_seen\":null,\"fault_epoch\":null}\n");
            t += 1_000_000;
        }
        b.append("{\"op_id\":\"bad\",\"process_id\":\"c9\",\"invoke_ts\":").append(t).append(",\"complete_ts\":")
                .append(t + 500_000).append(",\"op_type\":\"read\",\"key\":null,\"input\":null,\"output\":-5,\"error\":null,"
                        + "\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n");
        History h;
        try (var ops = Histories.open(new java.io.StringReader(b.toString()), "long.jsonl", null)) {
            List<Op> all = new ArrayList<>();
            while (ops.hasNext()) all.add(ops.next());
            h = new History("long.jsonl", ops.format(), all, ops.notes());
        }
        CheckResult r = check(h, "linearizability");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        String svg = CounterexamplePictures.of("long", r, h.ops()).get(0).svg();
        Document d = parse(svg);
        int bars = 0;
        NodeList rects = d.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            if (rects.item(i).getFirstChild() != null) bars++; // bars carry a <title>
        }
        assertThat(bars).isBetween(2, HistorySvg.MAX_OPS);
        String text = allText(d);
        assertThat(text).contains("✗ op bad").contains("of " + (n + 1) + " ops")
                .contains("(1–" + (n - HistorySvg.CONTEXT_STEPS) + " are before this window)");
        Matcher m = Pattern.compile("Shows ([0-9.]+)–([0-9.]+) ms").matcher(text);
        assertThat(m.find()).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isGreaterThan(n - 20);
        assertThat(svg.length()).isLessThan(100_000);
    }

    /**
     * Steps close in time on one process put their numbers side by side: they read as one run of
     * digits ("569570574", issue 34). Each number has its own box, none overlapping another.
     */
    @Test
    void stepNumbersNeverOverlap() throws Exception {
        StringBuilder b = new StringBuilder();
        b.append(op("long", "c1", 0, 100_000_000L, "write", "0", "null"));
        long t = 50_000_000L;
        for (int i = 1; i <= 12; i++) {
            b.append(op("w" + i, "c0", t, t + 150_000L, "write", Integer.toString(i), "null"));
            t += 160_000L;
        }
        b.append(op("bad", "c2", 150_000_000L, 151_000_000L, "read", "null", "-5"));
        History h;
        try (var ops = Histories.open(new java.io.StringReader(b.toString()), "clustered.jsonl", null)) {
            List<Op> all = new ArrayList<>();
            while (ops.hasNext()) all.add(ops.next());
            h = new History("clustered.jsonl", ops.format(), all, ops.notes());
        }
        CheckResult r = check(h, "linearizability");
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        String svg = CounterexamplePictures.of("clustered", r, h.ops()).get(0).svg();
        golden("clustered.linearizability-counterexample.svg", svg);
        NodeList texts = parse(svg).getElementsByTagName("text");
        List<double[]> boxes = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            Element e = (Element) texts.item(i);
            if (!"#1b5e20".equals(e.getAttribute("fill")) || !e.getTextContent().matches("\\d+")) continue;
            double x = Double.parseDouble(e.getAttribute("x"));
            double y = Double.parseDouble(e.getAttribute("y"));
            boxes.add(new double[] {x, y - 8, x + e.getTextContent().length() * HistorySvg.DIGIT_W, y + 1});
        }
        assertThat(boxes).hasSizeGreaterThan(3);
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                double[] a = boxes.get(i);
                double[] c = boxes.get(j);
                boolean overlap = a[0] < c[2] && c[0] < a[2] && a[1] < c[3] && c[1] < a[3];
                assertThat(overlap).as("step numbers %d and %d overlap", i, j).isFalse();
            }
        }
    }

    private static String op(String id, String process, long invoke, long complete, String type, String input, String output) {
        return "{\"op_id\":\"" + id + "\",\"process_id\":\"" + process + "\",\"invoke_ts\":" + invoke + ",\"complete_ts\":"
                + complete + ",\"op_type\":\"" + type + "\",\"key\":null,\"input\":" + input + ",\"output\":" + output
                + ",\"error\":null,\"timeout_marker\":false,\"node_seen\":null,\"fault_epoch\":null}\n";
    }

    @Test
    void passingResultsHaveNoPicture() throws Exception {
        History h = history("stale-read.history.jsonl");
        List<Op> firstTwo = h.ops().subList(0, 2);
        CheckResult r = check(new History(h.source(), h.format(), firstTwo, h.notes()), "linearizability");
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(CounterexamplePictures.of("x", r, firstTwo)).isEmpty();
        assertThat(CounterexamplePictures.drawn(r)).isFalse();
    }

    @Test
    void processesSortNaturally() {
        List<String> p = new ArrayList<>(List.of("c10", "c2", "c1", "b", "c02"));
        p.sort(HistorySvg::natural);
        assertThat(p).containsExactly("b", "c1", "c02", "c2", "c10");
    }

    @Test
    void aHistoryWithoutProcessesHasNoLaneCalledNull() throws Exception {
        // Knossos' and Elle's hand-written histories often give no :process: one anonymous process (issue 30)
        History h = dev.falsify.checkers.history.Histories.parse("""
                [{:type :invoke, :f :write, :value 1}
                 {:type :ok, :f :write, :value 1}
                 {:type :invoke, :f :read, :value nil}
                 {:type :ok, :f :read, :value 2}]
                """, "anonymous.edn", null);
        CheckResult r = dev.falsify.checkers.pipeline.HistoryCheck.standard().run(h,
                dev.falsify.checkers.pipeline.HistoryCheck.Request.of(null, "register", CheckBudget.unlimited())).result();
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        String text = allText(parse(CounterexamplePictures.of("anonymous", r, h.ops()).get(0).svg()));
        assertThat(text).contains("process (none)").doesNotContain("process null");
        assertThat(String.join("\n", dev.falsify.checkers.api.CheckResultText.lines("anonymous.edn", "jepsen-edn", r)))
                .contains("process (none)").doesNotContain("process null");
    }
}
