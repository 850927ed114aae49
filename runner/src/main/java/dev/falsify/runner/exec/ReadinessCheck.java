package dev.falsify.runner.exec;

import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** How the runner knows a service is ready: a TCP port accepts, a log line appears, or a command exits 0. */
public sealed interface ReadinessCheck {

    String describe();

    record None() implements ReadinessCheck {
        public String describe() {
            return "started";
        }
    }

    record Tcp(String host, int port) implements ReadinessCheck {
        public String describe() {
            return "tcp " + host + ":" + port;
        }
    }

    record LogLine(Pattern pattern) implements ReadinessCheck {
        public String describe() {
            return "log line /" + pattern.pattern() + "/";
        }
    }

    /** @param env extra environment for the command (the seed's: placeholders refer to it) */
    record Command(String command, java.util.Map<String, String> env) implements ReadinessCheck {
        public Command {
            env = java.util.Map.copyOf(env);
        }

        public Command(String command) {
            this(command, java.util.Map.of());
        }

        public String describe() {
            return "command `" + command + "`";
        }
    }

    /** Parses {@code host:port} for a TCP check. */
    static Tcp tcp(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) throw new IllegalArgumentException("ready.tcp must be host:port, not '" + hostPort + "'");
        try {
            return new Tcp(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ready.tcp must be host:port, not '" + hostPort + "'");
        }
    }

    /**
     * Waits until the check passes, the process ends, or the timeout expires. Publishes
     * {@link RunEvent.ProcessReady} on success.
     *
     * @return null when ready, else the reason it is not
     */
    static String await(ReadinessCheck check, ManagedProcess p, Path cwd, Duration timeout, EventBus bus,
                        String scenario) throws InterruptedException {
        return await(check, p, cwd, timeout, bus, scenario, () -> false);
    }

    /**
     * As {@link #await(ReadinessCheck, ManagedProcess, Path, Duration, EventBus, String)}, giving up
     * within ~200 ms once {@code cancelled} says so (a Stop must not wait out a 30 s readiness timeout).
     *
     * @return null when ready, {@code "cancelled"} when cancelled, else the reason it is not ready
     */
    static String await(ReadinessCheck check, ManagedProcess p, Path cwd, Duration timeout, EventBus bus,
                        String scenario, java.util.function.BooleanSupplier cancelled) throws InterruptedException {
        long start = System.currentTimeMillis();
        long deadline = start + timeout.toMillis();
        boolean ok = false;
        if (check instanceof LogLine) {
            long left;
            while (!cancelled.getAsBoolean() && (left = deadline - System.currentTimeMillis()) > 0) {
                if (p.awaitReadyLine(Math.min(200, left))) {
                    ok = true;
                    break;
                }
                if (!p.isAlive()) break;
            }
        } else {
            while (System.currentTimeMillis() < deadline && !cancelled.getAsBoolean()) {
                if (!p.isAlive()) break;
                if (passesOnce(check, cwd)) {
                    ok = true;
                    break;
                }
                Thread.sleep(50);
            }
        }
        if (ok && p.isAlive()) {
            bus.publish(new RunEvent.ProcessReady(System.currentTimeMillis(), scenario, p.name(), check.describe(),
                    System.currentTimeMillis() - start));
            return null;
        }
        if (cancelled.getAsBoolean()) return "cancelled";
        if (!p.isAlive()) return p.name() + " ended before it was ready (" + check.describe() + "); see its logs";
        return p.name() + " not ready after " + timeout.toMillis() + " ms (" + check.describe() + ")";
    }

    private static boolean passesOnce(ReadinessCheck check, Path cwd) throws InterruptedException {
        if (check instanceof None) return true;
        if (check instanceof Tcp t) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(t.host(), t.port()), 200);
                return true;
            } catch (IOException e) {
                return false;
            }
        }
        if (check instanceof Command c) {
            try {
                ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", c.command()).directory(cwd.toFile())
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
                pb.environment().putAll(c.env());
                Process pr = pb.start();
                if (!pr.waitFor(5, TimeUnit.SECONDS)) {
                    pr.destroyForcibly();
                    return false;
                }
                return pr.exitValue() == 0;
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }
}
