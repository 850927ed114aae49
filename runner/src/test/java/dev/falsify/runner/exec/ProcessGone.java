package dev.falsify.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helper: whether processes are gone (absent, or a zombie waiting for init to reap it). */
final class ProcessGone {
    private ProcessGone() {
    }

    static boolean gone(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                String afterName = stat.substring(stat.lastIndexOf(')') + 2);
                return afterName.startsWith("Z") || afterName.startsWith("X");
            } catch (IOException | RuntimeException e) {
                return true;
            }
        }
        return true;
    }

    /** Waits up to {@code ms} for all of them to be gone. */
    static boolean allGone(List<Long> pids, long ms) throws InterruptedException {
        long deadline = System.currentTimeMillis() + ms;
        while (System.currentTimeMillis() < deadline) {
            if (pids.stream().allMatch(ProcessGone::gone)) return true;
            Thread.sleep(50);
        }
        return pids.stream().allMatch(ProcessGone::gone);
    }
}
