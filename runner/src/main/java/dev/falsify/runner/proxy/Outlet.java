package dev.falsify.runner.proxy;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * The sending side of one direction of a proxied connection. Bytes due now go straight to the
 * socket from the reader thread (the no-fault path adds no hand-off); bytes due later (latency,
 * bandwidth, slicer) and close actions queue in order and a writer thread delivers them on time.
 * Order is always kept: an item is never due before the one queued ahead of it.
 */
final class Outlet {
    private final OutputStream out;
    private final String threadName;
    private final Runnable onFailure;
    private final ArrayDeque<Item> queue = new ArrayDeque<>();
    private boolean writing;
    private long lastDue;
    private Thread writer;
    private volatile boolean closed;

    Outlet(OutputStream out, String threadName, Runnable onFailure) {
        this.out = out;
        this.threadName = threadName;
        this.onFailure = onFailure;
    }

    /** Earliest time a new item may be delivered without overtaking queued ones. */
    synchronized long lastDue() {
        return lastDue;
    }

    void send(byte[] data, int off, int len, long dueNanos) throws IOException {
        synchronized (this) {
            if (closed) return;
            if (!queue.isEmpty() || writing || dueNanos > System.nanoTime()) {
                byte[] copy = new byte[len];
                System.arraycopy(data, off, copy, 0, len);
                enqueue(new Item(copy, null, dueNanos));
                return;
            }
        }
        out.write(data, off, len);
    }

    /** Runs {@code action} once everything queued before it has been delivered, not before {@code dueNanos}. */
    void then(Runnable action, long dueNanos) {
        synchronized (this) {
            if (!queue.isEmpty() || writing || dueNanos > System.nanoTime()) {
                enqueue(new Item(null, action, dueNanos));
                return;
            }
        }
        action.run();
    }

    void close() {
        synchronized (this) {
            closed = true;
            queue.clear();
            notifyAll();
        }
    }

    private void enqueue(Item item) {
        long due = Math.max(item.dueNanos, lastDue);
        lastDue = due;
        queue.add(new Item(item.data, item.action, due));
        if (writer == null) {
            writer = new Thread(this::drain, threadName);
            writer.setDaemon(true);
            writer.start();
        }
        notifyAll();
    }

    private void drain() {
        while (true) {
            Item item;
            synchronized (this) {
                while (queue.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) return;
                item = queue.peek();
            }
            long wait = item.dueNanos - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            synchronized (this) {
                if (closed) return;
                queue.poll();
                writing = true;
            }
            try {
                if (item.data != null) out.write(item.data);
                else item.action.run();
            } catch (IOException e) {
                onFailure.run();
                return;
            } finally {
                synchronized (this) {
                    writing = false;
                }
            }
        }
    }

    private record Item(byte[] data, Runnable action, long dueNanos) {
    }
}
