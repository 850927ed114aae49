package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * A predicate over a final-state JSON dump. The language (documented in docs/transactional.md):
 * <pre>
 *   expr   := expr 'or' expr | expr 'and' expr | 'not' expr | sum CMP sum | sum
 *   CMP    := == | = | != | &lt; | &lt;= | &gt; | &gt;=
 *   sum    := value (('+' | '-') value)*
 *   value  := number | "string" | true | false | null | PATH | FUNCTION(args) | ( expr )
 *   PATH   := $ or @ or a field name, then .field  [n]  [*]  .*  ["field"]
 *   FUNCTION := sum(PATH) | count(PATH) | min(PATH) | max(PATH) | unique(PATH)
 *             | all(PATH, expr on @) | any(PATH, expr on @) | occurrences(PATH, value)
 * </pre>
 * A function's path yields a list: every node the path reaches, or the elements (values) of the
 * single array (object) it reaches. Examples: {@code sum($.accounts[*].balance) == 0};
 * {@code all($.joined[*], occurrences($.members[*], @) == 1)}.
 */
public final class Invariant {
    private final Expr root;
    private final String text;

    private Invariant(Expr root, String text) {
        this.root = root;
        this.text = text;
    }

    /**
     * @throws InvariantSyntaxException naming the column where the text stops making sense
     */
    public static Invariant parse(String text) {
        return new Invariant(new InvariantParser(text).parseAll(), text);
    }

    public String text() {
        return text;
    }

    /** Thrown when the dump does not have the shape the predicate assumes. */
    public static final class EvaluationException extends RuntimeException {
        EvaluationException(String message) {
            super(message);
        }
    }

    /** The outcome: holds or not, and when not, the failing terms with their values. */
    public record Outcome(boolean holds, List<String> failingTerms) {
    }

    /** @throws EvaluationException when a value has the wrong type or a scalar path reaches several nodes */
    public Outcome evaluate(JsonNode state) {
        Object v = root.eval(state, null);
        if (!(v instanceof Boolean b)) {
            throw new EvaluationException("the invariant must be true or false, but `" + text + "` is " + show(v));
        }
        if (b) return new Outcome(true, List.of());
        List<String> why = new ArrayList<>();
        explain(root, state, null, why);
        return new Outcome(false, why);
    }

    private static void explain(Expr e, JsonNode state, JsonNode cur, List<String> out) {
        if (e instanceof And and) {
            for (Expr p : and.parts()) if (Boolean.FALSE.equals(p.eval(state, cur))) explain(p, state, cur, out);
        } else if (e instanceof Compare c) {
            out.add(c.text() + " is false: " + c.left().text() + " = " + show(c.left().eval(state, cur)) + ", "
                    + c.right().text() + " = " + show(c.right().eval(state, cur)));
        } else if (e instanceof Call call && call.fn().equals("all")) {
            for (JsonNode el : values(((PathRef) call.args().get(0)).path(), state, cur)) {
                if (!Boolean.TRUE.equals(call.args().get(1).eval(state, el))) {
                    List<String> inner = new ArrayList<>();
                    explain(call.args().get(1), state, el, inner);
                    out.add(call.text() + " is false for @ = " + el + (inner.isEmpty() ? "" : ": " + String.join("; ", inner)));
                    return;
                }
            }
        } else {
            out.add(e.text() + " is false");
        }
    }

    static String show(Object v) {
        if (v == null) return "null (missing)";
        if (v instanceof BigDecimal d) return d.stripTrailingZeros().toPlainString();
        if (v instanceof String s) return "\"" + s + "\"";
        return v.toString();
    }

    /** The nodes a function argument stands for: every node reached, or the members of the single container reached. */
    static List<JsonNode> values(JsonPath path, JsonNode state, JsonNode cur) {
        List<JsonNode> nodes = path.select(state, cur);
        if (nodes.size() == 1 && nodes.get(0).isContainerNode() && !path.segments().contains(JsonPath.ALL)) {
            List<JsonNode> members = new ArrayList<>();
            for (Iterator<JsonNode> it = nodes.get(0).elements(); it.hasNext(); ) members.add(it.next());
            return members;
        }
        return nodes;
    }

    static Object scalar(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return null;
        if (n.isNumber()) return Double.isFinite(n.doubleValue()) ? n.decimalValue() : (Object) n.doubleValue();
        if (n.isTextual()) return n.asText();
        if (n.isBoolean()) return n.asBoolean();
        return n;
    }

