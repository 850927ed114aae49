package dev.falsify.runner.run;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run-block placeholders of plan-format.md for one run of one seed: {@code {session}},
 * {@code {artifacts}}, {@code {logs}}, {@code {seed}}, {@code {scenario}}, {@code {plan_dir}}, plus
 * any named value added with {@link #with} (e.g. a {@code {port:NAME}} allocated for the seed).
 * Anything else in braces (shell {@code ${VAR}} expansions included) is left alone.
 *
 * <p>Two ways in, and which one a field takes is decided by what reads it:
 * <ul>
 *   <li>{@link #shell} for text a shell parses (every command). A value is never written into the
 *       command: each placeholder becomes a reference to an environment variable
 *       ({@link #environment()}, passed to the command) quoted for the place it stands — outside
 *       quotes {@code "${V}"}, inside {@code "…"} {@code ${V}}, inside {@code '…'} the quote is closed
 *       around {@code "${V}"}. The shell expands a variable once and never parses the result as
 *       code, so even a mistaken reading of the quoting can at worst give literal text, not a
 *       command — and a value full of {@code $(…)}, quotes and spaces arrives as one word.</li>
 *   <li>{@link #apply} for text nothing parses as shell: paths, {@code host:port}, environment
 *       values, regexes — the value verbatim.</li>
 * </ul>
 */
public final class Placeholders {
    /** Prefix of the environment variables {@link #shell} refers to. */
    public static final String ENV_PREFIX = "FALSIFY_PH_";

    private final Map<String, String> values;
    private final Map<String, String> envNames;

    private Placeholders(Map<String, String> values, Map<String, String> envNames) {
        this.values = Collections.unmodifiableMap(values);
        this.envNames = Collections.unmodifiableMap(envNames);
    }

    public static Placeholders of(Path session, Path artifacts, Path logs, long seed, String scenario, Path planDir) {
        return new Placeholders(new LinkedHashMap<>(), new LinkedHashMap<>())
                .with("session", session.toAbsolutePath().toString())
                .with("artifacts", artifacts.toAbsolutePath().toString())
                .with("logs", logs.toAbsolutePath().toString())
                .with("seed", Long.toString(seed))
                .with("scenario", scenario)
                .with("plan_dir", planDir.toAbsolutePath().toString());
    }

    /** These placeholders plus {@code {name}} = value (replacing an earlier value of that name). */
    public Placeholders with(String name, String value) {
        Map<String, String> v = new LinkedHashMap<>(values);
        Map<String, String> e = new LinkedHashMap<>(envNames);
        v.put(name, value);
        if (!e.containsKey(name)) e.put(name, freshEnvName(name, new HashSet<>(e.values())));
        return new Placeholders(v, e);
    }

    /** Placeholder name → value. */
    public Map<String, String> values() {
        return values;
    }

    /** The environment variables {@link #shell} output refers to: give them to every command it runs. */
    public Map<String, String> environment() {
        Map<String, String> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(envNames.get(k), v));
        return m;
    }

    /** The environment variable that carries {@code {name}}, or null when there is no such placeholder. */
    public String envName(String name) {
        return envNames.get(name);
    }

    /** These placeholders plus {@code more} (e.g. the {@code port:NAME} values of a seed's {@link PortAllocation}). */
    public Placeholders with(Map<String, String> more) {
        Placeholders p = this;
        for (Map.Entry<String, String> e : more.entrySet()) p = p.with(e.getKey(), e.getValue());
        return p;
    }

    /** {@code {NAME}} → the value verbatim, for fields that no shell parses. */
    public String apply(String text) {
        if (text == null || text.indexOf('{') < 0) return text;
        StringBuilder sb = new StringBuilder(text.length() + 64);
        int i = 0;
        while (i < text.length()) {
            int end = placeholderEnd(text, i);
            if (end > 0) {
                sb.append(values.get(text.substring(i + 1, end)));
                i = end + 1;
            } else {
                sb.append(text.charAt(i++));
            }
        }
        return sb.toString();
    }

    /** Where the shell's quoting stands at a point of a command. */
    private enum Quote { NONE, SINGLE, DOUBLE, ANSI_C }

    /**
     * {@code {NAME}} → a quoted reference to its environment variable, for command text that
     * {@code /bin/sh} parses. Tracks single, double and {@code $'…'} quotes, backslash escapes and
     * comments; a backslash-escaped {@code \{name}} outside quotes stays literal.
     */
    public String shell(String command) {
        if (command == null || command.indexOf('{') < 0) return command;
        StringBuilder sb = new StringBuilder(command.length() + 64);
        Quote q = Quote.NONE;
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            int end = placeholderEnd(command, i);
            if (end > 0) {
                String v = "${" + envNames.get(command.substring(i + 1, end)) + "}";
                sb.append(switch (q) {
                    case NONE -> "\"" + v + "\"";
                    case DOUBLE -> v;
                    case SINGLE -> "'\"" + v + "\"'";
                    case ANSI_C -> "'\"" + v + "\"$'";
                });
                i = end + 1;
                continue;
            }
            switch (q) {
                case NONE -> {
                    if (c == '\\' && i + 1 < n) {
                        sb.append(c).append(command.charAt(i + 1));
                        i += 2;
                        continue;
                    }
                    if (c == '#' && (i == 0 || " \t\n;&|(".indexOf(command.charAt(i - 1)) >= 0)) {
                        int nl = command.indexOf('\n', i);
                        int stop = nl < 0 ? n : nl;
                        sb.append(command, i, stop); // a comment: nothing in it runs, nothing in it is replaced
                        i = stop;
                        continue;
                    }
                    if (c == '\'') q = Quote.SINGLE;
                    else if (c == '"') q = Quote.DOUBLE;
                    else if (c == '$' && i + 1 < n && command.charAt(i + 1) == '\'') {
                        sb.append("$'");
                        i += 2;
                        q = Quote.ANSI_C;
                        continue;
                    }
                }
                case SINGLE -> {
                    if (c == '\'') q = Quote.NONE;
                }
                case DOUBLE, ANSI_C -> {
                    if (c == '\\' && i + 1 < n) {
                        sb.append(c).append(command.charAt(i + 1));
                        i += 2;
                        continue;
                    }
                    if (c == (q == Quote.DOUBLE ? '"' : '\'')) q = Quote.NONE;
                }
            }
            sb.append(c);
            i++;
        }
        return sb.toString();
    }

    /** The index of the closing brace when a known placeholder starts at {@code i} (not a {@code ${…}}), else -1. */
    private int placeholderEnd(String text, int i) {
        if (text.charAt(i) != '{' || i > 0 && text.charAt(i - 1) == '$') return -1;
        int end = text.indexOf('}', i);
        return end > i && values.containsKey(text.substring(i + 1, end)) ? end : -1;
    }

    /** {@code plan_dir} → {@code FALSIFY_PH_PLAN_DIR}, {@code port:kv-1} → {@code FALSIFY_PH_PORT_KV_1}; unique. */
    private static String freshEnvName(String name, Set<String> taken) {
        StringBuilder sb = new StringBuilder(ENV_PREFIX);
        for (char c : name.toUpperCase(Locale.ROOT).toCharArray()) {
            sb.append(c < 128 && Character.isLetterOrDigit(c) ? c : '_');
        }
        String base = sb.toString();
        String candidate = base;
        for (int k = 2; taken.contains(candidate); k++) candidate = base + "_" + k;
        return candidate;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Placeholders p && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Placeholders" + values;
    }
}
