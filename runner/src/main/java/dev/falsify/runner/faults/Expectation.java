package dev.falsify.runner.faults;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A landing expectation over a probe's output, read before the fault and during its window:
 * {@code delta > 0} (during minus before), {@code value >= 10} (the reading during the window), or a
 * regex the output during the window must match ({@code regex: DROP}, {@code matches /x+/}, {@code /x+/}).
 * Numbers are the first number in the probe's output.
 */
public sealed interface Expectation {

    /** Whether the expectation holds for this pair of readings, with a one-line explanation. */
    Result evaluate(String before, String during);

    String text();

    record Result(boolean holds, String explanation) {
    }

    enum Comparison {
        GT(">"), GE(">="), LT("<"), LE("<="), EQ("=="), NE("!=");

        final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        boolean test(double a, double b) {
            return switch (this) {
                case GT -> a > b;
                case GE -> a >= b;
                case LT -> a < b;
                case LE -> a <= b;
                case EQ -> a == b;
                case NE -> a != b;
            };
        }

        static Comparison parse(String s) {
            for (Comparison op : values()) if (op.symbol.equals(s)) return op;
            if (s.equals("=")) return EQ;
            throw new IllegalArgumentException("unknown comparison '" + s + "'");
        }
    }

    record Delta(Comparison op, double n) implements Expectation {
        public Result evaluate(String before, String during) {
            OptionalDouble b = firstNumber(before);
            OptionalDouble d = firstNumber(during);
            if (b.isEmpty() || d.isEmpty()) {
                return new Result(false, "probe output has no number (before: " + clip(before) + ", during: "
                        + clip(during) + ")");
            }
            double delta = d.getAsDouble() - b.getAsDouble();
            return new Result(op.test(delta, n), "before " + fmt(b.getAsDouble()) + ", during " + fmt(d.getAsDouble())
                    + ": delta " + fmt(delta) + " " + (op.test(delta, n) ? "" : "not ") + op.symbol + " " + fmt(n));
        }

        public String text() {
            return "delta " + op.symbol + " " + fmt(n);
        }
    }

    record Value(Comparison op, double n) implements Expectation {
        public Result evaluate(String before, String during) {
            OptionalDouble d = firstNumber(during);
            if (d.isEmpty()) return new Result(false, "probe output during the window has no number: " + clip(during));
            boolean ok = op.test(d.getAsDouble(), n);
            return new Result(ok, "during " + fmt(d.getAsDouble()) + " " + (ok ? "" : "not ") + op.symbol + " " + fmt(n));
        }

        public String text() {
            return "value " + op.symbol + " " + fmt(n);
        }
    }

    record Regex(Pattern pattern) implements Expectation {
        public Result evaluate(String before, String during) {
            boolean ok = during != null && pattern.matcher(during).find();
            return new Result(ok, "output during the window " + (ok ? "matches" : "does not match") + " /"
                    + pattern.pattern() + "/: " + clip(during));
        }

        public String text() {
            return "regex /" + pattern.pattern() + "/";
        }
    }

    Pattern NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?");
    Pattern COMPARISON = Pattern.compile("(?i)^\\s*(delta|value)\\s*(>=|<=|==|!=|=|>|<)\\s*(-?\\d+(?:\\.\\d+)?)\\s*$");

    static Expectation parse(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("landing expectation is empty");
        String t = text.trim();
        Matcher m = COMPARISON.matcher(t);
        if (m.matches()) {
            Comparison op = Comparison.parse(m.group(2));
            double n = Double.parseDouble(m.group(3));
            return m.group(1).toLowerCase(Locale.ROOT).equals("delta") ? new Delta(op, n) : new Value(op, n);
        }
        String lower = t.toLowerCase(Locale.ROOT);
        String regex = null;
        if (lower.startsWith("regex:")) regex = t.substring(6).trim();
        else if (lower.startsWith("matches ")) regex = t.substring(8).trim();
        else if (t.startsWith("/")) regex = t;
        if (regex != null) {
            if (regex.length() >= 2 && regex.startsWith("/") && regex.endsWith("/")) regex = regex.substring(1, regex.length() - 1);
            try {
                return new Regex(Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("landing regex '" + regex + "' is not valid: " + e.getDescription());
            }
        }
        throw new IllegalArgumentException("landing expectation '" + text
                + "' is not understood; expected 'delta > 0', 'value >= N' or 'regex: PATTERN'");
    }

    static OptionalDouble firstNumber(String s) {
        if (s == null) return OptionalDouble.empty();
        Matcher m = NUMBER.matcher(s);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group())) : OptionalDouble.empty();
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static String clip(String s) {
        if (s == null) return "(none)";
        String one = s.strip().replace('\n', ' ');
        return one.length() > 80 ? one.substring(0, 77) + "..." : one.isEmpty() ? "(empty)" : one;
    }
}
