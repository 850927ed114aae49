package dev.falsify.runner.nodefaults;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.verdict.LandingReading;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;

/**
 * One storage fault on a mounted data directory. A window kind (disk-full, eio, slow-io, corrupt-reads)
 * landed when the layer counted at least one operation it failed, delayed or corrupted for the service
 * during the window (disk-full also needs the directory's free space to read 0); lose-unsynced-writes
 * landed when the service died by SIGKILL and the layer rolled back every unsynced file (bytes dropped
 * and files affected are the evidence; 0 bytes is a valid outcome for a store that syncs).
 */
final class StorageFaultRun {
    private final StorageFs fs;
    private final RunSpec.StorageAction a;
    private final long forMs;
    private final NodeFaultHooks.Sink sink;
    private final NodeFaultHooks.Window window;
    private final NodeFaultHooks.Services services;

    StorageFaultRun(StorageFs fs, RunSpec.StorageAction a, long forMs, NodeFaultHooks.Sink sink, NodeFaultHooks.Window window,
                    NodeFaultHooks.Services services) {
        this.fs = fs;
        this.a = a;
        this.forMs = forMs;
        this.sink = sink;
        this.window = window;
        this.services = services;
    }

    void run() throws IOException, InterruptedException {
        if (a.kind().equals("lose-unsynced-writes")) {
            crash();
            return;
        }
        String mode = switch (a.kind()) {
            case "disk-full" -> "full";
            case "eio" -> "eio";
            case "slow-io" -> "slow " + a.delayMs();
            default -> "corrupt";
        };
        long start = System.nanoTime(); // the window is the plan's, whatever the layer's answers cost
        StorageFs.Counters before = fs.stats();
        fs.mode(mode);
        sink.injected("storage " + a.kind(), fs.dir().toString());
        String free = "";
        if (a.kind().equals("disk-full")) free = Long.toString(Files.getFileStore(fs.dir()).getUsableSpace());
        window.waitUntil(start + forMs * 1_000_000L);
        StorageFs.Counters after = fs.mode("normal");
        sink.healed("layer back to pass-through");
        long count;
        String signal;
        switch (a.kind()) {
            case "disk-full" -> {
                count = after.enospc() - before.enospc();
                signal = "operations failed with ENOSPC";
            }
            case "eio" -> {
                count = after.eio() - before.eio();
                signal = "operations failed with EIO";
            }
            case "slow-io" -> {
                count = after.delayed() - before.delayed();
                signal = "operations delayed " + a.delayMs() + " ms";
            }
            default -> {
                count = after.corruptedReads() - before.corruptedReads();
                signal = "reads returned with a bit flipped";
            }
        }
        boolean freeZero = !a.kind().equals("disk-full") || "0".equals(free);
        if (a.kind().equals("disk-full")) {
            sink.reading(new LandingReading(now(), "usable bytes on " + fs.dir().getFileName() + " (statfs)", "", free, "0", freeZero));
        }
        sink.reading(new LandingReading(now(), a.service() + " " + signal, "0", Long.toString(count), "> 0", count > 0));
        sink.concluded(count > 0 && freeZero, count + " " + signal + " on " + fs.dir().getFileName() + " ("
                + (after.ops() - before.ops()) + " operations in the window)");
    }

    private void crash() throws IOException, InterruptedException {
        StorageFs.Counters before = fs.stats();
        long pid = services.pid(a.service());
        if (pid < 0) {
            sink.notInjected("service " + a.service() + " is not running");
            return;
        }
        long start = System.nanoTime();
        String exit = services.kill(a.service());
        StorageFs.Counters after = fs.lose();
        sink.injected("storage lose-unsynced-writes", a.service() + " pid " + pid + " SIGKILL; unsynced writes dropped");
        boolean died = !exit.isEmpty();
        long dropped = after.droppedBytes() - before.droppedBytes();
        long files = after.filesRolledBack() - before.filesRolledBack();
        long removed = after.filesRemoved() - before.filesRemoved();
        boolean complete = after.undoOverflow() == before.undoOverflow();
        sink.reading(new LandingReading(now(), a.service() + " exit (pid " + pid + ")", "running", died ? exit : "did not end",
                "ended by SIGKILL", died));
        sink.reading(new LandingReading(now(), "unsynced bytes dropped / files rolled back / never-synced files removed",
                before.unsyncedBytes() + " B unsynced in " + before.unsyncedFiles() + " files",
                dropped + " B / " + files + " / " + removed, "every unsynced file rolled back", complete));
        String restart = "";
        boolean restarted = true;
        if (a.restart()) {
            window.waitUntil(start + forMs * 1_000_000L);
            String why = services.restart(a.service());
            restarted = why.isEmpty();
            restart = restarted ? "; restarted as pid " + services.pid(a.service()) : "; restart failed: " + why;
            sink.reading(new LandingReading(now(), a.service() + " restart", "pid " + pid,
                    restarted ? "pid " + services.pid(a.service()) : why, "ready again", restarted));
        }
        sink.healed(restart.isEmpty() ? "" : restart.substring(2));
        sink.concluded(died && complete && restarted, a.service() + " crashed (" + exit + "): " + dropped + " unsynced bytes in "
                + files + " files dropped, " + removed + " never-synced files removed"
                + (complete ? "" : "; the layer's undo memory overflowed, the rollback is partial") + restart);
    }

    private static String now() {
        return Instant.now().toString();
    }
}
