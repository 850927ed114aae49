package dev.falsify.runner.nodefaults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Storage fault layers left mounted by a layer that was killed (its mount then answers "Transport endpoint
 * is not connected"): each is named {@code falsify-storage:<pid>}, and one whose pid is gone is unmounted
 * lazily before the next run mounts anything. A live layer (another run's) is never touched.
 */
public final class StaleMounts {
    private static final Pattern SOURCE = Pattern.compile("falsify-storage:(\\d+)");

    private StaleMounts() {
    }

    /** The mount points unmounted. */
    public static List<String> clean() {
        List<String> done = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/self/mountinfo"));
        } catch (IOException e) {
            return done;
        }
        for (String line : lines) {
            int dash = line.indexOf(" - ");
            if (dash < 0) continue;
            String[] tail = line.substring(dash + 3).split(" ");
            if (tail.length < 2) continue;
            Matcher m = SOURCE.matcher(tail[1]);
            if (!m.matches() || ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false)) continue;
            String mountPoint = line.split(" ")[4].replace("\\040", " ");
            if (unmount(mountPoint)) done.add(mountPoint);
        }
        return done;
    }

    private static boolean unmount(String mountPoint) {
        for (List<String> cmd : List.of(List.of("fusermount3", "-u", "-z", mountPoint), List.of("umount", "-l", mountPoint))) {
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) return true;
            } catch (IOException e) {
                // try the next way
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }
}
