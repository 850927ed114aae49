package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mapper-free tree reader and writer agree with Jackson's ObjectMapper on every kind of value. */
class JsonTreesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final List<String> VALUES = List.of("1", "-7", "12345678901", "123456789012345678901234567890", "1.5", "-0.0", "1e10",
            "1E-7", "true", "false", "null", "\"\"", "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001é/\"", "[]", "{}", "[1,[2,[3]],{\"a\":null}]",
            "{\"k\":1,\"k\":2,\"x\":[\"y\",1.25]}", "{\"op\":\"cas\",\"value\":[1,2]}");

    @Test
    void readsTheSameTreesAsTheMapper() throws Exception {
        JsonFactory f = new JsonFactory();
        for (String v : VALUES) {
            try (JsonParser p = f.createParser(v)) {
                p.nextToken();
                JsonNode mine = JsonTrees.read(p);
                JsonNode theirs = MAPPER.readTree(v);
                assertThat(mine).as(v).isEqualTo(theirs);
                assertThat(mine.getClass()).as(v).isEqualTo(theirs.getClass());
            }
        }
    }

    @Test
    void writesTheSameTextAsToString() throws Exception {
        for (String v : VALUES) {
            JsonNode n = MAPPER.readTree(v);
            assertThat(JsonTrees.text(n)).as(v).isEqualTo(n.toString());
        }
    }
}
