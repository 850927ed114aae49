package dev.falsify.app.ui.preview;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a URL written in a plan may become in the preview, decided on the URL as a browser would read
 * it: character references decoded first ({@code jav&#x61;script:}, {@code &#32;javascript:},
 * {@code javascript&colon;}, numeric references without a semicolon), then the URL parser's own
 * clean-up (leading and trailing control characters and spaces dropped, tabs and line breaks removed
 * anywhere), then the scheme. An allow-list, not a block-list: a link may be a fragment, a relative
 * path (a file of the workspace, opened in the window) or an http(s) URL (opened in the system
 * browser on click); an image may only be a relative path. Everything else — {@code javascript:},
 * {@code vbscript:}, {@code data:}, {@code file:}, protocol-relative {@code //host}, remote images —
 * is refused, so a plan someone sends cannot run script, open a local file or carry a tracking pixel.
 */
public final class LinkPolicy {
    /** The decision for one URL; {@code url} is the cleaned form to emit, the same the decision was made on. */
    public sealed interface Verdict permits Fragment, Relative, Web, Blocked {
    }

    /** {@code #section}: stays in the page. */
    public record Fragment(String url) implements Verdict {
    }

    /** A path relative to the document's folder. */
    public record Relative(String url) implements Verdict {
    }

    /** An http or https URL: a link to the system browser, never loaded by the preview itself. */
    public record Web(String url, URI uri) implements Verdict {
    }

    /** Refused; {@code reason} is shown as the link's tooltip. */
    public record Blocked(String reason) implements Verdict {
    }

    /*
     * Named references that decode to characters that matter for the scheme decision (':' and the
     * characters the URL parser strips) plus the common ones. A named reference that is not listed
     * stays literal, exactly like an unknown one in a browser: every name that is missing decodes to
     * something other than an ASCII letter, digit or ':', so it can only make a scheme invalid (the
     * URL then reads as a relative path), never form one.
     */
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("colon", ":"), Map.entry("Tab", "\t"), Map.entry("NewLine", "\n"), Map.entry("amp", "&"),
            Map.entry("AMP", "&"), Map.entry("lt", "<"), Map.entry("LT", "<"), Map.entry("gt", ">"), Map.entry("GT", ">"),
            Map.entry("quot", "\""), Map.entry("QUOT", "\""), Map.entry("apos", "'"), Map.entry("nbsp", "\u00a0"),
            Map.entry("sol", "/"), Map.entry("bsol", "\\"), Map.entry("period", "."), Map.entry("num", "#"),
            Map.entry("quest", "?"), Map.entry("percnt", "%"), Map.entry("lpar", "("), Map.entry("rpar", ")"),
            Map.entry("plus", "+"), Map.entry("equals", "="), Map.entry("commat", "@"), Map.entry("excl", "!"),
            Map.entry("semi", ";"), Map.entry("comma", ","), Map.entry("lowbar", "_"), Map.entry("dollar", "$"));
    /** Named references a browser decodes even without their semicolon (the legacy set, as far as it matters here). */
    private static final Set<String> LEGACY = Set.of("amp", "AMP", "lt", "LT", "gt", "GT", "quot",
            "QUOT", "nbsp");

    private LinkPolicy() {
    }

    public static Verdict ofLink(String raw) {
        return decide(raw, false);
    }

    public static Verdict ofImage(String raw) {
        return decide(raw, true);
    }

    private static Verdict decide(String raw, boolean image) {
        if (raw == null) {
            return new Blocked("no URL");
        }
        // decoded until stable: a reference hidden under another (&amp;#106;) is judged by what it could become
        String url = raw;
        for (int i = 0; i < 4; i++) {
            String next = decodeCharacterReferences(url);
            if (next.equals(url)) {
                break;
            }
            url = next;
        }
        url = urlParserCleanup(url);
        if (url.isEmpty()) {
            return new Blocked("empty URL");
        }
        if (url.startsWith("#")) {
            return image ? new Blocked("not an image") : new Fragment(url);
        }
        if (url.startsWith("//") || url.startsWith("\\\\") || url.startsWith("/\\") || url.startsWith("\\/")) {
            return new Blocked("a link to another host without a scheme is not followed");
        }
        String scheme = scheme(url);
        if (scheme == null) {
            if (url.startsWith("/") || url.startsWith("\\")) {
                return new Blocked("an absolute path is outside the workspace");
            }
            int end = url.length();
            for (char stop : new char[] {'/', '?', '#'}) {
                int at = url.indexOf(stop);
                if (at >= 0) {
                    end = Math.min(end, at);
                }
            }
            if (url.substring(0, end).indexOf(':') >= 0) {
                // not a valid scheme, but a reader (or another program) might take it for one
                return new Blocked("a ':' before the first '/' reads as a scheme");
            }
            return new Relative(url);
        }
        if (!image && (scheme.equals("http") || scheme.equals("https"))) {
            try {
                URI uri = new URI(url);
                if (uri.getHost() == null || uri.getHost().isEmpty()) {
                    return new Blocked("no host in " + scheme + " URL");
                }
                return new Web(url, uri);
            } catch (URISyntaxException e) {
                return new Blocked("malformed URL");
            }
        }
        if (image && (scheme.equals("http") || scheme.equals("https"))) {
            return new Blocked("remote image not loaded");
        }
        return new Blocked(scheme + ": links are not allowed in the preview");
    }

    /**
     * The scheme (lower case) when the URL starts with one: an ASCII letter, then letters, digits,
     * '+', '-' or '.', then ':'. Null for a relative URL.
     */
    static String scheme(String url) {
        int colon = url.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        char first = url.charAt(0);
        if (!isAsciiLetter(first)) {
            return null;
        }
        for (int i = 1; i < colon; i++) {
            char c = url.charAt(i);
            if (!(isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) {
                return null;
            }
        }
        return url.substring(0, colon).toLowerCase(Locale.ROOT);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** The WHATWG URL parser's first steps: trim C0 controls and spaces, remove every tab and line break. */
    static String urlParserCleanup(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) <= 0x20) {
            start++;
        }
        while (end > start && s.charAt(end - 1) <= 0x20) {
            end--;
        }
        StringBuilder sb = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Decodes character references as an HTML parser does inside an attribute value: decimal and hex
     * numeric references with or without the semicolon (0, surrogates and values past U+10FFFF become
     * U+FFFD), and named references (with their semicolon; the legacy few also without one unless an
     * alphanumeric or '=' follows).
     */
    public static String decodeCharacterReferences(String s) {
        if (s.indexOf('&') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c != '&') {
                out.append(c);
                i++;
                continue;
            }
            if (i + 1 < n && s.charAt(i + 1) == '#') {
                int j = i + 2;
                boolean hex = j < n && (s.charAt(j) == 'x' || s.charAt(j) == 'X');
                if (hex) {
                    j++;
                }
                int digitsStart = j;
                long value = 0;
                while (j < n && Character.digit(s.charAt(j), hex ? 16 : 10) >= 0) {
                    if (value <= 0x10FFFF) {
                        value = value * (hex ? 16 : 10) + Character.digit(s.charAt(j), hex ? 16 : 10);
                    }
                    j++;
                }
                if (j == digitsStart) {
                    out.append(c); // "&#" without digits stays literal
                    i++;
                    continue;
                }
                if (j < n && s.charAt(j) == ';') {
                    j++;
                }
                boolean invalid = value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF);
                out.appendCodePoint(invalid ? 0xFFFD : (int) value);
                i = j;
                continue;
            }
            int j = i + 1;
            while (j < n && j - i <= 32 && Character.isLetterOrDigit(s.charAt(j)) && s.charAt(j) < 128) {
                j++;
            }
            String name = s.substring(i + 1, j);
            boolean semicolon = j < n && s.charAt(j) == ';';
            String value = NAMED.get(name);
            if (value != null && semicolon) {
                out.append(value);
                i = j + 1;
            } else if (value != null && LEGACY.contains(name)
                    && !(j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '='))) {
                out.append(value);
                i = j;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
