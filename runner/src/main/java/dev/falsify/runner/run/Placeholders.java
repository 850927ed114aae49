package dev.falsify.runner.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run-block placeholders of plan-format.md for one run of one seed: {@code {session}},
 * {@code {artifacts}}, {@code {logs}}, {@code {seed}}, {@code {scenario}}, {@code {plan_dir}}, and the
 * {@code {port:NAME}} values a seed run allocated (added with {@link #with}).
 * Anything else in braces (shell {@code ${VAR}} expansions included) is left alone.
 */
public record Placeholders(Map<String, String> values) {
    public Placeholders {
        values = Map.copyOf(values);
    }

    public static Placeholders of(Path session, Path artifacts, Path logs, long seed, String scenario, Path planDir) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("session", session.toAbsolutePath().toString());
        m.put("artifacts", artifacts.toAbsolutePath().toString());
        m.put("logs", logs.toAbsolutePath().toString());
        m.put("seed", Long.toString(seed));
        m.put("scenario", scenario);
        m.put("plan_dir", planDir.toAbsolutePath().toString());
        return new Placeholders(m);
    }

    /** These values plus {@code more} (e.g. the {@code port:NAME} values of a seed's {@link PortAllocation}). */
    public Placeholders with(Map<String, String> more) {
        Map<String, String> m = new LinkedHashMap<>(values);
        m.putAll(more);
        return new Placeholders(m);
    }

    public String apply(String text) {
        if (text == null || text.indexOf('{') < 0) return text;
        StringBuilder sb = new StringBuilder(text.length() + 64);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '{' && (i == 0 || text.charAt(i - 1) != '$')) {
                int end = text.indexOf('}', i);
                if (end > i) {
                    String v = values.get(text.substring(i + 1, end));
                    if (v != null) {
                        sb.append(v);
                        i = end + 1;
                        continue;
                    }
                }
            }
            sb.append(c);
            i++;
        }
        return sb.toString();
    }
}
