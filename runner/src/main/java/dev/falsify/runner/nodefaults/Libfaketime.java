package dev.falsify.runner.nodefaults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where libfaketime is and the environment that puts a process (and what it starts) on a clock the runner
 * controls through a timestamp file. The MT build is preferred: services are mostly multi-threaded.
 * {@code FAKETIME_NO_CACHE} makes every clock read see the file's current offset, so a jump lands mid-run
 * at the instant it is written (at the price of a file read per clock call).
 */
public final class Libfaketime {
    /** Set to use another build (a path to libfaketime*.so*). */
    public static final String OVERRIDE = "FALSIFY_LIBFAKETIME";
    private static final List<String> CANDIDATES = List.of(
            "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
            "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
            "/usr/lib/faketime/libfaketimeMT.so.1", "/usr/lib/faketime/libfaketime.so.1",
            "/usr/local/lib/faketime/libfaketimeMT.so.1", "/usr/local/lib/faketime/libfaketime.so.1");

    private Libfaketime() {
    }

    /** The library, or empty when this machine has none (Debian: {@code apt-get install faketime}). */
    public static Optional<Path> find() {
        String o = System.getenv(OVERRIDE);
        if (o != null && !o.isBlank()) return Files.isReadable(Path.of(o)) ? Optional.of(Path.of(o)) : Optional.empty();
        for (String c : CANDIDATES) if (Files.isReadable(Path.of(c))) return Optional.of(Path.of(c));
        return Optional.empty();
    }

    /** The variables that put a process on the clock of {@code timestampFile}; an existing LD_PRELOAD is kept after it. */
    public static Map<String, String> environment(Path library, Path timestampFile, String existingPreload) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("LD_PRELOAD", library + (existingPreload == null || existingPreload.isBlank() ? "" : " " + existingPreload));
        env.put("FAKETIME_TIMESTAMP_FILE", timestampFile.toString());
        env.put("FAKETIME_NO_CACHE", "1");
        env.put("FAKETIME_DONT_RESET", "1");
        return env;
    }

    /** The timestamp-file text of an offset: {@code +1.500}, {@code -30.000} (libfaketime reads fractional seconds). */
    public static String offsetText(long offsetMs) {
        long abs = Math.abs(offsetMs);
        return (offsetMs < 0 ? "-" : "+") + abs / 1000 + "." + String.format("%03d", abs % 1000);
    }
}
