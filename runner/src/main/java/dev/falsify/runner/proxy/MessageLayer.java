package dev.falsify.runner.proxy;

import java.io.IOException;

/**
 * The message-aware mode of a {@link LoopbackFaultProxy}: when set, every chunk read from one end goes to
 * the layer's {@link Stream} for that connection and direction instead of straight on; the layer frames it
 * into messages and hands each one it lets through to the {@link Forwarder}, which passes it through the
 * proxy's byte-level fault windows as before. The proxy itself knows nothing of messages (runner.messages).
 */
public interface MessageLayer {
    /** A new connection's direction; called before its first chunk. */
    Stream open(String proxy, long connection, Direction direction, Forwarder forwarder);

    /** Writes bytes on towards the other end; thread-safe (released and delayed messages come from timers). */
    interface Forwarder {
        void forward(byte[] data, int off, int len) throws IOException;
    }

    /** One direction of one connection. */
    interface Stream {
        /** Bytes read from the sending end. */
        void read(byte[] buf, int len) throws IOException;

        /** The sending end closed: whatever is not a whole message yet goes on as it is. */
        void end() throws IOException;
    }
}
