package dev.falsify.runner.nodefaults;

import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One service's clock: the timestamp file its processes read through libfaketime, and the two landing
 * readings — the offset a process on that clock observes (a probe started with the service's clock
 * environment, compared with the host's clock read around it) and whether each of the service's processes
 * has libfaketime mapped (a statically linked program does not, and its clock cannot be faulted).
 */
public final class ClockControl {
    private final String service;
    private final Path library;
    private final Path file;
    private volatile long offsetMs;

    ClockControl(String service, Path library, Path file) throws IOException {
        this.service = service;
        this.library = library;
        this.file = file;
        Files.createDirectories(file.getParent());
        set(0);
    }

    public String service() {
        return service;
    }

    public Path file() {
        return file;
    }

    /** The environment the service is started with. */
    public Map<String, String> environment(String existingPreload) {
        return Libfaketime.environment(library, file, existingPreload);
    }

    /** Sets the offset, atomically (a reader sees the old or the new text, never half of it). */
    public synchronized void set(long ms) throws IOException {
        AtomicFiles.write(file, Libfaketime.offsetText(ms) + "\n");
        offsetMs = ms;
    }

    public long offsetMs() {
        return offsetMs;
    }

    /**
     * The offset a process on this clock sees now: {@code date +%s%N} under the service's environment,
     * minus the host's clock at the midpoint of the probe; null when the probe could not run. The probe's clock
     * read happens between the two host reads, so the true offset is within {@link Offset#uncertaintyMs()}.
     */
    public Offset observedOffset() {
        try {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.putAll(environment(null));
            ProcessBuilder pb = new ProcessBuilder("date", "+%s%N").redirectErrorStream(true);
            pb.environment().clear();
            pb.environment().putAll(env);
            long before = System.currentTimeMillis();
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
            long after = System.currentTimeMillis();
            long seen = Long.parseLong(out) / 1_000_000L;
            return new Offset(seen - (before + after) / 2, (after - before + 1) / 2 + 1);
        } catch (IOException | NumberFormatException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Each live process of the tree rooted at {@code pid}, and whether libfaketime is mapped into it. */
    public static List<Mapped> mapped(long pid) {
        List<Mapped> out = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(root -> {
            out.add(mappedOne(root));
            root.descendants().forEach(h -> out.add(mappedOne(h)));
        });
        out.removeIf(m -> m.command == null);
        return out;
    }

    private static Mapped mappedOne(ProcessHandle h) {
        try {
            String maps = Files.readString(Path.of("/proc", Long.toString(h.pid()), "maps"), StandardCharsets.ISO_8859_1);
            String exe = h.info().command().orElse("?");
            return new Mapped(h.pid(), exe, maps.contains("libfaketime"));
        } catch (IOException | RuntimeException e) {
            return new Mapped(h.pid(), null, false); // ended meanwhile
        }
    }

    /** An observed offset, exact to within {@code uncertaintyMs} either way. */
    public record Offset(long ms, long uncertaintyMs) {
        public boolean near(long expectedMs, long slackMs) {
            return Math.abs(ms - expectedMs) <= uncertaintyMs + slackMs;
        }

        @Override
        public String toString() {
            return (ms >= 0 ? "+" : "") + ms + " ms (±" + uncertaintyMs + ")";
        }
    }

    /** One process of a service and whether its clock is the faulted one. */
    public record Mapped(long pid, String command, boolean libfaketime) {
        @Override
        public String toString() {
            return "pid " + pid + " " + Path.of(command).getFileName() + (libfaketime ? "" : " (libfaketime not loaded: static or cleared LD_PRELOAD)");
        }
    }
}
