package dev.falsify.runner.toxiproxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The proxies of one {@code falsify proxy serve}, by name (Toxiproxy's {@code ProxyCollection}): names are
 * unique, and creating, populating, resetting and deleting keep them so under one lock.
 */
final class ServedProxies {
    private final ServeSettings settings;
    private final Map<String, ServedProxy> proxies = new LinkedHashMap<>();

    ServedProxies(ServeSettings settings) {
        this.settings = settings;
    }

    ServeSettings settings() {
        return settings;
    }

    synchronized List<ServedProxy> all() {
        return new ArrayList<>(proxies.values());
    }

    synchronized ServedProxy get(String name) {
        ServedProxy p = proxies.get(name);
        if (p == null) throw ApiError.PROXY_NOT_FOUND;
        return p;
    }

    /** {@code POST /proxies}: name and upstream required, enabled unless {@code enabled: false}. */
    synchronized ServedProxy create(JsonNode body) {
        Fields f = Fields.of(body, "");
        if (proxies.containsKey(f.name)) throw ApiError.PROXY_EXISTS;
        ServedProxy p = new ServedProxy(f.name, f.listen, f.upstream, settings);
        if (f.enabled) p.enable();
        proxies.put(f.name, p);
        settings.log().write(f.name, "proxy_created", p.toJson());
        p.announced = true;
        return p;
    }

    /**
     * {@code POST /populate}: every entry is checked before any proxy is touched; a proxy whose listen and
     * upstream are unchanged stays as it is, a changed one is replaced. The proxies done before an error
     * are returned with it, as Toxiproxy returns them.
     */
    synchronized List<ServedProxy> populate(JsonNode body, List<ServedProxy> done) {
        if (body == null || !body.isArray()) throw ApiError.badBody("expected a JSON array of proxies");
        List<Fields> input = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) input.add(Fields.of(body.get(i), " at proxy " + (i + 1)));
        for (Fields f : input) {
            ServedProxy existing = proxies.get(f.name);
            if (existing != null) {
                if (!existing.differs(f.listen, f.upstream)) {
                    done.add(existing);
                    continue;
                }
                existing.shutdown("proxy_replaced");
                proxies.remove(f.name);
            }
            ServedProxy p = new ServedProxy(f.name, f.listen, f.upstream, settings);
            if (f.enabled) p.enable();
            proxies.put(f.name, p);
            settings.log().write(f.name, "proxy_created", p.toJson());
            p.announced = true;
            done.add(p);
        }
        return done;
    }

    /** {@code POST /proxies/{proxy}}: fields absent from the body keep their values. */
    ServedProxy update(String name, JsonNode body) {
        ServedProxy p = get(name);
        if (body == null || !body.isObject()) throw ApiError.badBody("expected a JSON object");
        String listen = optional(body, "listen", p.listen());
        String upstream = optional(body, "upstream", p.upstream());
        JsonNode e = ToxicSpec.field(body, "enabled");
        if (e != null && !e.isNull() && !e.isBoolean()) throw ApiError.badBody("enabled must be true or false, not " + e);
        boolean enabled = e == null || e.isNull() ? p.enabled() : e.booleanValue();
        p.update(listen, upstream, enabled);
        return p;
    }

    synchronized void delete(String name) {
        ServedProxy p = get(name);
        p.shutdown("proxy_deleted");
        proxies.remove(name);
    }

    /** {@code POST /reset}: every proxy enabled, every toxic removed (their evidence kept). */
    synchronized void reset() {
        for (ServedProxy p : proxies.values()) {
            p.enable();
            p.removeAllToxics();
        }
    }

    /** The server stops: every proxy down, each active toxic's evidence recorded. */
    synchronized void close() {
        for (ServedProxy p : proxies.values()) p.shutdown("server_stopped");
        proxies.clear();
    }

    static ArrayNode json(List<ServedProxy> ps) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (ServedProxy p : ps) a.add(p.toJson());
        return a;
    }

    private static String optional(JsonNode body, String field, String fallback) {
        String v = ToxicSpec.text(body, field, null);
        return v == null ? fallback : v;
    }

    /** A proxy's fields as Toxiproxy reads them from a request body. */
    private record Fields(String name, String listen, String upstream, boolean enabled) {
        static Fields of(JsonNode body, String where) {
            if (body == null || !body.isObject()) throw ApiError.badBody("expected a JSON object" + where);
            String name = ToxicSpec.text(body, "name", "");
            String upstream = ToxicSpec.text(body, "upstream", "");
            String listen = ToxicSpec.text(body, "listen", "");
            JsonNode e = ToxicSpec.field(body, "enabled");
            if (e != null && !e.isNull() && !e.isBoolean()) throw ApiError.badBody("enabled must be true or false, not " + e);
            if (name.isEmpty()) throw ApiError.missingField("name" + where);
            if (upstream.isEmpty()) throw ApiError.missingField("upstream" + where);
            return new Fields(name, listen, upstream, e == null || e.isNull() || e.booleanValue());
        }
    }
}
