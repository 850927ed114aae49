package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.history.Op;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Histories recorded from a real sequential execution: ops take effect one after another at
 * increasing instants (outputs computed by a plain implementation of the object, not by the
 * checker's models), and each op's interval is stretched randomly around its instant, so ops
 * overlap. Some ops time out (unknown outcome): some of those took effect, some never did.
 */
final class SequentialHistories {
    private SequentialHistories() {
    }

    static List<Op> generate(String model, Random r, int n) {
        List<Op> ops = new ArrayList<>();
        JsonNode register = NullNode.getInstance();
        Map<String, String> kv = new HashMap<>();
        Deque<JsonNode> queue = new ArrayDeque<>();
        TreeSet<Long> set = new TreeSet<>();
        List<JsonNode> log = new ArrayList<>();
        long counter = 0;
        boolean held = false;
        for (int i = 0; i < n; i++) {
            long instant = 10L * (i + 1);
            long inv = Math.max(0, instant - r.nextInt(30));
            long ret = instant + r.nextInt(30);
            boolean unknown = r.nextInt(8) == 0;
            boolean takesEffect = !unknown || r.nextBoolean();
            RandomHistories.Shape shape = RandomHistories.randomShape(model, r);
            String type = shape.type();
            JsonNode in = shape.input();
            JsonNode out = NullNode.getInstance();
            String key = shape.key();
            switch (model) {
                case "register", "cas-register" -> {
                    if (type.equals("read")) out = register;
                    else if (type.equals("write")) { if (takesEffect) register = in; }
                    else {
                        boolean swap = register.equals(in.get(0));
                        out = BooleanNode.valueOf(swap);
                        if (swap && takesEffect) register = in.get(1);
                    }
                }
                case "kv" -> {
                    String cur = kv.getOrDefault(key, "");
                    if (type.equals("get")) out = RandomHistories.F.textNode(cur);
                    else if (type.equals("put")) { if (takesEffect) kv.put(key, in.textValue()); }
                    else if (takesEffect) kv.put(key, cur + in.textValue());
                }
                case "mutex" -> {
                    type = held ? "release" : "acquire";
                    if (takesEffect) held = !held;
                    else unknown = true;
                }
                case "queue" -> {
                    if (type.equals("enqueue")) { if (takesEffect) queue.addLast(in); }
                    else {
                        JsonNode head = queue.peekFirst();
                        out = head == null ? NullNode.getInstance() : head;
                        if (takesEffect && head != null) queue.removeFirst();
                        if (!takesEffect && head != null) unknown = true;
                    }
                }
                case "set" -> {
                    if (type.equals("add")) { if (takesEffect) set.add(in.longValue()); }
                    else if (type.equals("remove")) { if (takesEffect) set.remove(in.longValue()); }
                    else {
                        ArrayNode a = RandomHistories.F.arrayNode();
                        set.forEach(a::add);
                        out = a;
                    }
                }
                case "counter" -> {
                    if (type.equals("read")) out = RandomHistories.F.numberNode(counter);
                    else {
                        if (takesEffect) counter += in.longValue();
                        out = RandomHistories.F.numberNode(counter);
                    }
                }
                case "log" -> {
                    if (type.equals("append")) { if (takesEffect) log.add(in); }
                    else {
                        ArrayNode a = RandomHistories.F.arrayNode();
                        log.forEach(a::add);
                        out = a;
                    }
                }
                default -> throw new IllegalArgumentException(model);
            }
            if (unknown) {
                ops.add(new Op("op" + i, "p" + i, inv, null, type, key, in, NullNode.getInstance(), null, true, null, null, 0));
            } else {
                ops.add(new Op("op" + i, "p" + i, inv, ret, type, key, in, out, null, false, null, null, 0));
            }
        }
        return ops;
    }

    /** The same history with one observed output changed; null when it has no op to corrupt. */
    static List<Op> corruptOneRead(List<Op> ops, Random r) {
        List<Integer> reads = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (!op.timeoutMarker() && op.output() != null && !op.output().isNull()) reads.add(i);
        }
        if (reads.isEmpty()) return null;
        int i = reads.get(r.nextInt(reads.size()));
        Op op = ops.get(i);
        JsonNode o = op.output();
        JsonNode bad;
        if (o.isBoolean()) bad = BooleanNode.valueOf(!o.booleanValue());
        else if (o.isNumber()) bad = RandomHistories.F.numberNode(o.longValue() + 1 + r.nextInt(2));
        else if (o.isTextual()) bad = RandomHistories.F.textNode(o.textValue() + "x");
        else if (o.isArray()) {
            ArrayNode a = ((ArrayNode) o).deepCopy();
            if (a.isEmpty() || r.nextBoolean()) a.add(r.nextInt(3)); else a.remove(a.size() - 1);
            bad = a;
        } else {
            return null;
        }
        List<Op> copy = new ArrayList<>(ops);
        copy.set(i, new Op(op.opId(), op.processId(), op.invokeTs(), op.completeTs(), op.opType(), op.key(), op.input(),
                bad, op.error(), op.timeoutMarker(), op.nodeSeen(), op.faultEpoch(), op.sourceLine()));
        return copy;
    }
}
