package dev.falsify.model.plan.run;

import dev.falsify.model.text.Span;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The typed content of a scenario's {@code run} block (plan-format.md, "Run block"). Strings keep
 * their placeholders ({@code {session}}, {@code {artifacts}}, {@code {logs}}, {@code {seed}},
 * {@code {scenario}}, {@code {plan_dir}}); the runner substitutes them. Absent optional parts are
 * empty lists or null.
 *
 * @param cwd      working directory relative to the plan file ("." when absent)
 * @param timeout  whole-arm timeout, or null
 * @param seeds    one run per seed; empty means the runner picks one
 */
public record RunSpec(String cwd, Duration timeout, List<Long> seeds, List<String> setup, List<Service> services,
                      List<Proxy> proxies, Workload workload, List<Fault> faults, HistoryFile history, List<String> checkers,
                      FinalState finalState, List<String> teardown, List<MessageTap> messages, List<MessageFilter> filters,
                      Monitor monitor, List<Node> nodes) {

    public RunSpec {
        nodes = List.copyOf(nodes);
        seeds = List.copyOf(seeds);
        setup = List.copyOf(setup);
        services = List.copyOf(services);
        proxies = List.copyOf(proxies);
        faults = List.copyOf(faults);
        checkers = List.copyOf(checkers);
        teardown = List.copyOf(teardown);
        messages = List.copyOf(messages);
        filters = List.copyOf(filters);
    }

    /**
     * A long-running process the runner starts and owns. {@code env} and {@code cwd} are optional;
     * {@code node} is the declared node it runs on, or null (this host, as before nodes existed).
     */
    public record Service(String name, String cmd, Ready ready, Map<String, String> env, String cwd, Span span, String node) {
    }

    /**
     * A node of the cluster ({@code nodes:}): a name and a transport ({@link ClusterVocabulary.Transport} id,
     * {@code local} when not written).
     */
    public record Node(String name, String transport, Span span) {
        public boolean netns() {
            return ClusterVocabulary.Transport.NETNS.id().equals(transport);
        }
    }

    /** Whether any node has its own network namespace (so the run needs root, ip and iptables). */
    public boolean hasNetnsNodes() {
        return nodes.stream().anyMatch(Node::netns);
    }

    /** Readiness check: exactly one of {@code tcp} (host:port), {@code log} (regex), {@code cmd}. */
    public record Ready(String tcp, String log, String cmd, Duration timeout) {
    }

    /** A built-in loopback fault proxy for one link. */
    public record Proxy(String name, String listen, String upstream, Span span) {
    }

    public record Workload(String cmd, Map<String, String> env, String cwd, Duration timeout, Span span) {
    }

    /**
     * A scheduled fault.
     *
     * @param at       offset from workload start (jitter drawn from the seed is the runner's business)
     * @param duration the {@code for:} window, or null for an instantaneous fault
     * @param landing  the evidence that the fault landed, or null (proxy and process faults then rely on
     *                 their built-in evidence)
     */
    public record Fault(String name, Duration at, Duration duration, FaultAction action, LandingRule landing, Span span) {
    }

    /** What a fault does. */
    public sealed interface FaultAction
            permits ProxyAction, ProcessAction, CommandAction, PartitionAction, NetAction, ClockAction, StorageAction {
    }

    /**
     * @param kind        partition, drop-one-way, latency, bandwidth, reset, slow-close, hang, limit-data, slicer
     * @param params      ms, jitter_ms, kbps, bytes, direction (values as written)
     * @param connections all (default), first:N, nth:N or fraction:F
     */
    public record ProxyAction(String proxy, String kind, Map<String, String> params, String connections) implements FaultAction {
    }

    /** @param signal KILL, TERM, STOP/CONT (stop for the window, then continue), STOP, CONT, INT, HUP */
    public record ProcessAction(String service, String signal, boolean restart) implements FaultAction {
    }

    /**
     * A partition of the cluster's nodes ({@link ClusterVocabulary.Shape} id): DROP rules inside the node
     * namespaces, their packet counters the landing evidence.
     *
     * @param node  the isolated node of {@code isolate}, else null
     * @param nodes the nodes the shape splits, in order (empty: every netns node, declared order)
     * @param from  {@code one-way}: the senders whose packets are dropped
     * @param to    {@code one-way}: the receivers that never get them
     */
    public record PartitionAction(String shape, String node, List<String> nodes, List<String> from, List<String> to)
            implements FaultAction {
        public PartitionAction {
            nodes = List.copyOf(nodes);
            from = List.copyOf(from);
            to = List.copyOf(to);
        }
    }

    /**
     * A packet fault on nodes ({@link ClusterVocabulary.NetKind} id): loss, bandwidth, netem kinds.
     *
     * @param nodes  the nodes whose traffic it hits (empty: every netns node)
     * @param params the kind's parameters as written (validated against the vocabulary)
     */
    public record NetAction(String kind, List<String> nodes, Map<String, String> params) implements FaultAction {
        public NetAction {
            nodes = List.copyOf(nodes);
            params = Map.copyOf(params);
        }
    }

    /** Arbitrary inject / heal commands (needs a landing probe). */
    public record CommandAction(String inject, String heal) implements FaultAction {
    }

    /**
     * A clock fault on one service's processes through libfaketime ({@link RunVocabulary.ClockKind}): the
     * host's clock is never touched.
     *
     * @param kind     jump, drift or strobe
     * @param offsetMs the jump (signed), or the strobe's amplitude; 0 for drift
     * @param rate     drift: how fast the service's clock runs during the window (1.5 = 50 % fast); else 1
     * @param periodMs strobe: how long each side of the strobe lasts; else 0
     */
    public record ClockAction(String service, String kind, long offsetMs, double rate, long periodMs) implements FaultAction {
    }

    /**
     * A storage fault on one service's data directory through Falsify's FUSE layer
     * ({@link RunVocabulary.StorageKind}).
     *
     * @param dir     the service's data directory (placeholders kept); mounted over before the services start
     * @param delayMs slow-io: the delay added to each operation; else 0
     * @param restart lose-unsynced-writes: start the service again after the window
     */
    public record StorageAction(String service, String kind, String dir, long delayMs, boolean restart) implements FaultAction {
    }

    /** @param expect e.g. {@code delta > 0}, compared before vs during the window */
    public record LandingRule(String probe, String expect) {
    }

    public record HistoryFile(String path, String format, String model) {
    }

    public record FinalState(String cmd, String format) {
    }

    /**
     * Message-level reading of a proxied link.
     *
     * @param framing  {@code newline}, {@code length-prefixed-4} or {@code regex:<pattern>}
     * @param fields   field name → JSON path ({@code $.type}) or regex (its group named like the field, else
     *                 group 1, else the whole match); {@code type}, {@code src}, {@code dst} are the standard ones
     * @param client   node id of the end that connects through the proxy
     * @param upstream node id of the end the proxy connects to
     */
    public record MessageTap(String proxy, String framing, Map<String, String> fields, String client, String upstream,
                             Span span) {
        public MessageTap {
            fields = Map.copyOf(fields);
        }
    }

    /**
     * A condition on message events, service log lines, the monitor's state and the clock (keys in
     * {@link RunVocabulary.ConditionKey}, plus the taps' field names); every key must hold.
     */
    public record Condition(Map<String, String> match, Span span) {
        public Condition {
            match = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(match));
        }

        // equals and hashCode written out: a record's own are bootstrapped through invokedynamic
        // (ObjectMethods) at their first call, which spins method handles in every short command
        // (`falsify lint` hashes these); same meaning as the record's: component by component
        @Override
        public boolean equals(Object o) {
            return o instanceof Condition c && c.match.equals(match) && java.util.Objects.equals(c.span, span);
        }

        @Override
        public int hashCode() {
            return match.hashCode() * 31 + java.util.Objects.hashCode(span);
        }
    }

    /**
     * First match wins; default deliver.
     *
     * @param name     how evidence and the space-time view name it ({@code filter-N} when not given)
     * @param action   deliver, drop, delay, duplicate, hold-until, observe
     * @param delay    the delay of {@code delay}, else null
     * @param until    the release condition of {@code hold-until}, else null
     */
    public record MessageFilter(String name, Condition when, String action, Duration delay, Condition until, Span span) {
    }

    /**
     * @param bound         time bound from the workload's start, or null
     * @param boundMessages bound in messages sent, or null
     * @param defaultOutcome success or failure once the bound (or the run) ended without a terminal state, or null
     * @param success       terminal success states ({@code success} always is one)
     * @param failure       terminal failure states ({@code failure} always is one)
     */
    public record Monitor(String start, List<Transition> transitions, Duration bound, Long boundMessages,
                          String defaultOutcome, List<String> success, List<String> failure, Span span) {
        public Monitor {
            transitions = List.copyOf(transitions);
            success = List.copyOf(success);
            failure = List.copyOf(failure);
        }

        public boolean isSuccess(String state) {
            return "success".equals(state) || success.contains(state);
        }

        public boolean isFailure(String state) {
            return "failure".equals(state) || failure.contains(state);
        }

        public boolean isTerminal(String state) {
            return isSuccess(state) || isFailure(state);
        }
    }

    /** {@code from} may be {@code *} (any non-terminal state). */
    /**
     * @param bind monitor variables this transition sets when taken: variable name → the field of the message
     *             that took it ({@code { s: seq }}); a later condition compares a field with {@code "$s"}
     */
    public record Transition(String from, Condition on, String to, Map<String, String> bind, Span span) {
        public Transition {
            bind = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(bind));
        }

        // written out, as Condition's
        @Override
        public boolean equals(Object o) {
            return o instanceof Transition t && java.util.Objects.equals(t.from, from) && java.util.Objects.equals(t.on, on)
                    && java.util.Objects.equals(t.to, to) && t.bind.equals(bind) && java.util.Objects.equals(t.span, span);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(from, on, to, bind, span);
        }
    }
}
