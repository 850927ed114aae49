package dev.falsify.checkers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EdnParser#readFlatMap} is a fast path of {@link EdnParser#readValue()}: whatever a map looks
 * like, reading it with the fast path (falling back when it declines) gives the same map, the same
 * positions after it and the same errors as the general path, and the op maps of real histories take it.
 */
class EdnFlatMapTest {
    /** Keys, values and separators, the edge cases of each among them. */
    private static final String[] KEYS = {":process", ":type", ":f", ":key", ":value", ":index", ":time", ":a:b", "::auto",
        ":é", "\"string-key\"", "7", ":k", ":x-y?"};
    private static final String[] VALUES = {":invoke", ":ok", "nil", "true", "false", "0", "-0", "42", "-17", "007", "+5",
        "123456789012345678", "-123456789012345678", "1234567890123456789", "12N", "1.5", "1/3", "0x1F", "\"x 0 1 y\"",
        "\"\"", "\"a\\\"b\"", "\"two\nlines\"", "\"ünï\"", "sym", "[1 2]", "{:n 1}", "#{1}", "#inst \"2026\"", ":kw[1]",
        "\"s\"x", ":a;c\n", "1x", ":", "\\c", "-"};
    private static final String[] SEPARATORS = {" ", ", ", ",", "  ", "\t", "\n", " ; note\n ", ""};

    @Test
    void fastAndGeneralPathsReadEveryMapAlike() {
        Random random = new Random(1201);
        int fast = 0;
        // 3,500 rounds since a key twice is refused (issue 29): a text's maps are read up to its first
        // error, and keys the random separators misalign now and then meet twice, so fewer maps of
        // each text are read than the 3,000 rounds before read
        for (int round = 0; round < 3500; round++) {
            String text = randomMaps(random, 1 + random.nextInt(40));
            Outcome general = read(text, false, random.nextBoolean());
            Outcome withFast = read(text, true, random.nextBoolean());
            assertThat(withFast.trace).as("reading %s", text).isEqualTo(general.trace);
            fast += withFast.fastMaps;
        }
        assertThat(fast).as("maps read by the fast path").isGreaterThan(3000);
    }

    @Test
    void opMapsOfPorcupineAndJepsenHistoriesTakeTheFastPath() {
        String text = "{:process 0, :type :invoke, :f :append, :key \"0\", :value \"x 0 0 y\"}\n"
                + "{:type :ok, :f :read, :value nil, :process 3, :time 1234567, :index -2}\n";
        Outcome o = read(text, true, false);
        assertThat(o.fastMaps).isEqualTo(2);
        assertThat(o.trace).isEqualTo(read(text, false, false).trace);
    }

    @Test
    void mapsAcrossBufferRefillsReadAlike() {
        // the 16 KB read buffer ends inside some maps: the fast path declines those, the general path reads on
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            b.append("{:process ").append(i % 7).append(", :type :ok, :f :write, :value \"").append("v".repeat(i % 13)).append("\"}\n");
        }
        Outcome general = read(b.toString(), false, false);
        Outcome withFast = read(b.toString(), true, false);
        assertThat(withFast.trace).isEqualTo(general.trace);
        assertThat(withFast.fastMaps).isGreaterThan(2900);
    }

    private static String randomMaps(Random random, int count) {
        StringBuilder b = new StringBuilder();
        for (int m = 0; m < count; m++) {
            b.append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
            if (random.nextInt(30) == 0) {
                b.append(VALUES[random.nextInt(VALUES.length)]); // not a map at all
                continue;
            }
            // now and then a collection that only ends like a map, or a set: not maps
            b.append(random.nextInt(25) == 0 ? "[" : random.nextInt(25) == 0 ? "(" : random.nextInt(25) == 0 ? "#{" : "{");
            int entries = random.nextInt(20) == 0 ? 17 + random.nextInt(3) : random.nextInt(7);
            // a key twice is bad input (issue 29), refused by both paths alike: now and then, so that
            // most maps are ones a history can hold
            boolean keyTwice = random.nextInt(40) == 0;
            java.util.Set<String> used = new java.util.HashSet<>();
            for (int e = 0; e < entries; e++) {
                boolean plain = random.nextInt(3) > 0;
                String key = plain ? KEYS[random.nextInt(5)] : KEYS[random.nextInt(KEYS.length)];
                for (int tries = 0; !keyTwice && used.contains(key) && tries < 20; tries++) key = KEYS[random.nextInt(KEYS.length)];
                if (!keyTwice && used.contains(key)) key = ":k" + e; // more entries than there are keys above
                used.add(key);
                b.append(key);
                b.append(plain ? " " : SEPARATORS[random.nextInt(SEPARATORS.length)]);
                b.append(plain ? VALUES[random.nextInt(5)] : VALUES[random.nextInt(VALUES.length)]);
                b.append(plain ? ", " : SEPARATORS[random.nextInt(SEPARATORS.length)]);
            }
            if (random.nextInt(40) == 0) b.append(":dangling");
            if (random.nextInt(60) != 0) b.append('}');
        }
        return b.toString();
    }

    /** What a reader of {@code text} sees: each value with the positions after it, then the error or the end. */
    private record Outcome(List<String> trace, int fastMaps) {
    }

    /** The value with the node class of each part: a long and an int of the same digits differ. */
    private static String describe(JsonNode v) {
        StringBuilder b = new StringBuilder(v.getClass().getSimpleName()).append('(');
        if (v.isContainerNode()) {
            v.fields().forEachRemaining(e -> b.append(e.getKey()).append('=').append(describe(e.getValue())).append(' '));
            if (v.isArray()) v.elements().forEachRemaining(e -> b.append(describe(e)).append(' '));
        } else {
            b.append(v);
        }
        return b.append(')').toString();
    }

    private static Outcome read(String text, boolean useFast, boolean fromReader) {
        EdnParser edn = fromReader ? new EdnParser(new StringReader(text), "h.edn") : new EdnParser(text, "h.edn");
        List<String> trace = new ArrayList<>();
        int fastMaps = 0;
        String[] keys = new String[16];
        JsonNode[] values = new JsonNode[16];
        try {
            while (!edn.atEnd()) {
                JsonNode v = null;
                if (useFast) {
                    int n = edn.readFlatMap(keys, values);
                    if (n >= 0) {
                        ObjectNode map = JsonNodeFactory.instance.objectNode();
                        for (int i = 0; i < n; i++) map.set(keys[i], values[i]);
                        v = map;
                        fastMaps++;
                    }
                }
                if (v == null) v = edn.readValue();
                trace.add(describe(v) + " @" + edn.line() + ":" + edn.column() + " value " + edn.valueLine() + ":" + edn.valueColumn()
                        + " content " + edn.lastContentLine());
            }
            trace.add("end");
        } catch (HistoryFormatException e) {
            trace.add("error " + e.getMessage());
        }
        return new Outcome(trace, fastMaps);
    }
}
