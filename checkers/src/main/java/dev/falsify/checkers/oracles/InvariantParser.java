package dev.falsify.checkers.oracles;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser of the final-state predicate language (see {@link Invariant}).
 * Every error names the 1-based column and what was expected there.
 */
final class InvariantParser {
    private static final Set<String> FUNCTIONS = Set.of("sum", "count", "min", "max", "all", "any", "unique",
            "occurrences");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "not", "true", "false", "null");

    private final String src;
    private int pos;

    InvariantParser(String src) {
        this.src = src;
    }

    Invariant.Expr parseAll() {
        Invariant.Expr e = or();
        skipSpace();
        if (pos < src.length()) throw error("expected 'and', 'or', a comparison or the end, found '" + rest() + "'");
        return e;
    }

    JsonPath pathOnly() {
        skipSpace();
        if (pos >= src.length()) throw error("expected a path such as $.field or field");
        JsonPath p = path();
        skipSpace();
        if (pos < src.length()) throw error("expected the end of the path, found '" + rest() + "'");
        return p;
    }

    private Invariant.Expr or() {
        int start = mark();
        List<Invariant.Expr> parts = new ArrayList<>(List.of(and()));
        while (word("or")) parts.add(and());
        return parts.size() == 1 ? parts.get(0) : new Invariant.Or(parts, text(start));
    }

    private Invariant.Expr and() {
        int start = mark();
        List<Invariant.Expr> parts = new ArrayList<>(List.of(not()));
        while (word("and")) parts.add(not());
        return parts.size() == 1 ? parts.get(0) : new Invariant.And(parts, text(start));
    }

    private Invariant.Expr not() {
        int start = mark();
        if (word("not")) return new Invariant.Not(not(), text(start));
        return comparison();
    }

    private Invariant.Expr comparison() {
        int start = mark();
        Invariant.Expr left = additive();
        skipSpace();
        for (String op : List.of("==", "!=", "<=", ">=", "<", ">", "=")) {
            if (src.startsWith(op, pos)) {
                pos += op.length();
                Invariant.Expr right = additive();
                return new Invariant.Compare(op.equals("=") ? "==" : op, left, right, text(start));
            }
        }
        return left;
    }

    private Invariant.Expr additive() {
        int start = mark();
        Invariant.Expr e = primary();
        while (true) {
            skipSpace();
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                char op = src.charAt(pos++);
                e = new Invariant.Arith(op, e, primary(), text(start));
            } else {
                return e;
            }
        }
    }

    private Invariant.Expr primary() {
        skipSpace();
        int start = pos;
        if (pos >= src.length()) throw error("expected a value, a path or a function call, found the end");
        char c = src.charAt(pos);
        if (c == '(') {
            pos++;
            Invariant.Expr e = or();
            expect(")", "to close the '(' at column " + (start + 1));
            return e;
        }
        if (c == '-' ) {
            pos++;
            return new Invariant.Arith('-', new Invariant.Literal(BigDecimal.ZERO, "0"), primary(), text(start));
        }
        if (Character.isDigit(c)) return number();
        if (c == '"' || c == '\'') return new Invariant.Literal(string(), text(start));
        if (c == '$' || c == '@') return new Invariant.PathRef(path());
        if (Character.isLetter(c) || c == '_') {
            String id = identifierAt(pos);
            if (id.equals("true") || id.equals("false")) {
                pos += id.length();
                return new Invariant.Literal(Boolean.valueOf(id), id);
            }
            if (id.equals("null")) {
                pos += id.length();
                return new Invariant.Literal(null, id);
            }
            int after = pos + id.length();
            while (after < src.length() && src.charAt(after) == ' ') after++;
            if (after < src.length() && src.charAt(after) == '(') {
                if (!FUNCTIONS.contains(id)) {
                    throw error("unknown function '" + id + "'; known: all, any, count, max, min, occurrences, sum, unique");
                }
                pos = after + 1;
                return call(id, start);
            }
            if (KEYWORDS.contains(id)) throw error("expected a value before '" + id + "'");
            return new Invariant.PathRef(path());
        }
        throw error("expected a value, a path or a function call, found '" + c + "'");
    }

    private Invariant.Expr call(String fn, int start) {
        List<Invariant.Expr> args = new ArrayList<>();
        skipSpace();
        char c = pos < src.length() ? src.charAt(pos) : ' ';
        if (!(c == '$' || c == '@' || Character.isLetter(c) || c == '_')) {
            throw error(fn + "(…) takes a path as its first argument, such as $.accounts[*].balance");
        }
        Invariant.Expr first = new Invariant.PathRef(path());
        args.add(first);
        boolean needsSecond = fn.equals("all") || fn.equals("any") || fn.equals("occurrences");
        skipSpace();
        if (needsSecond) {
            expect(",", "and a second argument: " + fn + "(PATH, " + (fn.equals("occurrences") ? "VALUE" : "PREDICATE on @") + ")");
            args.add(or());
        }
        expect(")", "to close " + fn + "(");
        return new Invariant.Call(fn, args, text(start));
    }

    private JsonPath path() {
        int start = pos;
        boolean current = false;
        List<String> segs = new ArrayList<>();
        char c = src.charAt(pos);
        if (c == '$' || c == '@') {
            current = c == '@';
            pos++;
        } else {
            String id = identifierAt(pos);
            segs.add(id);
            pos += id.length();
        }
        while (pos < src.length()) {
            char d = src.charAt(pos);
            if (d == '.') {
                pos++;
                if (pos < src.length() && src.charAt(pos) == '*') {
                    pos++;
                    segs.add(JsonPath.ALL);
                } else {
                    String id = identifierAt(pos);
                    if (id.isEmpty()) throw error("expected a field name or * after '.'");
                    segs.add(id);
                    pos += id.length();
                }
            } else if (d == '[') {
                pos++;
                skipSpace();
                if (pos < src.length() && src.charAt(pos) == '*') {
                    pos++;
                    segs.add(JsonPath.ALL);
                } else if (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                    int s = pos;
                    while (pos < src.length() && Character.isDigit(src.charAt(pos))) pos++;
                    segs.add("#" + src.substring(s, pos));
                } else if (pos < src.length() && (src.charAt(pos) == '"' || src.charAt(pos) == '\'')) {
                    segs.add(string());
                } else {
                    throw error("expected *, an index or a quoted field name after '['");
                }
                skipSpace();
                expect("]", "to close '['");
            } else {
                break;
            }
        }
        return new JsonPath(current, segs, src.substring(start, pos));
    }

    private Invariant.Expr number() {
        int s = pos;
        while (pos < src.length() && (Character.isDigit(src.charAt(pos)) || src.charAt(pos) == '.')) pos++;
        try {
            return new Invariant.Literal(new BigDecimal(src.substring(s, pos)), src.substring(s, pos));
        } catch (NumberFormatException e) {
            pos = s;
            throw error("malformed number '" + src.substring(s, Math.min(src.length(), s + 12)) + "'");
        }
    }

    private String string() {
        char q = src.charAt(pos);
        int s = pos++;
        StringBuilder b = new StringBuilder();
        while (pos < src.length() && src.charAt(pos) != q) {
            if (src.charAt(pos) == '\\' && pos + 1 < src.length()) pos++;
            b.append(src.charAt(pos++));
        }
        if (pos >= src.length()) {
            pos = s;
            throw error("unterminated string starting here");
        }
        pos++;
        return b.toString();
    }

    private String identifierAt(int p) {
        int e = p;
        while (e < src.length() && (Character.isLetterOrDigit(src.charAt(e)) || src.charAt(e) == '_'
                || src.charAt(e) == '-' && e > p && e + 1 < src.length() && Character.isLetter(src.charAt(e + 1)))) e++;
        return src.substring(p, e);
    }

    private boolean word(String w) {
        skipSpace();
        if (src.startsWith(w, pos) && identifierAt(pos).equals(w)) {
            pos += w.length();
            return true;
        }
        return false;
    }

    private void expect(String s, String why) {
        skipSpace();
        if (!src.startsWith(s, pos)) {
            throw error("expected '" + s + "' " + why + (pos < src.length() ? ", found '" + rest() + "'" : ", found the end"));
        }
        pos += s.length();
    }

    private int mark() {
        skipSpace();
        return pos;
    }

    private String text(int start) {
        return src.substring(start, pos).trim();
    }

    private String rest() {
        String r = src.substring(pos);
        return r.length() > 16 ? r.substring(0, 16) + "…" : r;
    }

    private void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) pos++;
    }

    private InvariantSyntaxException error(String message) {
        return new InvariantSyntaxException(pos + 1, message);
    }
}