    sealed interface Expr permits Literal, PathRef, Call, Compare, Arith, And, Or, Not {
        Object eval(JsonNode state, JsonNode cur);

        String text();
    }

    record Literal(Object value, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            return value;
        }
    }

    record PathRef(JsonPath path) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            List<JsonNode> nodes = path.select(state, cur);
            if (nodes.isEmpty()) return null;
            if (nodes.size() > 1) {
                throw new EvaluationException("path " + path + " reaches " + nodes.size()
                        + " values; wrap it in sum, count, min, max, all or any");
            }
            return scalar(nodes.get(0));
        }

        public String text() {
            return path.text();
        }
    }

    record Call(String fn, List<Expr> args, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            List<JsonNode> vs = values(((PathRef) args.get(0)).path(), state, cur);
            switch (fn) {
                case "count":
                    return BigDecimal.valueOf(vs.size());
                case "sum": {
                    BigDecimal s = BigDecimal.ZERO;
                    for (JsonNode n : vs) s = s.add(number(n));
                    return s;
                }
                case "min":
                case "max": {
                    BigDecimal best = null;
                    for (JsonNode n : vs) {
                        BigDecimal d = number(n);
                        if (best == null || (fn.equals("min") ? d.compareTo(best) < 0 : d.compareTo(best) > 0)) best = d;
                    }
                    return best;
                }
                case "unique":
                    return vs.stream().distinct().count() == vs.size();
                case "all":
                case "any": {
                    for (JsonNode n : vs) {
                        Object b = args.get(1).eval(state, n);
                        if (!(b instanceof Boolean)) {
                            throw new EvaluationException(fn + "(…) needs a true/false predicate, but " + args.get(1).text()
                                    + " is " + show(b) + " for @ = " + n);
                        }
                        if (fn.equals("all") && !(Boolean) b) return false;
                        if (fn.equals("any") && (Boolean) b) return true;
                    }
                    return fn.equals("all");
                }
                case "occurrences": {
                    Object want = args.get(1).eval(state, cur);
                    return BigDecimal.valueOf(vs.stream().filter(n -> same(scalar(n), want)).count());
                }
                default:
                    throw new IllegalStateException(fn);
            }
        }

        private BigDecimal number(JsonNode n) {
            if (!n.isNumber()) {
                throw new EvaluationException(fn + "(" + args.get(0).text() + ") needs numbers, but found " + n);
            }
            if (!Double.isFinite(n.doubleValue())) {
                throw new EvaluationException(fn + "(" + args.get(0).text() + ") needs finite numbers, but found " + n);
            }
            return n.decimalValue();
        }
    }

    static boolean same(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) return x.compareTo(y) == 0;
        return Objects.equals(a, b);
    }

    record Compare(String op, Expr left, Expr right, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            Object a = left.eval(state, cur);
            Object b = right.eval(state, cur);
            if (op.equals("==")) return same(a, b);
            if (op.equals("!=")) return !same(a, b);
            int c;
            if (a instanceof BigDecimal x && b instanceof BigDecimal y) c = x.compareTo(y);
            else if (a instanceof String x && b instanceof String y) c = x.compareTo(y);
            else throw new EvaluationException("cannot compare " + show(a) + " " + op + " " + show(b) + " in " + text);
            return switch (op) {
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            };
        }
    }

    record Arith(char op, Expr left, Expr right, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            Object a = left.eval(state, cur);
            Object b = right.eval(state, cur);
            if (!(a instanceof BigDecimal x) || !(b instanceof BigDecimal y)) {
                throw new EvaluationException("arithmetic needs numbers: " + show(a) + " " + op + " " + show(b) + " in " + text);
            }
            return op == '+' ? x.add(y) : x.subtract(y);
        }
    }

    record And(List<Expr> parts, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            for (Expr p : parts) if (!bool(p, state, cur)) return false;
            return true;
        }
    }

    record Or(List<Expr> parts, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            for (Expr p : parts) if (bool(p, state, cur)) return true;
            return false;
        }
    }

    record Not(Expr inner, String text) implements Expr {
        public Object eval(JsonNode state, JsonNode cur) {
            return !bool(inner, state, cur);
        }
    }

    static boolean bool(Expr e, JsonNode state, JsonNode cur) {
        Object v = e.eval(state, cur);
        if (v instanceof Boolean b) return b;
        throw new EvaluationException(e.text() + " should be true or false but is " + show(v));
    }
}
