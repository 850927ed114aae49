package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.runner.proxy.ConnectionSelector;
import dev.falsify.runner.proxy.Direction;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.proxy.ProxyFault;
import dev.falsify.runner.proxy.ProxyWindowReading;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * One Toxiproxy proxy on Falsify's engine: its fields as the API shows them, its toxics (each an engine
 * fault window while the proxy is up) and the evidence of the toxics it had. Going down (disabled, moved,
 * deleted) closes the engine as Toxiproxy closes its listener and links; a toxic's evidence outlives it.
 */
final class ServedProxy {
    /** Evidence kept per proxy of removed toxics (the record file keeps all of them). */
    static final int REMOVED_KEPT = 256;

    final String name;
    private final ServeSettings settings;
    private String listen;
    private String upstream;
    private boolean enabled;
    private LoopbackFaultProxy engine;
    /** the partition window standing for {@code enabled: false} under {@code --disable-as partition} */
    private String disabledWindow;
    private final List<ProxyWindowReading> disabledReadings = new ArrayList<>();
    private final List<ToxicState> toxics = new ArrayList<>();
    private final Deque<ToxicEvidence> removed = new ArrayDeque<>();
    private long generation;
    /** set once its creation is recorded: enabling it before that is part of being created */
    boolean announced;

    /** A toxic on this proxy: its spec, and the engine windows it had. */
    private static final class ToxicState {
        ToxicSpec spec;
        final long addedAtMs = System.currentTimeMillis();
        final List<ProxyWindowReading> done = new ArrayList<>();
        String window;

        ToxicState(ToxicSpec spec) {
            this.spec = spec;
        }
    }

    ServedProxy(String name, String listen, String upstream, ServeSettings settings) {
        this.name = name;
        this.listen = listen == null || listen.isBlank() ? "127.0.0.1:0" : listen;
        this.upstream = upstream;
        this.settings = settings;
    }

    synchronized String listen() {
        return listen;
    }

    synchronized String upstream() {
        return upstream;
    }

    synchronized boolean enabled() {
        return enabled;
    }

    /** Toxiproxy's {@code Differs}: the listen address (resolved) or the upstream text changed. */
    synchronized boolean differs(String otherListen, String otherUpstream) {
        String l = otherListen == null || otherListen.isBlank() ? "127.0.0.1:0" : otherListen;
        if (!upstream.equals(otherUpstream)) return true;
        if (l.equals(listen)) return false;
        InetSocketAddress a = Addresses.resolve("listen", l, true, "");
        return !Addresses.format(a).equals(listen);
    }

    /** Starts listening (port 0 picks one, and {@code listen} then shows it) with every toxic on the engine. */
    synchronized void enable() {
        if (enabled) return;
        if (disabledWindow != null) {
            disabledReadings.add(engine.heal(disabledWindow));
            disabledWindow = null;
            enabled = true;
            settings.log().write(name, "proxy_enabled", null);
            return;
        }
        InetSocketAddress l = Addresses.resolve("listen", listen, settings.reach().remoteListen(), "--allow-remote-listen");
        InetSocketAddress u = Addresses.resolve("upstream", upstream, settings.reach().remoteUpstream(), "--allow-remote-upstream");
        try {
            engine = LoopbackFaultProxy.start(name, l, u, settings.reach());
        } catch (IOException e) {
            throw new ApiError(500, "listen tcp " + listen + ": " + e.getMessage());
        }
        listen = Addresses.format(engine.listenAddress());
        for (ToxicState t : toxics) open(t);
        enabled = true;
        if (announced) settings.log().write(name, "proxy_enabled", fieldsJson());
    }

    /** Toxiproxy's {@code enabled: false}: down (listener and connections closed) or, if so served, a full partition. */
    synchronized void disable() {
        if (!enabled) return;
        enabled = false;
        if (settings.disableAs() == ServeSettings.DisableAs.PARTITION && engine != null) {
            disabledWindow = "enabled=false#" + (++generation);
            engine.inject(disabledWindow, new ProxyFault.Partition(), new ConnectionSelector.All(), settings.seed());
            settings.log().write(name, "proxy_disabled", JsonNodeFactory.instance.objectNode().put("as", "partition"));
            return;
        }
        int closed = down();
        settings.log().write(name, "proxy_disabled", JsonNodeFactory.instance.objectNode().put("as", "down")
                .put("connections_closed", closed));
    }

    /** Closes the engine: each toxic's window read first, so its evidence keeps what it did. */
    private int down() {
        if (engine == null) return 0;
        for (ToxicState t : toxics) close(t, false);
        if (disabledWindow != null) {
            disabledReadings.add(engine.reading(disabledWindow));
            disabledWindow = null;
        }
        int open = engine.closeConnections();
        engine.close();
        engine = null;
        return open;
    }

    /** Toxiproxy's proxy update: a changed address restarts the proxy, then {@code enabled} is applied. */
    synchronized void update(String newListen, String newUpstream, boolean wantEnabled) {
        if (differs(newListen, newUpstream)) {
            down();
            enabled = false;
            listen = newListen == null || newListen.isBlank() ? "127.0.0.1:0" : newListen;
            upstream = newUpstream;
        }
        if (wantEnabled) enable();
        else disable();
    }

