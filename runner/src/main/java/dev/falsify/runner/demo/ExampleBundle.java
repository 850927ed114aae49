package dev.falsify.runner.demo;

import dev.falsify.model.session.WorkspaceLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

/**
 * The example system (examples/replicated-kv: sources, build script, launcher and plan) as bundled in
 * the jar, so {@code falsify demo} works from the jar alone. The demo always builds and runs a fresh
 * private copy ({@link #forDemo}); when the current directory is a Falsify checkout whose copy is
 * identical to the bundled one, that checkout's commit becomes the commit under test.
 */
public final class ExampleBundle {
    /** Resource folder inside the jar. */
    public static final String RESOURCE_ROOT = "falsify/examples/replicated-kv/";
    /** Every file of the example except dotfiles, relative to its folder. ExampleBundleTest keeps this list honest. */
    public static final List<String> FILES = List.of("README.md", "build.sh", "kv",
            WorkspaceLayout.PLANS + "/replicated-kv.md", WorkspaceLayout.PLANS + "/replicated-kv-cluster.md",
            "src/kv/Args.java", "src/kv/Dump.java", "src/kv/KvNode.java", "src/kv/Wal.java", "src/kv/Workload.java");
    public static final String PLAN = WorkspaceLayout.PLANS + "/replicated-kv.md";
    /** The same store as three netns nodes (needs root: runner.cluster). */
    public static final String CLUSTER_PLAN = WorkspaceLayout.PLANS + "/replicated-kv-cluster.md";
    private static final List<String> EXECUTABLE = List.of("build.sh", "kv");

    private ExampleBundle() {
    }

    /**
     * The example folder of a Falsify checkout at or above {@code cwd}, if there is one whose files
     * are byte for byte the ones bundled in this build. Only its commit is used (as the demo's commit under
     * test): a folder that merely looks like it (any repository can hold an {@code examples/replicated-kv})
     * is not Falsify's, so a copy that differs is not named; and even an identical one is never built or
     * run, since files beside the listed ones may be anything ({@link #forDemo}).
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

    /**
     * Copies the bundled example into {@code target}, a folder that must not exist yet (it is created), and
     * returns it. Never into an existing folder: files someone placed there before (an annotation processor
     * javac would load, a build stamp with classes beside it) would be built or run with the example.
     */
    public static Path extract(Path target) throws IOException {
        Path parent = target.toAbsolutePath().normalize().getParent();
        if (parent != null) Files.createDirectories(parent);
        try {
            Files.createDirectory(target);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new IOException(target + " already exists; the example is extracted only into a new folder", e);
        }
        for (String f : FILES) {
            try (InputStream in = ExampleBundle.class.getClassLoader().getResourceAsStream(RESOURCE_ROOT + f)) {
                if (in == null) throw new IOException("the example file " + f + " is missing from this build of Falsify");
                Path out = target.resolve(f);
                Files.createDirectories(out.getParent());
                Files.copy(in, out); // no REPLACE_EXISTING: the folder is new, so nothing can be there already
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

    /**
     * The example {@code falsify demo} runs, and where its commit under test comes from.
     *
     * @param example  the fresh private copy the demo builds and runs ({@code <out>/demo-XXXX/replicated-kv})
     * @param checkout the Falsify checkout's identical copy at or above the working directory, if there is
     *                 one: the commit under test is that checkout's, since its files are exactly the ones run
     */
    public record DemoExample(Path example, Optional<Path> checkout) {
    }

    /**
     * Copies the bundled example into a fresh private folder under {@code out} — created by this call with
     * owner-only permissions under a random name, never a path that existed before — and returns it. The demo
     * runs its example without asking because the files are Falsify's own; so it never builds in a folder where
     * someone else's files may sit beside them: not in a checkout (whose example folder may hold anything
     * besides the listed files), not in an output folder extracted into earlier. {@code build.sh} then compiles
     * with annotation processing off and an explicit class path inside that folder.
     *
     * @throws IOException {@code out} cannot be created, or is a folder other users could swap the private
     *                     folder out of (writable by others without the sticky bit, or owned by another user)
     */
    public static DemoExample forDemo(Path cwd, Path out) throws IOException {
        Optional<Path> checkout = inCheckout(cwd);
        Files.createDirectories(out);
        Path dir;
        try {
            dir = Files.createTempDirectory(out, "demo-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            dir = Files.createTempDirectory(out, "demo-"); // not POSIX (Windows): the folder's ACLs are inherited
        }
        try {
            refuseSharedParent(out, dir);
            return new DemoExample(extract(dir.resolve("replicated-kv")), checkout);
        } catch (IOException | RuntimeException e) {
            deleteTree(dir);
            throw e;
        }
    }

    /**
     * The private folder is only as private as its parent: whoever may rename entries of {@code out} could swap
     * the folder for one of their own between its creation and the build.
     */
    private static void refuseSharedParent(Path out, Path mine) throws IOException {
        java.nio.file.attribute.PosixFileAttributes a;
        try {
            a = Files.readAttributes(out, java.nio.file.attribute.PosixFileAttributes.class);
        } catch (UnsupportedOperationException e) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> p = a.permissions();
        boolean sticky = stickyBit(out);
        if (p.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE) && !sticky) {
            throw new IOException(out + " is writable by every user; give --out a folder only you can write to");
        }
        java.nio.file.attribute.UserPrincipal me = Files.getOwner(mine);
        if (!a.owner().equals(me) && !sticky) {
            throw new IOException(out + " belongs to " + a.owner().getName() + ", not to " + me.getName()
                    + "; give --out a folder of your own");
        }
    }

    private static boolean stickyBit(Path dir) {
        try {
            Object mode = Files.getAttribute(dir, "unix:mode");
            return mode instanceof Integer m && (m & 01000) != 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException | java.io.UncheckedIOException e) {
            // a folder of our own left behind: harmless, and the error that got us here matters more
        }
    }
}
