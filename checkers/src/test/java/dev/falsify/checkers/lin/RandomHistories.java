package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Small random histories per model, with collisions (tiny value domains), ties and unknown outcomes. */
final class RandomHistories {
    static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final List<String> MODELS = List.of("register", "cas-register", "kv", "mutex", "queue", "set", "counter", "log");

    private RandomHistories() {
    }

    /** A random op shape (type, key, input, output) for the model, outputs arbitrary (often wrong). */
    record Shape(String type, String key, JsonNode input, JsonNode output) {
    }

    static Shape randomShape(String model, Random r) {
        switch (model) {
            case "register":
                return r.nextBoolean() ? new Shape("write", null, val(r), NullNode.getInstance())
                        : new Shape("read", null, NullNode.getInstance(), valOrNull(r));
            case "cas-register": {
                int k = r.nextInt(3);
                if (k == 0) return new Shape("write", null, val(r), NullNode.getInstance());
                if (k == 1) return new Shape("read", null, NullNode.getInstance(), valOrNull(r));
                return new Shape("cas", null, F.arrayNode().add(val(r)).add(val(r)), BooleanNode.valueOf(r.nextInt(3) > 0));
            }
            case "kv": {
                String key = r.nextBoolean() ? "a" : "b";
                int k = r.nextInt(3);
                if (k == 0) return new Shape("put", key, F.textNode("" + (char) ('x' + r.nextInt(2))), NullNode.getInstance());
                if (k == 1) return new Shape("append", key, F.textNode("" + (char) ('x' + r.nextInt(2))), NullNode.getInstance());
                String[] reads = {"", "x", "y", "xy", "yx", "xx"};
                return new Shape("get", key, NullNode.getInstance(), F.textNode(reads[r.nextInt(reads.length)]));
            }
            case "mutex":
                return new Shape(r.nextBoolean() ? "acquire" : "release", null, NullNode.getInstance(), NullNode.getInstance());
            case "queue":
                return r.nextBoolean() ? new Shape("enqueue", null, val(r), NullNode.getInstance())
                        : new Shape("dequeue", null, NullNode.getInstance(), valOrNull(r));
            case "set": {
                int k = r.nextInt(3);
                if (k == 0) return new Shape("add", null, val(r), NullNode.getInstance());
                if (k == 1) return new Shape("remove", null, val(r), NullNode.getInstance());
                ArrayNode read = F.arrayNode();
                for (int v = 0; v < 3; v++) if (r.nextInt(3) == 0) read.add(v);
                return new Shape("read", null, NullNode.getInstance(), read);
            }
            case "counter":
                if (r.nextBoolean()) {
                    return new Shape("inc", null, F.numberNode(1 + r.nextInt(2)),
                            r.nextBoolean() ? NullNode.getInstance() : F.numberNode(r.nextInt(5)));
                }
                return new Shape("read", null, NullNode.getInstance(), F.numberNode(r.nextInt(4)));
            case "log": {
                if (r.nextBoolean()) return new Shape("append", null, val(r), NullNode.getInstance());
                ArrayNode read = F.arrayNode();
                int len = r.nextInt(3);
                for (int i = 0; i < len; i++) read.add(r.nextInt(2));
                return new Shape("read", null, NullNode.getInstance(), read);
            }
            default:
                throw new IllegalArgumentException(model);
        }
    }

    private static JsonNode val(Random r) {
        return F.numberNode(r.nextInt(3));
    }

    private static JsonNode valOrNull(Random r) {
        int v = r.nextInt(4);
        return v == 3 ? NullNode.getInstance() : F.numberNode(v);
    }

    /** Up to {@code maxOps} ops on up to 4 processes; ~20% unknown, ~5% failed; timestamps collide often. */
    static List<Op> random(String model, Random r, int maxOps) {
        int n = 1 + r.nextInt(maxOps);
        List<Op> ops = new ArrayList<>();
        long[] free = new long[4];
        for (int i = 0; i < n; i++) {
            int p = r.nextInt(4);
            long inv = free[p] + r.nextInt(4);
            long ret = inv + r.nextInt(6);
            Shape s = randomShape(model, r);
            int kind = r.nextInt(20);
            if (kind < 4) { // unknown: the process is done
                ops.add(new Op("op" + i, "p" + p, inv, null, s.type(), s.key(), s.input(), NullNode.getInstance(), null, true, null, null, 0));
                free[p] = Long.MAX_VALUE / 4;
            } else if (kind == 4) {
                ops.add(new Op("op" + i, "p" + p, inv, ret, s.type(), s.key(), s.input(), s.output(), "failed", false, null, null, 0));
                free[p] = ret;
            } else {
                ops.add(new Op("op" + i, "p" + p, inv, ret, s.type(), s.key(), s.input(), s.output(), null, false, null, null, 0));
                free[p] = ret;
            }
            if (free[p] >= Long.MAX_VALUE / 4) {
                // that process crashed; keep the history going on the others
                boolean anyAlive = false;
                for (long f : free) anyAlive |= f < Long.MAX_VALUE / 4;
                if (!anyAlive) break;
            }
        }
        ops.removeIf(op -> op.invokeTs() >= Long.MAX_VALUE / 8);
        return ops;
    }
}
