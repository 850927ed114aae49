package kv;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} arguments. */
final class Args {
    private Args() {
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) throw new IllegalArgumentException("unexpected argument " + args[i]);
            String name = args[i].substring(2);
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) m.put(name, args[++i]);
            else m.put(name, "true");
        }
        return m;
    }

    static String required(Map<String, String> a, String name) {
        String v = a.get(name);
        if (v == null) {
            System.err.println("missing --" + name);
            System.exit(2);
        }
        return v;
    }
}
