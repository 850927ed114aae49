package dev.falsify.model.session;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a session ran under, as far as a verdict depends on it: the environment and seeded flags it set, the
 * seed it was pinned to, and the plan (its fingerprint or version). Two sessions whose configurations differ
 * are different experiments: a verdict that changes between them is not a flake. The commit under test is not
 * part of it: code changes between runs are what a history is kept for, and a flip across them still counts.
 *
 * <p>Read from the session log's header lines: Falsify writes {@code **Environment:**}, {@code **Seed:**} (only
 * when one was pinned) and {@code **Plan fingerprint:**}; the names authors use for the same things are read
 * too (Env, Configuration, Flags, Feature flags, Seeded bug(s), Bug switch, Profile; Plan version, Plan sha).
 *
 * @param facets facet name ({@code environment}, {@code seed}, {@code plan}) → value, one line each; a value
 *               that says "none" is no facet
 */
public record RunConfiguration(Map<String, String> facets) {
    public static final String ENVIRONMENT = "environment";
    public static final String SEED = "seed";
    public static final String PLAN = "plan";

    /** Header labels (lower case) → facet. Several labels of one facet are joined. */
    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("environment", ENVIRONMENT), Map.entry("env", ENVIRONMENT), Map.entry("environment variables", ENVIRONMENT),
            Map.entry("run configuration", ENVIRONMENT), Map.entry("configuration", ENVIRONMENT), Map.entry("config", ENVIRONMENT),
            Map.entry("flags", ENVIRONMENT), Map.entry("feature flags", ENVIRONMENT), Map.entry("seeded flags", ENVIRONMENT),
            Map.entry("seeded bug", ENVIRONMENT), Map.entry("seeded bugs", ENVIRONMENT), Map.entry("bug switch", ENVIRONMENT),
            Map.entry("bugs", ENVIRONMENT), Map.entry("profile", ENVIRONMENT),
            Map.entry("seed", SEED), Map.entry("seeds", SEED),
            Map.entry("plan fingerprint", PLAN), Map.entry("plan version", PLAN), Map.entry("plan sha", PLAN),
            Map.entry("plan sha256", PLAN), Map.entry("plan digest", PLAN), Map.entry("plan revision", PLAN));

    public RunConfiguration {
        facets = java.util.Collections.unmodifiableMap(new TreeMap<>(facets));
    }

    /** The configuration the header lines of a session log record. */
    public static RunConfiguration of(SessionHeader header) {
        Map<String, String> out = new TreeMap<>();
        header.other().forEach((label, value) -> {
            String facet = LABELS.get(label.strip().toLowerCase(Locale.ROOT));
            String v = normalise(value);
            if (facet != null && !v.isEmpty()) {
                out.merge(facet, v, (a, b) -> a + "; " + b);
            }
        });
        return new RunConfiguration(out);
    }

    /** The configuration a {@link #key()} was made from. */
    public static RunConfiguration fromKey(String key) {
        Map<String, String> out = new TreeMap<>();
        if (key != null) {
            for (String line : key.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) out.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return new RunConfiguration(out);
    }

    /** One line per facet, {@code name=value}, sorted: what the session store keeps. Empty when nothing is recorded. */
    public String key() {
        StringBuilder b = new StringBuilder();
        facets.forEach((k, v) -> b.append(b.length() == 0 ? "" : "\n").append(k).append('=').append(v));
        return b.toString();
    }

    /**
     * The same experiment as far as the records tell: every facet both record is equal; an environment or seed
     * only one of them records differs (a session that records none ran without); a plan fingerprint only one
     * of them records is not compared (sessions from before fingerprints were written).
     */
    public boolean sameAs(RunConfiguration other) {
        return differences(other).isEmpty();
    }

    /** What differs, one phrase per facet: {@code environment: none → KV_BUG=stale-reads}. */
    public List<String> differences(RunConfiguration other) {
        List<String> out = new ArrayList<>();
        java.util.Set<String> names = new java.util.TreeSet<>(facets.keySet());
        names.addAll(other.facets.keySet());
        for (String f : names) {
            String mine = facets.get(f);
            String theirs = other.facets.get(f);
            if (PLAN.equals(f) && (mine == null || theirs == null)) {
                continue;
            }
            if (!java.util.Objects.equals(mine, theirs)) {
                out.add(f + ": " + (mine == null ? "none" : mine) + " \u2192 " + (theirs == null ? "none" : theirs));
            }
        }
        return out;
    }

    /** {@code environment KV_BUG=…; plan sha256:…}, or {@code as recorded: none} when nothing is recorded. */
    public String describe() {
        if (facets.isEmpty()) {
            return "none recorded";
        }
        List<String> parts = new ArrayList<>();
        facets.forEach((k, v) -> parts.add(k + " " + v));
        return String.join("; ", parts);
    }

    /**
     * The header value for an environment Falsify set: {@code KEY=value} pairs sorted by key, a value whose key
     * looks like a secret (TOKEN, SECRET, PASSWORD, KEY, CREDENTIAL) replaced by the start of its SHA-256 (two
     * runs with the same secret still compare equal), {@code none} for an empty environment.
     */
    public static String environmentLine(Map<String, String> env) {
        if (env == null || env.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        new TreeMap<>(env).forEach((k, v) -> parts.add(k + "=" + (k.matches("(?i).*(token|secret|passw(or)?d|credential|api_?key|"
                + "private_?key).*") ? "sha256:" + sha256(v).substring(0, 12) : v)));
        return String.join(" ", parts);
    }

    /** {@code sha256:<first 16 hex>} of a plan's text: the same plan file gives the same fingerprint. */
    public static String fingerprint(String planText) {
        return "sha256:" + sha256(planText.replace("\r\n", "\n")).substring(0, 16);
    }

    private static String normalise(String value) {
        // one line (the store keeps a facet per line), every kind of white space one space
        String v = SessionLogFormat.unwrap(value == null ? "" : value).replaceAll("[\\s\\u0085\\u2028\\u2029]+", " ").strip();
        return v.matches("(?i)[\\W_]*+(?:none|n/a|na|no|off|default|-)?[\\W_]*+") ? "" : v;
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
