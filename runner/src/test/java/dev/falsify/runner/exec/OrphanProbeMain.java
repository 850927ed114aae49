package dev.falsify.runner.exec;

import dev.falsify.runner.events.EventBus;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stand-in for the runner JVM in {@link NoOrphansTest}: starts two service trees, prints
 * {@code PIDS <pid> …} with every process in them, then waits to be killed. Logs go to the folder
 * given as the first argument.
 */
public final class OrphanProbeMain {
    public static void main(String[] args) throws Exception {
        // the caller's folder: this JVM is killed, so a temp folder of its own would stay behind
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        EventBus bus = new EventBus();
        ManagedProcess a = ManagedProcess.start(ProcessSpec.of("a", "sleep 120 & sleep 120; wait", dir, dir), bus, "S");
        ManagedProcess b = ManagedProcess.start(ProcessSpec.of("b", "trap '' TERM; (sleep 120) & sleep 120", dir, dir), bus, "S");
        Thread.sleep(400);
        StringBuilder sb = new StringBuilder("PIDS");
        for (ManagedProcess p : new ManagedProcess[]{a, b}) {
            sb.append(' ').append(p.pid());
            ProcessHandle.of(p.pid()).ifPresent(h -> h.descendants().forEach(d -> sb.append(' ').append(d.pid())));
        }
        System.out.println(sb);
        System.out.flush();
        Thread.sleep(120_000);
    }
}
