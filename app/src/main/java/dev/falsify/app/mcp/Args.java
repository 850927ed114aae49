package dev.falsify.app.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tool call's arguments, checked: an unknown argument, a wrong type or a value out of bounds is a
 * {@link ToolError} naming the argument, so a client that guessed a name learns it at once instead of
 * having it silently ignored.
 */
final class Args {
    /** Longest string argument other than a plan's text. */
    static final int MAX_STRING = 4096;
    /** Most items in a list argument. */
    static final int MAX_ITEMS = 256;

    private final String tool;
    private final Map<String, Object> values;

    private Args(String tool, Map<String, Object> values) {
        this.tool = tool;
        this.values = values;
    }

    static Args of(String tool, Map<String, Object> arguments, Set<String> known) {
        Map<String, Object> values = arguments == null ? Map.of() : arguments;
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new ToolError(tool + ": unknown argument '" + clip(k) + "'; known: " + String.join(", ", known.stream().sorted().toList()));
            }
        }
        return new Args(tool, values);
    }

    boolean has(String name) {
        return values.get(name) != null;
    }

    String string(String name) {
        return string(name, MAX_STRING);
    }

    String string(String name, int maxChars) {
        Object v = values.get(name);
        if (v == null) return null;
        if (!(v instanceof String s)) throw new ToolError(tool + ": " + name + " must be a string");
        if (s.length() > maxChars) throw new ToolError(tool + ": " + name + " is longer than " + maxChars + " characters");
        return s;
    }

    String requiredString(String name) {
        String s = string(name);
        if (s == null || s.isBlank()) throw new ToolError(tool + ": " + name + " is required");
        return s;
    }

    Long integer(String name, long min, long max) {
        Object v = values.get(name);
        if (v == null) return null;
        long n;
        if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            n = ((Number) v).longValue();
        } else if (v instanceof Number num && num.doubleValue() == Math.rint(num.doubleValue())
                && Math.abs(num.doubleValue()) < 9.0e15) {
            n = num.longValue();
        } else {
            throw new ToolError(tool + ": " + name + " must be an integer");
        }
        if (n < min || n > max) throw new ToolError(tool + ": " + name + " must be between " + min + " and " + max + ", not " + n);
        return n;
    }

    List<String> strings(String name) {
        Object v = values.get(name);
        if (v == null) return List.of();
        if (!(v instanceof List<?> list)) throw new ToolError(tool + ": " + name + " must be a list of strings");
        if (list.size() > MAX_ITEMS) throw new ToolError(tool + ": " + name + " has more than " + MAX_ITEMS + " items");
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s) || s.isBlank() || s.length() > 256) {
                throw new ToolError(tool + ": " + name + " must hold non-empty strings of at most 256 characters");
            }
            out.add(s.trim());
        }
        return out;
    }

    /** An argument's text quoted in an error, cut so that an error never echoes a payload. */
    static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }
}
