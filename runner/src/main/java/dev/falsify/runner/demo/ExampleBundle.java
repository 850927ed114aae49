package dev.falsify.runner.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

/**
 * The example system (examples/replicated-kv: sources, build script, launcher and plan) as bundled in
 * the jar, so {@code falsify demo} works from the jar alone. When the current directory is a Falsify
 * checkout whose copy is identical to the bundled one, the checkout's copy is used instead (its
 * commit then becomes the commit under test).
 */
public final class ExampleBundle {
    /** Resource folder inside the jar. */
    public static final String RESOURCE_ROOT = "falsify/examples/replicated-kv/";
    /** Every file of the example except dotfiles, relative to its folder. ExampleBundleTest keeps this list honest. */
    public static final List<String> FILES = List.of("README.md", "build.sh", "kv",
            "docs/testing-plans/replicated-kv.md", "src/kv/Args.java", "src/kv/Dump.java", "src/kv/KvNode.java",
            "src/kv/Wal.java", "src/kv/Workload.java");
    public static final String PLAN = "docs/testing-plans/replicated-kv.md";
    private static final List<String> EXECUTABLE = List.of("build.sh", "kv");

    private ExampleBundle() {
    }

    /**
     * The example folder of a Falsify checkout at or above {@code cwd}, if there is one whose files
     * are byte for byte the ones bundled in this build. {@code falsify demo} runs the example without
     * asking for trust because it is Falsify's own; a folder that merely looks like it (any repository
     * can hold an {@code examples/replicated-kv}) is not, so a copy that differs is not used.
     */
    public static Optional<Path> inCheckout(Path cwd) {
        for (Path p = cwd.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            Path ex = p.resolve("examples/replicated-kv");
            if (Files.isRegularFile(ex.resolve(PLAN)) && Files.isRegularFile(ex.resolve("src/kv/KvNode.java"))) {
                return sameAsBundled(ex) ? Optional.of(ex) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Every bundled file is present in {@code ex} with the same bytes. */
    static boolean sameAsBundled(Path ex) {
        for (String f : FILES) {
            try (InputStream in = ExampleBundle.class.getClassLoader().getResourceAsStream(RESOURCE_ROOT + f)) {
                if (in == null || !Files.isRegularFile(ex.resolve(f))
                        || !java.util.Arrays.equals(in.readAllBytes(), Files.readAllBytes(ex.resolve(f)))) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    /** Copies the bundled example into {@code target} (created if needed) and returns it. */
    public static Path extract(Path target) throws IOException {
        Files.createDirectories(target);
        for (String f : FILES) {
            try (InputStream in = ExampleBundle.class.getClassLoader().getResourceAsStream(RESOURCE_ROOT + f)) {
                if (in == null) throw new IOException("the example file " + f + " is missing from this build of Falsify");
                Path out = target.resolve(f);
                Files.createDirectories(out.getParent());
                Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                if (EXECUTABLE.contains(f)) {
                    try {
                        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
                    } catch (UnsupportedOperationException e) {
                        out.toFile().setExecutable(true);
                    }
                }
            }
        }
        return target;
    }
}
