package dev.falsify.runner.run;

import dev.falsify.model.plan.run.RunSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code {port:NAME}} placeholders of one seed run: each NAME gets a free loopback port from the
 * OS, the same port everywhere in that run (services, proxies, ready checks, workload, fault commands,
 * …), so two runs on one machine (a second {@code falsify demo}, parallel seeds, a CI neighbour) never
 * collide on a port the plan wrote down.
 *
 * <p>Ports are taken by binding 127.0.0.1:0 and released just before the run's processes start; the
 * sockets of one allocation are all held open together, so its names get distinct ports. Ports this
 * JVM handed out recently are never handed out again, so parallel seeds of one run cannot be given a
 * port another seed has not bound yet.
 */
final class PortAllocation {
    /** {@code {port:NAME}}, as lint reads it. */
    static final Pattern PLACEHOLDER = dev.falsify.model.plan.run.RunVocabulary.PORT_PLACEHOLDER;
    private static final int RECENT = 4096;
    private static final Deque<Integer> recentOrder = new ArrayDeque<>();
    private static final Set<Integer> recent = new HashSet<>();

    private final Map<String, Integer> ports;

    private PortAllocation(Map<String, Integer> ports) {
        this.ports = Collections.unmodifiableMap(ports);
    }

    /** NAME → port, in the order the names first appear. */
    Map<String, Integer> ports() {
        return ports;
    }

    /** Placeholder values: {@code port:NAME} → the port's number, for {@link Placeholders}. */
    Map<String, String> placeholderValues() {
        Map<String, String> m = new LinkedHashMap<>();
        ports.forEach((name, port) -> m.put("port:" + name, Integer.toString(port)));
        return m;
    }

    /** No ports (a run block without {@code {port:NAME}}, or one whose allocation failed). */
    static PortAllocation allocateNone() {
        return new PortAllocation(new LinkedHashMap<>());
    }

    /** Allocates a port for every {@code {port:NAME}} the run block mentions. */
    static PortAllocation forSpec(RunSpec spec) throws IOException {
        return allocate(namesIn(texts(spec)));
    }

    static PortAllocation allocate(Set<String> names) throws IOException {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (names.isEmpty()) return new PortAllocation(out);
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (String name : names) {
                out.put(name, take(held));
            }
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // a socket that will not close still has its port; the readiness check would notice
                }
            }
        }
        return new PortAllocation(out);
    }

    /** Binds a fresh loopback port not handed out recently by this JVM; the socket stays open in {@code held}. */
    private static int take(List<ServerSocket> held) throws IOException {
        for (int attempt = 0; attempt < 64; attempt++) {
            ServerSocket s = new ServerSocket();
            held.add(s);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = s.getLocalPort();
            synchronized (recent) {
                if (recent.add(port)) {
                    recentOrder.addLast(port);
                    if (recentOrder.size() > RECENT) recent.remove(recentOrder.removeFirst());
                    return port;
                }
            }
        }
        throw new IOException("no free loopback port found that this run has not used yet");
    }

    static Set<String> namesIn(List<String> texts) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : texts) {
            if (t == null) continue;
            Matcher m = PLACEHOLDER.matcher(t);
            while (m.find()) names.add(m.group(1));
        }
        return names;
    }

    /** Every text of a run block that placeholders are substituted into. */
    static List<String> texts(RunSpec spec) {
        List<String> t = new ArrayList<>(spec.setup());
        for (RunSpec.Service s : spec.services()) {
            t.add(s.cmd());
            t.add(s.cwd());
            if (s.env() != null) t.addAll(s.env().values());
            if (s.ready() != null) {
                t.add(s.ready().tcp());
                t.add(s.ready().log());
                t.add(s.ready().cmd());
            }
        }
        for (RunSpec.Proxy p : spec.proxies()) {
            t.add(p.listen());
            t.add(p.upstream());
        }
        if (spec.workload() != null) {
            t.add(spec.workload().cmd());
            t.add(spec.workload().cwd());
            if (spec.workload().env() != null) t.addAll(spec.workload().env().values());
        }
        for (RunSpec.Fault f : spec.faults()) {
            if (f.action() instanceof RunSpec.CommandAction c) {
                t.add(c.inject());
                t.add(c.heal());
            }
            if (f.landing() != null) t.add(f.landing().probe());
        }
        if (spec.history() != null) t.add(spec.history().path());
        if (spec.finalState() != null) t.add(spec.finalState().cmd());
        t.addAll(spec.teardown());
        return t;
    }
}
