package dev.falsify.runner.faults;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A short-lived shell command (landing probe, inject/heal command, capability probe): runs with a
 * time limit, returns its combined output and exit code, and never outlives the limit.
 */
public record ShellCommand(String command, Path cwd, Map<String, String> env, Duration timeout) {

    public record Outcome(int exitCode, String output, boolean timedOut, long elapsedMs) {
        public boolean ok() {
            return exitCode == 0 && !timedOut;
        }
    }

    public static ShellCommand of(String command, Path cwd, Duration timeout) {
        return new ShellCommand(command, cwd, Map.of(), timeout);
    }

    public Outcome run() {
        long t0 = System.currentTimeMillis();
        try {
            ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command).directory(cwd.toFile()).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(2, TimeUnit.SECONDS);
            }
            String text = out.get(2, TimeUnit.SECONDS);
            return new Outcome(done ? p.exitValue() : -1, text, !done, System.currentTimeMillis() - t0);
        } catch (IOException e) {
            return new Outcome(127, "cannot run: " + e.getMessage(), false, System.currentTimeMillis() - t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(-1, "interrupted", true, System.currentTimeMillis() - t0);
        } catch (Exception e) {
            return new Outcome(-1, "output unreadable: " + e.getMessage(), false, System.currentTimeMillis() - t0);
        }
    }

    private static String readAll(InputStream in) {
        try {
            byte[] b = in.readNBytes(1 << 20); // a probe's output beyond 1 MiB is not evidence anyone reads
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
