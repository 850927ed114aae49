package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Keywords (and the maps they key) read as their own text wherever they fall in the parser's read
 * buffer, cut by a refill included, and positions after them stay right.
 */
class EdnKeywordsTest {

    @Test
    void everyKeywordReadsAsItsTextAcrossBufferRefills() {
        Random random = new Random(20261201);
        // many keywords, some long, in maps past several 16 KB buffers
        List<String> names = new ArrayList<>();
        for (int k = 0; k < 300; k++) names.add("k" + k + "x".repeat(random.nextInt(40)));
        StringBuilder b = new StringBuilder("[");
        List<String[]> expected = new ArrayList<>();
        for (int op = 0; op < 4000; op++) {
            String key = names.get(random.nextInt(names.size()));
            String value = random.nextInt(4) == 0 ? names.get(random.nextInt(names.size())) : "invoke";
            b.append(random.nextBoolean() ? "\n" : " ").append("{:").append(key).append(" :").append(value).append(", :n ").append(op).append("}");
            expected.add(new String[] {key, value});
        }
        b.append("]");
        for (EdnParser edn : new EdnParser[] {new EdnParser(new StringReader(b.toString()), "h.edn"), new EdnParser(b.toString(), "h.edn")}) {
            edn.enterCollection();
            for (int op = 0; op < expected.size(); op++) {
                JsonNode m = edn.readValue();
                assertThat(m.get(expected.get(op)[0]).textValue()).as("op %d", op).isEqualTo(expected.get(op)[1]);
                assertThat(m.get("n").asInt()).isEqualTo(op);
            }
            assertThat(edn.atCollectionEnd(']')).isTrue();
        }
    }

    @Test
    void aBadValueAfterARepeatedKeywordIsReportedWhereItIs() {
        EdnParser edn = new EdnParser("[{:type :ok} {:type :ok :value}]", "h.edn");
        edn.enterCollection();
        edn.readValue();
        assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(edn::readValue, HistoryFormatException.class))
                .satisfies(e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.getMessage()).contains("h.edn:1:25:").contains("a value for map key value");
                });
    }
}
