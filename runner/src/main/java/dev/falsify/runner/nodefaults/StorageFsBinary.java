package dev.falsify.runner.nodefaults;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The storage fault layer's program: {@code falsify-storagefs.c} (a resource of this package) compiled
 * against libfuse 3 once per machine into the user's cache, named by the source's hash so an edited
 * source is never run stale. A C program rather than a Java binding: jnr-fuse binds libfuse 2 only, and a
 * separate process unmounts itself when the runner dies (its stdin closes), which an in-JVM mount cannot.
 * {@code FALSIFY_STORAGEFS} names a prebuilt binary instead.
 */
public final class StorageFsBinary {
    public static final String OVERRIDE = "FALSIFY_STORAGEFS";
    private static final String SOURCE = "falsify-storagefs.c";

    private StorageFsBinary() {
    }

    /** The program, built when needed; an {@link IOException} says exactly what is missing. */
    public static synchronized Path get() throws IOException {
        String o = System.getenv(OVERRIDE);
        if (o != null && !o.isBlank()) {
            Path p = Path.of(o);
            if (!Files.isExecutable(p)) throw new IOException(OVERRIDE + "=" + o + " is not an executable file");
            return p;
        }
        if (!Files.exists(Path.of("/dev/fuse"))) throw new IOException("/dev/fuse is missing (no FUSE in this kernel or container)");
        byte[] source;
        try (InputStream in = StorageFsBinary.class.getResourceAsStream(SOURCE)) {
            if (in == null) throw new IOException("the runner jar lacks " + SOURCE);
            source = in.readAllBytes();
        }
        Path dir = cacheDir();
        Path bin = dir.resolve("falsify-storagefs-" + hash(source));
        if (Files.isExecutable(bin)) return bin;
        Files.createDirectories(dir);
        Path src = Files.createTempFile(dir, "storagefs-", ".c");
        Path tmp = dir.resolve(bin.getFileName() + ".tmp" + ProcessHandle.current().pid());
        try {
            Files.write(src, source);
            String flags = run(List.of("pkg-config", "--cflags", "--libs", "fuse3"),
                    "pkg-config cannot find fuse3 (Debian: apt-get install fuse3 libfuse3-dev pkg-config)");
            List<String> cmd = new java.util.ArrayList<>(List.of("cc", "-O2", "-o", tmp.toString(), src.toString()));
            cmd.addAll(List.of(flags.strip().split("\\s+")));
            run(cmd, "the C compiler could not build the storage fault layer (Debian: apt-get install gcc libfuse3-dev)");
            Files.move(tmp, bin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return bin;
        } finally {
            Files.deleteIfExists(src);
            Files.deleteIfExists(tmp);
        }
    }

    private static Path cacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("falsify");
    }

    private static String run(List<String> cmd, String why) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(why + ": " + cmd.get(0) + " not found");
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(why + ": " + cmd.get(0) + " did not finish in 120 s");
            }
            if (p.exitValue() != 0) throw new IOException(why + ": " + out.strip().lines().limit(5).reduce((a, b) -> a + " | " + b).orElse(""));
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while building the storage fault layer");
        }
    }

    private static String hash(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
