package dev.falsify.runner.messages;

import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import dev.falsify.model.session.MessageEvent;
import dev.falsify.model.session.MessageEventLog;
import dev.falsify.runner.proxy.Direction;
import dev.falsify.runner.proxy.MessageLayer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The message-aware mode of the fault proxies of one seed run: frames each tapped link's bytes into
 * messages, records every message event in {@code messages.jsonl}, applies the run block's filters (in
 * order, first match wins, default deliver) and drives its monitor. One lock orders everything that
 * decides — filter counts, the monitor's state, held messages, the event log — so a run's events have one
 * sequence; socket writes happen outside it, in the order they were decided on each thread.
 *
 * <p>Held messages released together go out in an order drawn from the seed (and the filter and the
 * release's number), so the same seed releases the same set the same way.
 */
public final class MessageEngine implements MessageLayer, AutoCloseable {
    /** How often the clock is looked at for time windows, time-only conditions and the time bound. */
    static final long TICK_MS = 5;
    /** Events kept for a counterexample. */
    static final int TRACE = 200;

    private record Tap(String proxy, Framing framing, MessageFields fields, String client, String upstream) {
    }

    private static final class Filter {
        final String name;
        final String action;
        final long delayMs;
        final CompiledCondition when;
        final CompiledCondition until;
        final List<Message> held = new ArrayList<>();
        /** delayed messages whose delay has not run out yet: recorded as dropped if the run ends first */
        final java.util.Set<Message> delayed = new java.util.LinkedHashSet<>();
        /** "link direction" of every message it acted on: one direction of a link only is an asymmetric fault */
        final java.util.Set<String> directions = new java.util.LinkedHashSet<>();
        long acted;
        int releases;

        Filter(RunSpec.MessageFilter f) {
            this.name = f.name();
            this.action = f.action() == null ? "deliver" : f.action();
            this.delayMs = f.delay() == null ? 0 : f.delay().toMillis();
            this.when = new CompiledCondition(f.when(), MessageEventKind.SEND);
            this.until = f.until() == null ? null : new CompiledCondition(f.until(), MessageEventKind.DELIVER);
        }
    }

    private final Map<String, Tap> taps = new LinkedHashMap<>();
    private final List<Filter> filters = new ArrayList<>();
    private final MonitorMachine monitor;
    private final MessageEventLog.Writer log;
    private final Path file;
    private final long seed;
    private final long engineStart = System.nanoTime();
    private volatile long workloadStart = Long.MIN_VALUE;
    private final ArrayDeque<MessageEvent> trace = new ArrayDeque<>();
    private final ArrayDeque<Occurrence> pending = new ArrayDeque<>();
    private final List<Write> writes = new ArrayList<>();
    private final Map<String, long[]> numbers = new LinkedHashMap<>();
    private final ScheduledExecutorService timer;
    private final boolean momentConditions;
    private long seq;
    private long sent;
    private boolean closed;
    private String writeError = "";

    /**
     * @param file where {@code messages.jsonl} goes (written to a temp file until {@link #finish})
     */
    public MessageEngine(RunSpec spec, long seed, Path file) throws IOException {
        for (RunSpec.MessageTap t : spec.messages()) {
            taps.put(t.proxy(), new Tap(t.proxy(), Framing.parse(t.framing()), new MessageFields(t), t.client(), t.upstream()));
        }
        for (RunSpec.MessageFilter f : spec.filters()) filters.add(new Filter(f));
        this.monitor = spec.monitor() == null ? null : new MonitorMachine(spec.monitor());
        this.seed = seed;
        this.file = file;
        this.log = new MessageEventLog.Writer(file);
        this.momentConditions = (monitor != null && monitor.onMoments()) || filters.stream().anyMatch(f -> f.until != null && f.until.onMoments());
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "messages-timer");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    /** The proxies whose links this engine reads. */
    public List<String> tappedProxies() {
        return List.copyOf(taps.keySet());
    }

    /** Whether a condition waits for service log lines (then the runner feeds them in). */
    public boolean wantsLogLines() {
        return monitor != null && monitor.onLogLines() || filters.stream().anyMatch(f -> f.until != null && f.until.onLogLines());
    }

    /** Time windows, the time bound and the monitor start counting here (the fault schedule's zero). */
    public void workloadStarted(long nanos) {
        workloadStart = nanos;
    }

    // ------------------------------------------------------------------ the proxy side

    @Override
    public Stream open(String proxy, long connection, Direction direction, Forwarder forwarder) {
        Tap tap = taps.get(proxy);
        if (tap == null) return null;
        Framing.Deframer deframer = new Framing.Deframer(tap.framing());
        String dir = direction == Direction.UPSTREAM ? "upstream" : "downstream";
        String from = direction == Direction.UPSTREAM ? tap.client() : tap.upstream();
        String to = direction == Direction.UPSTREAM ? tap.upstream() : tap.client();
        return new Stream() {
            private final List<byte[]> frames = new ArrayList<>();

            @Override
            public void read(byte[] buf, int len) throws IOException {
                frames.clear();
                deframer.feed(buf, len, frames::add);
                if (!frames.isEmpty()) onFrames(tap, connection, dir, from, to, forwarder, frames);
            }

            @Override
            public void end() throws IOException {
                frames.clear();
                byte[] rest = deframer.end(frames::add);
                if (!frames.isEmpty()) onFrames(tap, connection, dir, from, to, forwarder, frames);
                if (rest.length > 0) forwarder.forward(rest, 0, rest.length); // not a whole message: passed on as it is
            }
        };
    }

    /** The frames of one read, decided under one lock; what goes out now is written after it, coalesced per connection. */
    private void onFrames(Tap tap, long connection, String dir, String from, String to, Forwarder out, List<byte[]> frames)
            throws IOException {
        List<Write> now;
        boolean plain;
        synchronized (this) {
            plain = closed;
            if (plain) {
                now = List.of();
            } else {
                for (byte[] frame : frames) onFrame(tap, connection, dir, from, to, out, frame);
                now = takeWrites();
            }
        }
        if (plain) {
            for (byte[] f : frames) out.forward(f, 0, f.length); // the run's message phase is over: plain proxy again
            return;
        }
        flush(now);
    }

    private void onFrame(Tap tap, long connection, String dir, String from, String to, Forwarder out, byte[] frame) {
        String payload = tap.framing().payload(frame);
        Map<String, String> fields = tap.fields().read(payload);
        long n = ++numbers.computeIfAbsent(tap.proxy(), k -> new long[1])[0];
        Message m = Message.of(tap.proxy() + "#" + n, tap.proxy(), connection, dir,
                fields.getOrDefault("src", from), fields.getOrDefault("dst", to), fields.getOrDefault("type", ""),
                fields, payload, frame, out);
        sent++;
        emit(MessageEventKind.SEND, m, "", 0, "");
        drain();
        decide(m);
        drain();
        if (monitor != null && monitor.boundMessages() != null && sent >= monitor.boundMessages()) {
            monitor.bound("the bound of " + monitor.boundMessages() + " messages was reached");
            drain();
        }
    }

    /** Bytes decided on, to one connection's direction. */
    private record Write(Forwarder to, byte[] bytes) {
    }

    /** Writes in order; consecutive writes to the same connection go out as one (one syscall for a read's worth of messages). */
    private static void flush(List<Write> writes) {
        int i = 0;
        while (i < writes.size()) {
            Forwarder to = writes.get(i).to();
            int j = i;
            int len = 0;
            while (j < writes.size() && writes.get(j).to() == to) len += writes.get(j++).bytes().length;
            byte[] out;
            if (j == i + 1) {
                out = writes.get(i).bytes();
            } else {
                out = new byte[len];
                int off = 0;
                for (int k = i; k < j; k++) {
                    byte[] b = writes.get(k).bytes();
                    System.arraycopy(b, 0, out, off, b.length);
                    off += b.length;
                }
            }
            try {
                to.forward(out, 0, out.length);
            } catch (IOException e) {
                // the connection is gone: the messages are lost with it, as on a real network
            }
            i = j;
        }
    }

    /** The filters, in order: every one's count sees the message, the first whose condition holds acts. */
    private void decide(Message m) {
        Occurrence send = new Occurrence.OfMessage(MessageEventKind.SEND, m);
        long t = sinceWorkload();
        Filter chosen = null;
        for (Filter f : filters) {
            if (f.when.test(send, state(), vars(), t) && chosen == null) chosen = f;
        }
        if (chosen == null) {
            deliver(m, "", "");
            return;
        }
        chosen.acted++;
        chosen.directions.add(m.link() + " " + m.direction());
        switch (chosen.action) {
            case "drop" -> emit(MessageEventKind.DROP, m, chosen.name, 0, "");
            case "duplicate" -> {
                emit(MessageEventKind.DUPLICATE, m, chosen.name, 0, "");
                deliver(m, chosen.name, "");
                deliver(m, chosen.name, "the duplicate");
            }
            case "delay" -> {
                emit(MessageEventKind.DELAY, m, chosen.name, chosen.delayMs, "");
                Filter f = chosen;
                f.delayed.add(m);
                timer.schedule(() -> later(m, f), chosen.delayMs, TimeUnit.MILLISECONDS);
            }
            case "hold-until" -> {
                emit(MessageEventKind.HOLD, m, chosen.name, 0, "until " + chosen.until);
                chosen.held.add(m);
            }
            default -> deliver(m, chosen.name, ""); // deliver, observe
        }
    }

    private void deliver(Message m, String filter, String note) {
        emit(MessageEventKind.DELIVER, m, filter, 0, note);
        writes.add(new Write(m.out(), m.bytes()));
    }

    private void later(Message m, Filter f) {
        List<Write> now;
        synchronized (this) {
            if (closed || !f.delayed.remove(m)) return;
            deliver(m, f.name, "after its delay");
            drain();
            now = takeWrites();
        }
        flush(now);
    }

    // ------------------------------------------------------------------ log lines and the clock

    /** A service's log line, for conditions on {@code log:}. */
    public void logLine(String service, String text) {
        List<Write> now;
        synchronized (this) {
            if (closed) return;
            pending.add(new Occurrence.LogLine(service, text));
            drain();
            now = takeWrites();
        }
        flush(now);
    }

    private void tick() {
        List<Write> now;
        synchronized (this) {
            if (closed) return;
            long t = sinceWorkload();
            if (monitor != null && monitor.bound() != null && t >= monitor.bound().toNanos()) {
                monitor.bound("the time bound of " + monitor.bound().toMillis() + " ms was reached");
            }
            if (momentConditions) pending.add(new Occurrence.Moment());
            drain();
            now = takeWrites();
        }
        flush(now);
    }

    // ------------------------------------------------------------------ events, the monitor, releases

    private void emit(MessageEventKind kind, Message m, String filter, long delayMs, String note) {
        long mono = System.nanoTime();
        record(new MessageEvent(seq++, kind, m.id(), (mono - engineStart) / 1000, mono, m.link(), m.connection(), m.direction(),
                m.src(), m.dst(), m.type(), filter, state(), delayMs, m.bytes().length, m.excerpt(), m.extra(), note));
        pending.add(new Occurrence.OfMessage(kind, m));
    }

    private void stateEvent(String note) {
        record(new MessageEvent(seq++, MessageEventKind.STATE, "", micros(), System.nanoTime(), "", 0, "", "", "", "", "",
                state(), 0, 0, "", Map.of(), note));
        pending.add(new Occurrence.Moment());
    }

    private void record(MessageEvent e) {
        try {
            log.write(e);
        } catch (IOException ex) {
            if (writeError.isEmpty()) writeError = ex.getMessage();
        }
        trace.addLast(e);
        if (trace.size() > TRACE) trace.removeFirst();
    }

    /** Occurrences queued by events: the monitor steps on each, then held messages whose condition holds go out. */
    private void drain() {
        Occurrence o;
        while ((o = pending.poll()) != null) {
            if (monitor != null) {
                MonitorMachine.Step step = monitor.step(o, sinceWorkload());
                if (step != null) {
                    stateEvent(step.from() + " -> " + step.to() + " on " + step.why()
                            + (monitor.decided() ? " \u2014 " + monitor.outcome() : ""));
                    if (monitor.failed()) monitor.counterexample(List.copyOf(trace));
                }
                String decidedBy = monitor.takeBoundDecision();
                if (decidedBy != null) stateEvent(decidedBy);
            }
            release(o);
        }
    }

    private void release(Occurrence o) {
        for (Filter f : filters) {
            if (f.held.isEmpty() || f.until == null || !f.until.test(o, state(), vars(), sinceWorkload())) continue;
            List<Message> out = new ArrayList<>(f.held);
            f.held.clear();
            // the seed chooses the order held messages go out in; the same seed, the same order
            Collections.shuffle(out, new Random(seed * 1_000_003L + filters.indexOf(f) * 7919L + f.releases++));
            for (Message m : out) {
                emit(MessageEventKind.RELEASE, m, f.name, 0, "");
                deliver(m, f.name, "released");
            }
        }
    }

    private List<Write> takeWrites() {
        if (writes.isEmpty()) return List.of();
        List<Write> out = List.copyOf(writes);
        writes.clear();
        return out;
    }

    private Map<String, String> vars() {
        return monitor == null ? Map.of() : monitor.vars();
    }

    private String state() {
        return monitor == null ? "" : monitor.state();
    }

    private long micros() {
        return (System.nanoTime() - engineStart) / 1000;
    }

    private long sinceWorkload() {
        long w = workloadStart;
        return w == Long.MIN_VALUE ? Long.MIN_VALUE / 2 : System.nanoTime() - w;
    }

    // ------------------------------------------------------------------ the end

    /**
     * What a filter did over the run.
     *
     * @param directions the links and directions ({@code "p12 downstream"}) of the messages it acted on
     */
    public record FilterCount(String name, String action, long acted, List<String> directions) {
        public FilterCount {
            directions = List.copyOf(directions);
        }

        /** Whether it changed what was delivered: observe and deliver only count. */
        public boolean faults() {
            return !action.equals("observe") && !action.equals("deliver");
        }

        /**
         * An asymmetric fault, by what it did: it changed delivery and, on every link it acted on, only in one
         * direction — the other direction of the link flowed untouched, as in a one-way partition.
         */
        public boolean asymmetric() {
            if (!faults() || directions.isEmpty()) return false;
            java.util.Set<String> links = new java.util.HashSet<>();
            for (String d : directions) {
                if (!links.add(d.substring(0, d.lastIndexOf(' ')))) return false;
            }
            return true;
        }
    }

    /**
     * The run's message evidence.
     *
     * @param monitorOutcome success, failure, or empty (no monitor, or nothing decided it)
     * @param reason         how it was decided
     * @param trace          for a failure: the events up to the failure state, at most {@link #TRACE}
     */
    public record Outcome(Path file, long messages, long events, List<FilterCount> filters, boolean hasMonitor,
                          String monitorState, String monitorOutcome, String reason, List<MessageEvent> trace,
                          String writeError) {
    }

    /**
     * Ends the message phase: messages still held are dropped (and recorded so), the monitor is decided
     * (its default when no terminal state was reached), and the event log is renamed into place. Later
     * traffic passes as plain bytes.
     */
    public Outcome finish() {
        synchronized (this) {
            if (!closed) {
                for (Filter f : filters) {
                    for (Message m : f.held) emit(MessageEventKind.DROP, m, f.name, 0, "still held when the run ended");
                    f.held.clear();
                    // a delay longer than what was left of the run: its message never arrived, and the log says so
                    for (Message m : f.delayed) emit(MessageEventKind.DROP, m, f.name, 0, "still delayed when the run ended");
                    f.delayed.clear();
                }
                drain();
                // the time bound may have passed since the last tick: the bound, not the run's end, decides then
                if (monitor != null && monitor.bound() != null && sinceWorkload() >= monitor.bound().toNanos()) {
                    monitor.bound("the time bound of " + monitor.bound().toMillis() + " ms was reached");
                    drain();
                }
                if (monitor != null) {
                    String d = monitor.end();
                    if (d != null) stateEvent(d);
                    pending.clear();
                }
                closed = true;
                writes.clear();
                try {
                    log.close();
                } catch (IOException e) {
                    if (writeError.isEmpty()) writeError = e.getMessage();
                }
            }
            timer.shutdownNow();
            List<FilterCount> counts = filters.stream().map(f -> new FilterCount(f.name, f.action, f.acted,
                    List.copyOf(f.directions))).toList();
            return new Outcome(file, sent, seq, counts, monitor != null, state(), monitor == null ? "" : monitor.outcome(),
                    monitor == null ? "" : monitor.reason(), monitor == null ? List.of() : monitor.counterexample(), writeError);
        }
    }

    @Override
    public void close() {
        finish();
    }
}
