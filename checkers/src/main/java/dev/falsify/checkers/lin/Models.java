package dev.falsify.checkers.lin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The models the linearizability checker knows. Their names and aliases are the vocabulary's
 * ({@link HistoryModel}): this class only says which of them it can check and builds them.
 */
public final class Models {
    /** The models linearizability can check, in the order {@code --list} shows them. */
    public static final List<HistoryModel> SUPPORTED = List.of(HistoryModel.REGISTER, HistoryModel.CAS_REGISTER,
            HistoryModel.MULTI_REGISTER, HistoryModel.KV, HistoryModel.MUTEX, HistoryModel.QUEUE, HistoryModel.SET,
            HistoryModel.COUNTER, HistoryModel.LOG);

    /** The canonical names of {@link #SUPPORTED}, for help and error texts. */
    public static final List<String> NAMES = HistoryModel.ids(SUPPORTED);

    /** Only for {@code --initial}: a mapper is costly to start, and most checks never parse JSON text. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private Models() {
    }

    /** The model a name or alias names (lock → mutex, map → kv, append → log, …) when linearizability checks it; else null. */
    public static HistoryModel supported(String name) {
        HistoryModel m = HistoryModel.of(name).orElse(null);
        return m != null && SUPPORTED.contains(m) ? m : null;
    }

    /** The canonical name of a model linearizability checks ({@link #supported}); null when it checks none by that name. */
    public static String canonicalName(String name) {
        HistoryModel m = supported(name);
        return m == null ? null : m.id();
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
        HistoryModel model = supported(name);
        if (model == null) {
            throw new IllegalArgumentException("unknown model '" + name + "' for linearizability; known: " + String.join(", ", NAMES));
        }
        String initialText = options.get("initial");
        return switch (model) {
            case REGISTER -> new RegisterModel(false, scalarInitial(initialText));
            case CAS_REGISTER -> new RegisterModel(true, scalarInitial(initialText));
            case KV -> new KvModel(scalarInitial(initialText));
            case MULTI_REGISTER -> new MultiRegisterModel(mapInitial(initialText));
            case MUTEX -> new MutexModel();
            case QUEUE -> new QueueModel();
            case SET -> new SetModel();
            case COUNTER -> new CounterModel();
            case LOG -> new LogModel();
            default -> throw new IllegalStateException(model.id());
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
        if (t.equals(java.util.Set.of("txn"))) return HistoryModel.MULTI_REGISTER.id();
        if (oneOf(t, "acquire", "release", "lock", "unlock")) return HistoryModel.MUTEX.id();
        if (oneOf(t, "enqueue", "dequeue")) return HistoryModel.QUEUE.id();
        if (allKeyed && oneOf(t, "get", "put", "append", "read", "write", "cas", "r", "w")) return HistoryModel.KV.id();
        // the register models take Porcupine's and Elle's spellings too (get/put, r/w)
        if (oneOf(t, "read", "write", "cas", "get", "put", "r", "w")) return t.contains("cas") ? HistoryModel.CAS_REGISTER.id() : HistoryModel.REGISTER.id();
        if (oneOf(t, "inc", "dec", "read")) return HistoryModel.COUNTER.id();
        if (oneOf(t, "append", "read")) return HistoryModel.LOG.id();
        if (oneOf(t, "add", "remove", "read", "contains")) return HistoryModel.SET.id();
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
