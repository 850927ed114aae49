package dev.falsify.runner.exec;

import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Copies one output stream of a process to its log file byte for byte and publishes every complete
 * line as a {@link RunEvent.LogLine} (plus a {@link RunEvent.LogMarker} when a marker pattern
 * matches). The file is flushed whenever the process has nothing more to read, so the log is
 * current as lines are produced without a write call per line.
 */
final class LogPump implements Runnable {
    /** Lines worth a timeline marker in any process output. */
    static final Pattern DEFAULT_MARKERS = RunEvent.LogMarker.ERROR_LINE;
    private static final int MAX_LINE = 1 << 20;

    private final InputStream in;
    private final Path file;
    private final EventBus bus;
    private final String scenario;
    private final String process;
    private final String stream;
    private final Pattern markers;
    private final AtomicLong lines = new AtomicLong();
    private final List<LineWaiter> waiters = new CopyOnWriteArrayList<>();
    private volatile boolean finished;

    LogPump(InputStream in, Path file, EventBus bus, String scenario, String process, String stream, Pattern markers) {
        this.in = in;
        this.file = file;
        this.bus = bus;
        this.scenario = scenario;
        this.process = process;
        this.stream = stream;
        this.markers = markers;
    }

    long lines() {
        return lines.get();
    }

    boolean finished() {
        return finished;
    }

    /** Registers a waiter on future lines (one waiter may watch several pumps); completed by the pump thread. */
    void watch(LineWaiter w) {
        waiters.add(w);
    }

    @Override
    public void run() {
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
                copy(out);
            }
        } catch (IOException e) {
            bus.publish(new RunEvent.LogMarker(System.currentTimeMillis(), scenario, process, stream, lines.get(),
                    "log-error", "could not write " + file + ": " + e.getMessage()));
        } finally {
            finished = true;
            for (LineWaiter w : waiters) w.streamEnded();
        }
    }

    private void copy(OutputStream out) throws IOException {
        byte[] buf = new byte[1 << 16];
        byte[] line = new byte[8192];
        int lineLen = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            for (int i = 0; i < n; i++) {
                byte b = buf[i];
                if (b == '\n') {
                    emit(line, lineLen);
                    lineLen = 0;
                } else if (lineLen < MAX_LINE) {
                    if (lineLen == line.length) line = java.util.Arrays.copyOf(line, line.length * 2);
                    line[lineLen++] = b;
                }
            }
            if (in.available() == 0) out.flush();
        }
        if (lineLen > 0) emit(line, lineLen); // a last line without newline still counts
        out.flush();
    }

    private void emit(byte[] line, int len) {
        if (len > 0 && line[len - 1] == '\r') len--;
        String text = new String(line, 0, len, StandardCharsets.UTF_8);
        long no = lines.incrementAndGet();
        long now = System.currentTimeMillis();
        bus.publish(new RunEvent.LogLine(now, scenario, process, stream, no, text));
        if (markers != null && markers.matcher(text).find()) {
            bus.publish(new RunEvent.LogMarker(now, scenario, process, stream, no, "marker", text));
        }
        if (!waiters.isEmpty()) {
            for (LineWaiter w : waiters) {
                if (w.offer(text)) {
                    waiters.remove(w);
                    bus.publish(new RunEvent.LogMarker(now, scenario, process, stream, no, "ready-line", text));
                }
            }
        }
    }

    /** A one-shot wait for a line matching a condition. */
    static final class LineWaiter {
        private final Predicate<String> condition;
        private boolean matched;
        private int streamsOpen;

        /** @param streams how many pumps feed this waiter: it gives up only when all of them ended */
        LineWaiter(Predicate<String> condition, int streams) {
            this.condition = condition;
            this.streamsOpen = streams;
        }

        synchronized boolean offer(String line) {
            if (matched || !condition.test(line)) return false;
            matched = true;
            notifyAll();
            return true;
        }

        synchronized void streamEnded() {
            streamsOpen--;
            notifyAll();
        }

        /** @return true if a matching line arrived within the time */
        synchronized boolean await(long timeoutMs) throws InterruptedException {
            long deadline = System.currentTimeMillis() + timeoutMs;
            while (!matched && streamsOpen > 0) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) break;
                wait(left);
            }
            return matched;
        }
    }
}