    /** Deleted, or the server stopping: down, with each active toxic's evidence recorded. */
    synchronized void shutdown(String event) {
        for (ToxicState t : toxics) {
            close(t, false);
            settings.log().write(name, event, evidenceRecord(evidence(t, true, 0)));
        }
        down();
        enabled = false;
        if (toxics.isEmpty()) settings.log().write(name, event, null);
    }

    synchronized ToxicSpec addToxic(ToxicSpec spec) {
        if (find(spec.name()) != null) throw ApiError.TOXIC_EXISTS;
        ToxicState t = new ToxicState(spec);
        if (engine != null) open(t);
        toxics.add(t);
        settings.log().write(name, "toxic_added", JsonNodeFactory.instance.objectNode().set("toxic", spec.toJson()));
        return spec;
    }

    synchronized ToxicSpec updateToxic(String toxic, JsonNode body) {
        ToxicState t = find(toxic);
        if (t == null) throw ApiError.TOXIC_NOT_FOUND;
        ToxicSpec next = t.spec.update(body);
        boolean inPlace = t.window != null && !next.inert() && next.toxicity() == t.spec.toxicity();
        if (inPlace) {
            engine.update(t.window, next.fault());
            t.spec = next;
        } else {
            if (t.window != null) close(t, false);
            t.spec = next;
            if (engine != null) open(t);
        }
        settings.log().write(name, "toxic_updated", JsonNodeFactory.instance.objectNode().set("toxic", next.toJson()));
        return next;
    }

    synchronized void removeToxic(String toxic) {
        ToxicState t = find(toxic);
        if (t == null) throw ApiError.TOXIC_NOT_FOUND;
        close(t, true);
        toxics.remove(t);
        ToxicEvidence e = evidence(t, false, System.currentTimeMillis());
        removed.addLast(e);
        while (removed.size() > REMOVED_KEPT) removed.removeFirst();
        settings.log().write(name, "toxic_removed", evidenceRecord(e));
    }

    synchronized void removeAllToxics() {
        for (ToxicState t : List.copyOf(toxics)) removeToxic(t.spec.name());
    }

    synchronized ToxicSpec toxic(String toxic) {
        ToxicState t = find(toxic);
        if (t == null) throw ApiError.TOXIC_NOT_FOUND;
        return t.spec;
    }

    /** The evidence of the toxic of that name: the active one, else the last one removed. */
    synchronized ToxicEvidence evidence(String toxic) {
        ToxicState t = find(toxic);
        if (t != null) return evidence(t, true, 0);
        for (var it = removed.descendingIterator(); it.hasNext(); ) {
            ToxicEvidence e = it.next();
            if (e.toxic().name().equals(toxic)) return e;
        }
        throw ApiError.TOXIC_NOT_FOUND;
    }

    /** Every toxic's evidence, active ones first, then removed ones oldest first. */
    synchronized List<ToxicEvidence> allEvidence() {
        List<ToxicEvidence> out = new ArrayList<>();
        for (ToxicState t : toxics) out.add(evidence(t, true, 0));
        out.addAll(removed);
        return out;
    }

    /** The partition readings of {@code enabled: false} under {@code --disable-as partition}. */
    synchronized List<ProxyWindowReading> disabledEvidence() {
        List<ProxyWindowReading> out = new ArrayList<>(disabledReadings);
        if (disabledWindow != null) out.add(engine.reading(disabledWindow));
        return out;
    }

    private ToxicEvidence evidence(ToxicState t, boolean active, long removedAtMs) {
        List<ProxyWindowReading> windows = new ArrayList<>(t.done);
        if (t.window != null && engine != null) windows.add(engine.reading(t.window));
        return ToxicEvidence.of(name, t.spec, active, t.addedAtMs, removedAtMs, windows);
    }

    private static ObjectNode evidenceRecord(ToxicEvidence e) {
        return JsonNodeFactory.instance.objectNode().set("evidence", e.toJson());
    }

    private void open(ToxicState t) {
        if (t.spec.inert()) return;
        t.window = t.spec.name() + "#" + (++generation);
        engine.inject(t.window, t.spec.fault(), t.spec.selector(), settings.seed());
    }

    /**
     * Ends the toxic's window. Removing it heals it: a connection that lost bytes to it is closed, as
     * Toxiproxy's timeout closes its links when removed; the proxy going down only reads it.
     */
    private void close(ToxicState t, boolean heal) {
        if (t.window == null || engine == null) {
            t.window = null;
            return;
        }
        t.done.add(heal ? engine.heal(t.window) : engine.reading(t.window));
        t.window = null;
    }

    private ToxicState find(String toxic) {
        for (ToxicState t : toxics) if (t.spec.name().equals(toxic)) return t;
        return null;
    }

    /** Toxiproxy's toxic list: the upstream chain, then the downstream chain, each in the order added. */
    synchronized ArrayNode toxicsJson() {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (Direction d : Direction.values()) {
            for (ToxicState t : toxics) if (t.spec.stream() == d) a.add(t.spec.toJson());
        }
        return a;
    }

    private ObjectNode fieldsJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", name);
        o.put("listen", listen);
        o.put("upstream", upstream);
        o.put("enabled", enabled);
        return o;
    }

    /** The proxy as Toxiproxy shows it: name, listen, upstream, enabled, toxics. */
    synchronized ObjectNode toJson() {
        ObjectNode o = fieldsJson();
        o.set("toxics", toxicsJson());
        return o;
    }
}
