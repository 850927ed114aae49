package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The models the linearizability checker knows, by name (with the aliases plans use). */
public final class Models {
    /** Canonical model names, for {@code --list}. */
    public static final List<String> NAMES = List.of(
            "register", "cas-register", "multi-register", "kv", "mutex", "queue", "set", "counter", "log");

    /** Only for {@code --initial}: a mapper is costly to start, and most checks never parse JSON text. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private Models() {
    }

    /** Resolves aliases (lock → mutex, map → kv, append → log, …); null when the name is unknown. */
    public static String canonicalName(String name) {
        if (name == null) return null;
        String n = name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "register", "rw-register-single", "read-write-register" -> "register";
            case "cas-register", "cas", "compare-and-set" -> "cas-register";
            case "multi-register", "multiregister" -> "multi-register";
            case "kv", "map", "key-value", "kv-store" -> "kv";
            case "mutex", "lock" -> "mutex";
            case "queue", "fifo", "fifo-queue" -> "queue";
            case "set" -> "set";
            case "counter" -> "counter";
            case "log", "append", "append-log", "log/append" -> "log";
            default -> null;
        };
    }

    /**
     * Builds a model.
     *
     * @param name    model name or alias
     * @param options checker options; {@code initial} (JSON) sets the initial value of register,
     *                cas-register and kv (the literal {@code unknown}: not recorded, fixed by the first
     *                read) and of multi-register (an object key → value)
     * @throws IllegalArgumentException for an unknown model or a malformed option
     */
    public static Model<?, ?> create(String name, Map<String, String> options) {
        String canonical = canonicalName(name);
        if (canonical == null) {
            throw new IllegalArgumentException("unknown model '" + name + "' for linearizability; known: " + String.join(", ", NAMES));
        }
        String initialText = options.get("initial");
        return switch (canonical) {
            case "register" -> new RegisterModel(false, scalarInitial(initialText));
            case "cas-register" -> new RegisterModel(true, scalarInitial(initialText));
            case "kv" -> new KvModel(scalarInitial(initialText));
            case "multi-register" -> new MultiRegisterModel(mapInitial(initialText));
            case "mutex" -> new MutexModel();
            case "queue" -> new QueueModel();
            case "set" -> new SetModel();
            case "counter" -> new CounterModel();
            case "log" -> new LogModel();
            default -> throw new IllegalStateException(canonical);
        };
    }

    /**
     * Guesses the model from the op types of a history (and whether its ops carry keys), for
     * {@code falsify check} without {@code --model}; null when the op types do not say.
     */
    public static String infer(java.util.Collection<String> opTypes, boolean allKeyed) {
        java.util.Set<String> t = new java.util.HashSet<>(opTypes);
        t.remove(null);
        if (t.isEmpty()) return null;
        if (t.equals(java.util.Set.of("txn"))) return "multi-register";
        if (oneOf(t, "acquire", "release", "lock", "unlock")) return "mutex";
        if (oneOf(t, "enqueue", "dequeue")) return "queue";
        if (allKeyed && oneOf(t, "get", "put", "append", "read", "write", "cas", "r", "w")) return "kv";
        // the register models take Porcupine's and Elle's spellings too (get/put, r/w)
        if (oneOf(t, "read", "write", "cas", "get", "put", "r", "w")) return t.contains("cas") ? "cas-register" : "register";
        if (oneOf(t, "inc", "dec", "read")) return "counter";
        if (oneOf(t, "append", "read")) return "log";
        if (oneOf(t, "add", "remove", "read", "contains")) return "set";
        return null;
    }

    private static boolean oneOf(java.util.Set<String> types, String... allowed) {
        return java.util.Set.of(allowed).containsAll(types);
    }

    /**
     * A value as the register models compare it ({@code 3} and {@code 3.0} alike), as JSON text: for
     * code outside the models that must agree with them on which values are equal. Written by
     * {@code JsonTrees} rather than {@code JsonNode.toString()}, which starts databind's mapper (a
     * sixth of a cold {@code falsify check}'s CPU time went there).
     */
    public static String valueText(JsonNode value) {
        return dev.falsify.checkers.history.JsonTrees.text(Values.canonical(value));
    }

    private static JsonNode scalarInitial(String text) {
        if (text == null) return NullNode.getInstance();
        if (text.trim().equals("unknown")) return RegisterModel.UNSET;
        return Values.canonical(parse(text));
    }

    private static Map<String, JsonNode> mapInitial(String text) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (text == null) return out;
        JsonNode n = parse(text);
        if (!n.isObject()) throw new IllegalArgumentException("initial for multi-register must be a JSON object key → value, found " + text);
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), Values.canonical(e.getValue()));
        }
        return out;
    }

    private static JsonNode parse(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("initial must be JSON (e.g. 0, \"a\", {\"x\":0}), found " + text);
        }
    }
}
