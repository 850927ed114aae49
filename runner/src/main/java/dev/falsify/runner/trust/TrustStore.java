package dev.falsify.runner.trust;

import dev.falsify.model.io.AtomicFiles;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which plans the user has allowed to run commands. A plan's run blocks are shell commands, so
 * nothing from a plan executes until it is trusted. Trust is recorded per plan (keyed on its real
 * path) with its fingerprint — the {@link PlanCommands} lines of the snapshot the user saw — and the
 * plan is trusted exactly when its fingerprint now is the same list: an edit that changes no line
 * (prose) keeps the trust, any other change (a command, a cwd, an env variable, a probe, their order)
 * asks again. The content hash is kept for the record only; it never grants trust.
 *
 * <p>Stored as JSON at {@code $FALSIFY_TRUST_FILE}, else {@code $XDG_CONFIG_HOME/falsify/trust.json},
 * else {@code ~/.config/falsify/trust.json}; written atomically. Several Falsify processes may grant trust at
 * once (parallel {@code falsify run --trust} in CI): a grant re-reads the file and writes it back under an
 * exclusive lock on a lock file beside it ({@code .trust.json.lock}), so no grant is lost to another's
 * read-modify-write.
 */
public final class TrustStore {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private final Path file;

    public TrustStore(Path file) {
        this.file = file;
    }

    public static TrustStore defaultStore() {
        String explicit = System.getenv("FALSIFY_TRUST_FILE");
        if (explicit != null && !explicit.isBlank()) return new TrustStore(Path.of(explicit));
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return new TrustStore(base.resolve("falsify").resolve("trust.json"));
    }

    public Path file() {
        return file;
    }

    /**
     * A stored grant.
     *
     * @param commands the fingerprint lines trusted ({@link PlanCommands#of})
     */
    public record Grant(String plan, String folder, String contentSha256, List<String> commands, String trustedAt) {
        public Grant {
            commands = List.copyOf(commands);
        }
    }

    /** What the store says about a plan as it is now. */
    public sealed interface Decision {
        /** Trusted: the fingerprint is the one trusted (only prose changed, if anything). */
        record Trusted(Grant grant) implements Decision {
        }

        /** Never trusted. */
        record Unknown() implements Decision {
        }

        /**
         * Trusted before, but the fingerprint changed: these lines are new or edited, these are gone
         * (when only the order changed, the whole new list is "added" and the old one "removed").
         */
        record CommandsChanged(List<String> added, List<String> removed) implements Decision {
            public CommandsChanged {
                added = List.copyOf(added);
                removed = List.copyOf(removed);
            }
        }
    }

    /** What the store says about this snapshot and its fingerprint. */
    public Decision check(PlanSnapshot plan, List<String> fingerprint) throws IOException {
        return check(plan.realPath(), plan.text(), fingerprint);
    }

    public Decision check(Path plan, String content, List<String> commands) throws IOException {
        Grant g = load().get(key(plan));
        if (g == null) return new Decision.Unknown();
        if (g.commands().equals(commands)) return new Decision.Trusted(g);
        List<String> added = minus(commands, g.commands());
        List<String> removed = minus(g.commands(), commands);
        if (added.isEmpty() && removed.isEmpty()) return new Decision.CommandsChanged(commands, g.commands()); // reordered
        return new Decision.CommandsChanged(added, removed);
    }

    /** {@code a} without the lines of {@code b}, counting repeats (a command written twice runs twice). */
    private static List<String> minus(List<String> a, List<String> b) {
        Map<String, Integer> left = new HashMap<>();
        for (String s : b) left.merge(s, 1, Integer::sum);
        List<String> out = new ArrayList<>();
        for (String s : a) {
            Integer n = left.get(s);
            if (n != null && n > 0) left.put(s, n - 1);
            else out.add(s);
        }
        return out;
    }

    /** Records (or refreshes) trust in this snapshot as it is. */
    public Grant trust(PlanSnapshot plan, List<String> fingerprint) throws IOException {
        return trust(plan.realPath(), plan.text(), fingerprint);
    }

    /**
     * Records (or refreshes) trust in the plan as it is now: the file is re-read, changed and replaced
     * while this process holds the store's lock, so a grant another process made meanwhile is kept.
     */
    public Grant trust(Path plan, String content, List<String> commands) throws IOException {
        Path real = Path.of(key(plan));
        Grant g = new Grant(real.toString(), real.getParent() == null ? "/" : real.getParent().toString(), sha256(content),
                commands, Instant.now().toString());
        underLock(() -> {
            Map<String, Grant> all = load();
            all.put(g.plan(), g);
            save(all);
        });
        return g;
    }

    private interface Update {
        void run() throws IOException;
    }

    /** One lock object per store file in this JVM: a JVM may hold a file lock only once, so its threads queue here first. */
    private static final java.util.concurrent.ConcurrentHashMap<Path, Object> IN_PROCESS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Runs {@code update} holding an exclusive lock on {@code .trust.json.lock} beside the store. The lock is on
     * a file of its own because the store itself is replaced by a rename, and a lock on a replaced file
     * guards nothing. The lock file is never deleted (deleting it would let two processes lock two files).
     */
    private void underLock(Update update) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path lockFile = dir.resolve("." + abs.getFileName() + ".lock");
        synchronized (IN_PROCESS.computeIfAbsent(abs, k -> new Object())) {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(lockFile,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                 java.nio.channels.FileLock ignored = ch.lock()) {
                update.run();
            }
        }
    }

    private static String key(Path plan) {
        Path abs = plan.toAbsolutePath().normalize();
        try {
            abs = abs.toRealPath();
        } catch (IOException e) {
            // not on disk (tests, previews): the normalized path is the key
        }
        return abs.toString();
    }

    private Map<String, Grant> load() throws IOException {
        if (!Files.exists(file)) return new TreeMap<>();
        try {
            Stored s = JSON.readValue(file.toFile(), Stored.class);
            Map<String, Grant> m = new TreeMap<>();
            if (s.grants() != null) for (Grant g : s.grants()) m.put(g.plan(), g);
            return m;
        } catch (IOException e) {
            throw new IOException(file + ": the trust store is not readable JSON (" + e.getMessage()
                    + "); fix or delete it to trust plans again", e);
        }
    }

    private void save(Map<String, Grant> all) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(new Stored(1, new ArrayList<>(all.values()))));
    }

    private record Stored(int version, List<Grant> grants) {
    }

    public static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
