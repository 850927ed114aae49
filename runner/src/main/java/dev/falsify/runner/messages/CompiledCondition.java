package dev.falsify.runner.messages;

import dev.falsify.model.plan.run.Durations;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunVocabulary;
import dev.falsify.model.plan.run.RunVocabulary.ConditionKey;
import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run-block condition ({@link dev.falsify.model.plan.run.RunSpec.Condition}) compiled for matching. Values of type, src, dst, link, state, service and the taps' fields match
 * exactly, with {@code *} as a wildcard and {@code |} between alternatives; payload and log are regexes found
 * in the text; after/before bound the time since the workload started; count compares how many messages the
 * rest of the condition matched so far, this one included; a value {@code "$v"} equals the monitor variable
 * {@code v} (bound by an earlier transition's {@code bind}), which relates a message to an earlier one. A condition with message keys matches only message
 * events (a monitor or hold-until one, without {@code event}, only deliveries; a filter's only sends), one with
 * log keys only log lines, one with neither any occurrence, the clock's ticks included. Not thread-safe: the
 * engine evaluates conditions under its lock.
 */
final class CompiledCondition {
    private enum Scope { MESSAGE, LOG, ANY }

    private final String text;
    private final Scope scope;
    private final Set<MessageEventKind> events;
    private final List<Map.Entry<String, Predicate<String>>> values = new ArrayList<>();
    /** field → monitor variable it must equal ({@code seq: "$s"}) */
    private final List<Map.Entry<String, String>> variables = new ArrayList<>();
    private final Predicate<String> state;
    private final Pattern payload;
    private final Pattern log;
    private final Predicate<String> service;
    private final long afterNanos;
    private final long beforeNanos;
    private final String countOp;
    private final long countValue;
    private long count;

    /**
     * @param defaultEvent the event a message condition without {@code event:} means
     */
    CompiledCondition(RunSpec.Condition c, MessageEventKind defaultEvent) {
        Map<String, String> m = c == null ? Map.of() : c.match();
        this.text = m.toString();
        boolean messageKeys = false;
        boolean logKeys = false;
        Predicate<String> st = null;
        Pattern pl = null;
        Pattern lg = null;
        Predicate<String> sv = null;
        long after = Long.MIN_VALUE;
        long before = Long.MAX_VALUE;
        String op = null;
        long cv = 0;
        Set<MessageEventKind> ev = null;
        for (Map.Entry<String, String> e : m.entrySet()) {
            String v = e.getValue();
            ConditionKey k = ConditionKey.of(e.getKey()).orElse(null);
            Matcher ref = RunVocabulary.VARIABLE_REF.matcher(v.strip());
            if (ref.matches()) {
                variables.add(Map.entry(e.getKey(), ref.group(1)));
                messageKeys = true;
                continue;
            }
            if (k == null) {
                values.add(Map.entry(e.getKey(), glob(v)));
                messageKeys = true;
                continue;
            }
            if (k.scope() == ConditionKey.Scope.MESSAGE) messageKeys = true;
            if (k.scope() == ConditionKey.Scope.LOG) logKeys = true;
            switch (k) {
                case LINK, TYPE, SRC, DST -> values.add(Map.entry(k.id(), glob(v)));
                case EVENT -> {
                    ev = EnumSet.noneOf(MessageEventKind.class);
                    for (String x : v.split("\\|")) MessageEventKind.of(x).ifPresent(ev::add);
                }
                case PAYLOAD -> pl = Pattern.compile(v);
                case COUNT -> {
                    Matcher cm = RunVocabulary.COUNT.matcher(v.strip());
                    if (!cm.matches()) throw new IllegalArgumentException("count '" + v + "'");
                    op = cm.group(1) == null ? "==" : cm.group(1);
                    cv = Long.parseLong(cm.group(2));
                }
                case STATE -> st = glob(v);
                case AFTER -> after = Durations.parse(v).toNanos();
                case BEFORE -> before = Durations.parse(v).toNanos();
                case LOG -> lg = Pattern.compile(v);
                case SERVICE -> sv = glob(v);
            }
        }
        this.scope = messageKeys ? Scope.MESSAGE : logKeys ? Scope.LOG : Scope.ANY;
        this.events = ev != null ? ev : EnumSet.of(defaultEvent);
        this.state = st;
        this.payload = pl;
        this.log = lg;
        this.service = sv;
        this.afterNanos = after;
        this.beforeNanos = before;
        this.countOp = op;
        this.countValue = cv;
    }

    /** As {@link #test(Occurrence, String, Map, long)} with no monitor variables bound. */
    boolean test(Occurrence o, String monitorState, long elapsedNanos) {
        return test(o, monitorState, Map.of(), elapsedNanos);
    }

    /**
     * Whether the occurrence satisfies the condition, counting it when everything but the count matched.
     *
     * @param vars the monitor's variables; a {@code "$v"} value holds only when {@code v} is bound and equal
     */
    boolean test(Occurrence o, String monitorState, Map<String, String> vars, long elapsedNanos) {
        if (elapsedNanos < afterNanos || elapsedNanos >= beforeNanos) return false;
        if (state != null && !state.test(monitorState)) return false;
        switch (scope) {
            case MESSAGE -> {
                if (!(o instanceof Occurrence.OfMessage om) || !events.contains(om.kind())) return false;
                Message msg = om.message();
                for (Map.Entry<String, Predicate<String>> v : values) {
                    String actual = msg.value(v.getKey());
                    if (actual == null || !v.getValue().test(actual)) return false;
                }
                for (Map.Entry<String, String> v : variables) {
                    String bound = vars.get(v.getValue());
                    if (bound == null || !bound.equals(msg.value(v.getKey()))) return false;
                }
                if (payload != null && !payload.matcher(msg.payload()).find()) return false;
            }
            case LOG -> {
                if (!(o instanceof Occurrence.LogLine ll)) return false;
                if (service != null && !service.test(ll.service())) return false;
                if (log != null && !log.matcher(ll.text()).find()) return false;
            }
            case ANY -> {
            }
        }
        if (countOp == null) return true;
        long n = ++count;
        return switch (countOp) {
            case "<" -> n < countValue;
            case "<=" -> n <= countValue;
            case ">" -> n > countValue;
            case ">=" -> n >= countValue;
            case "!=" -> n != countValue;
            default -> n == countValue;
        };
    }

    /** Whether only the clock or a state change can make it true (so the engine's tick must evaluate it). */
    boolean onMoments() {
        return scope == Scope.ANY;
    }

    /** Whether it waits for service log lines. */
    boolean onLogLines() {
        return scope == Scope.LOG;
    }

    @Override
    public String toString() {
        return text;
    }

    /** {@code a|b*}: alternatives, each with {@code *} wildcards; plain values compare with equals. */
    static Predicate<String> glob(String value) {
        String[] alts = value.split("\\|", -1);
        if (alts.length == 1 && !value.contains("*")) return value::equals;
        if (!value.contains("*")) {
            Set<String> any = new java.util.HashSet<>();
            for (String a : alts) any.add(a.strip());
            return any::contains;
        }
        List<Pattern> ps = new ArrayList<>();
        for (String a : alts) {
            List<String> parts = new ArrayList<>();
            for (String part : a.strip().split("\\*", -1)) parts.add(Pattern.quote(part));
            ps.add(Pattern.compile(String.join(".*", parts)));
        }
        return s -> {
            for (Pattern p : ps) if (p.matcher(s).matches()) return true;
            return false;
        };
    }
}
