package dev.falsify.app.ui.run;

import dev.falsify.app.ui.log.LiveLog;
import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.run.RunResult;
import dev.falsify.runner.trust.PlanSnapshot;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One run started from the window: {@link PlanRunner#run} of the trusted snapshot on its own thread,
 * its event stream split as it is published — log lines appended to a {@link LiveLog} (no queue),
 * every other event queued for the FX thread to {@link #drain} once per pulse. Stop sets the runner's
 * own cancel flag: the seed tears its processes down and the session is left interrupted.
 */
public final class RunSession {
    private final PlanSnapshot snapshot;
    private final RunOptions options;
    private final LiveLog log = new LiveLog();
    private final Map<String, Map<String, Map<String, Integer>>> streamIds = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<RunEvent> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final CompletableFuture<RunResult> done = new CompletableFuture<>();
    private volatile Path sessionDir;
    private volatile String lastProgress = "";
    private volatile int maxQueued;
    private Thread thread;

    /**
     * @param options the run's options; their progress writer is replaced by one this session reads
     *                (the session folder and one-line progress)
     */
    public RunSession(PlanSnapshot snapshot, RunOptions options) {
        this.snapshot = snapshot;
        this.options = new RunOptions(options.sessionsRoot(), options.scenarios(), options.seed(), options.env(),
                options.reruns(), options.storeDb(), options.operator(), new PrintWriter(new ProgressWriter(), true),
                options.cancel(), options.parallel(), options.commitFrom());
    }

    /** Starts the run on its own thread; {@link #result()} completes when it ends. */
    public synchronized void start() {
        if (thread != null) throw new IllegalStateException("already started");
        EventBus bus = new EventBus(e -> lastProgress = "a run-view listener failed: " + e);
        bus.subscribe(this::publish);
        thread = BackgroundThreads.start("falsify-run-" + snapshot.file().getFileName(), () -> {
            try {
                done.complete(PlanRunner.run(snapshot, snapshot.file().toString(), options, bus));
            } catch (Exception | LinkageError e) {
                done.completeExceptionally(e);
            } finally {
                log.finish();
            }
        });
    }

    /**
     * The event listener: runs on the runner's threads, so it only appends or enqueues. Public so a
     * benchmark or a screenshot can feed recorded or generated events through the same path.
     */
    public void publish(RunEvent e) {
        if (e instanceof RunEvent.LogLine l) {
            log.append(streamId(l), l.text());
            return;
        }
        queue.add(e);
        int n = queued.incrementAndGet();
        if (n > maxQueued) maxQueued = n;
    }

    /**
     * The live log's number for a line's process stream, found without building its label: the
     * runner publishes 200,000 lines a second and a String per line would be most of their garbage.
     */
    private int streamId(RunEvent.LogLine l) {
        Map<String, Map<String, Integer>> byProcess = streamIds.get(l.scenario());
        if (byProcess == null) byProcess = streamIds.computeIfAbsent(l.scenario(), k -> new ConcurrentHashMap<>());
        Map<String, Integer> byStream = byProcess.get(l.process());
        if (byStream == null) byStream = byProcess.computeIfAbsent(l.process(), k -> new ConcurrentHashMap<>());
        Integer id = byStream.get(l.stream());
        if (id == null) {
            id = byStream.computeIfAbsent(l.stream(), k -> log.processId(processLabel(l.scenario(), l.process(), k)));
        }
        return id;
    }

    /** The name lines of a process stream carry in the live log ({@code S1-1 n2.err}). */
    public static String processLabel(String scenario, String process, String stream) {
        return scenario + " " + process + "." + stream;
    }

    /** Stops the run through the runner's own teardown. */
    public void stop() {
        options.cancel().set(true);
    }

    public boolean stopping() {
        return options.cancelled();
    }

    public boolean running() {
        return thread != null && !done.isDone();
    }

    /**
     * Hands up to {@code max} queued events to {@code sink} (FX thread, once per pulse).
     *
     * @return events handed over
     */
    public int drain(Consumer<RunEvent> sink, int max) {
        int n = 0;
        RunEvent e;
        while (n < max && (e = queue.poll()) != null) {
            queued.decrementAndGet();
            sink.accept(e);
            n++;
        }
        return n;
    }

    /** Events waiting for the FX thread now. */
    public int queued() {
        return queued.get();
    }

    /** The most events that ever waited at once. */
    public int maxQueued() {
        return maxQueued;
    }

    public LiveLog log() {
        return log;
    }

    public CompletableFuture<RunResult> result() {
        return done;
    }

    /** The session folder once the runner created it, or null. */
    public Path sessionDir() {
        return sessionDir;
    }

    public String lastProgress() {
        return lastProgress;
    }

    public PlanSnapshot snapshot() {
        return snapshot;
    }

    public RunOptions options() {
        return options;
    }

    /** Reads the runner's one-line progress: the first line names the session folder. */
    private final class ProgressWriter extends Writer {
        private final StringBuilder line = new StringBuilder();

        @Override
        public synchronized void write(char[] cbuf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                char c = cbuf[i];
                if (c == '\n') {
                    String s = line.toString().strip();
                    line.setLength(0);
                    if (s.startsWith("session ") && sessionDir == null) sessionDir = Path.of(s.substring(8));
                    if (!s.isEmpty()) lastProgress = s;
                } else {
                    line.append(c);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
