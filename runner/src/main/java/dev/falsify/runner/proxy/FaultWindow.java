package dev.falsify.runner.proxy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** One active (or healed) fault on one proxy, with its selection decisions and counters. */
final class FaultWindow {
    final String proxyName;
    final String id;
    /** volatile: a Toxiproxy toxic update changes its attributes in place, keeping the window's selections and counters */
    volatile ProxyFault fault;
    final ConnectionSelector selector;
    final long seed;
    final long injectedAtMs = System.currentTimeMillis();
    volatile long healedAtMs = -1;

    boolean isActive() {
        return healedAtMs < 0;
    }

    private final AtomicLong ordinals = new AtomicLong();
    private final Map<Long, Selection> selections = new ConcurrentHashMap<>();
    private final Map<Direction, Counters> counters = new EnumMap<>(Direction.class);
    final AtomicLong reset = new AtomicLong();
    final AtomicLong cut = new AtomicLong();
    final AtomicLong held = new AtomicLong();
    final AtomicLong closesDelayed = new AtomicLong();
    /** epoch millis of the first and the last time the fault did something to a connection; 0 while it never did */
    private final AtomicLong firstActedMs = new AtomicLong();
    private final AtomicLong lastActedMs = new AtomicLong();
    private final SplittableRandom jitter;

    FaultWindow(String proxyName, String id, ProxyFault fault, ConnectionSelector selector, long seed) {
        this.proxyName = proxyName;
        this.id = id;
        this.fault = fault;
        this.selector = selector;
        this.seed = seed;
        this.jitter = new SplittableRandom(seed ^ ((long) id.hashCode() << 32));
        for (Direction d : Direction.values()) counters.put(d, new Counters());
    }

    /** Numbers the connection in this window's order and decides, once, whether the fault hits it. */
    Selection register(ProxyConnection c) {
        return selections.computeIfAbsent(c.id, k -> {
            long ordinal = ordinals.incrementAndGet();
            return new Selection(c.id, ordinal, selector.selects(ordinal, seed, id), c.openedAtMs);
        });
    }

    /** The fault did something to {@code s}'s connection now: it landed there (the landing evidence's one mark). */
    void acted(Selection s) {
        s.applied.set(true);
        long now = System.currentTimeMillis();
        firstActedMs.compareAndSet(0, now);
        lastActedMs.accumulateAndGet(now, Math::max);
    }

    Selection selectionOf(ProxyConnection c) {
        return selections.get(c.id);
    }

    Counters counters(Direction d) {
        return counters.get(d);
    }

    /** Latency for one chunk: {@code ms ± jitterMs}, never negative. */
    synchronized long drawDelayMs(long ms, long jitterMs) {
        if (jitterMs == 0) return ms;
        return Math.max(0, ms + jitter.nextLong(-jitterMs, jitterMs + 1));
    }

    synchronized int drawSlice(int avg, int variation) {
        if (variation == 0) return avg;
        return Math.max(1, avg + jitter.nextInt(-variation, variation + 1));
    }

    ProxyWindowReading snapshot() {
        List<ConnectionRecord> records = new ArrayList<>();
        long selected = 0, applied = 0;
        for (Selection s : selections.values()) {
            records.add(new ConnectionRecord(s.connectionId, s.ordinal, s.selected, s.applied.get(), s.openedAtMs));
            if (s.selected) selected++;
            if (s.applied.get()) applied++;
        }
        records.sort((a, b) -> Long.compare(a.windowOrdinal(), b.windowOrdinal()));
        Map<String, DirectionReading> byDir = new LinkedHashMap<>();
        for (Direction d : Direction.values()) byDir.put(d.label(), counters.get(d).reading());
        return new ProxyWindowReading(proxyName, id, fault.kind(), selector.text(), injectedAtMs, healedAtMs,
                records.size(), selected, applied, reset.get(), cut.get(), held.get(), closesDelayed.get(),
                firstActedMs.get(), lastActedMs.get(), byDir, records);
    }

    static final class Selection {
        final long connectionId;
        final long ordinal;
        final boolean selected;
        final long openedAtMs;
        final AtomicBoolean applied = new AtomicBoolean();
        /** bytes passed per direction while this window applied (for limit-data). */
        final AtomicLong[] passed = {new AtomicLong(), new AtomicLong()};

        Selection(long connectionId, long ordinal, boolean selected, long openedAtMs) {
            this.connectionId = connectionId;
            this.ordinal = ordinal;
            this.selected = selected;
            this.openedAtMs = openedAtMs;
        }
    }

    static final class Counters {
        final AtomicLong forwarded = new AtomicLong();
        final AtomicLong dropped = new AtomicLong();
        final AtomicLong delayed = new AtomicLong();
        final AtomicLong delayNanos = new AtomicLong();
        final AtomicLong cutBytes = new AtomicLong();
        final AtomicLong slices = new AtomicLong();
        final AtomicLong sliced = new AtomicLong();

        DirectionReading reading() {
            return new DirectionReading(forwarded.get(), dropped.get(), delayed.get(), delayNanos.get() / 1_000_000,
                    cutBytes.get(), slices.get(), sliced.get());
        }
    }
}
