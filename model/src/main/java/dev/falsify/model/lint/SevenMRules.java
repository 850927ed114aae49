package dev.falsify.model.lint;

import dev.falsify.model.picker.CheckerPicker;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanTemplates;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.SevenM;
import dev.falsify.model.plan.SevenMS;
import dev.falsify.model.plan.edit.PlanPatch;
import dev.falsify.model.plan.edit.TextEdit;
import dev.falsify.model.text.Span;
import dev.falsify.model.vocabulary.CheckerField;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** P005 (§7.M complete), P006 (landing signal), P007 (checker in picker), P008 (checker fits), P009 (§7.M.S and arms). */
final class SevenMRules implements PlanLinter.RuleGroup {

    static final ScreenedPattern REPORTED_SUCCESS = ScreenedPattern.leading(
            "(?i)(reported success|reports success|report(s|ed)? ok|returned (success|0|ok)|exit(s|ed)? (code )?0\\b|command succeeded|injector (said|says|reported))",
            "report", "returned", "exit", "command succeeded", "injector");
    static final ScreenedPattern OBSERVABLE = ScreenedPattern.leading(
            "(?i)(landing|evidence|counter|bytes|packets|dropped|drops|metric|\\blogs?\\b|observ|probe|\\bpid\\b|exit status|"
                    + "delta|rises|increase|stats|iptables|tc -s|/proc|\\bss\\b|netstat|\\brx\\b|\\btx\\b|errors?\\b|leader change|"
                    + "\\bterm\\b|epoch|applied index|resets?\\b|histogram|trace|tcpdump|grep|measured|visible|shows?|records?|"
                    + "timestamps?|gauge|count)",
            "landing", "evidence", "count", "bytes", "packets", "drop", "metric", "log", "observ", "probe", "pid", "exit status",
            "delta", "rises", "increase", "stats", "iptables", "tc -s", "/proc", "ss", "netstat", "rx", "tx", "error", "leader change",
            "term", "epoch", "applied index", "reset", "histogram", "trace", "tcpdump", "grep", "measured", "visible", "show", "record",
            "timestamp", "gauge");
    private static final Pattern SURFACE_SPLIT = Pattern.compile("[,;\\n]");
    private static final Pattern ORACLE_SPLIT = Pattern.compile("[;\\n]|\\s\\+\\s");

    @Override
    public void check(LintContext ctx) {
        Plan plan = ctx.plan;
        for (Scenario s : plan.scenarios()) {
            boolean serious = ctx.isSerious(s);
            SevenM m = s.sevenM();
            if (serious && (!m.present() || m.notApplicable())) {
                String gated = gatedClaims(ctx, s);
                if (s.bulletForm() && ctx.divergent) {
                    ctx.report(LintRule.P019, Severity.INFO, s.headingSpan(), s.id() + " falsifies " + gated
                            + " but is a bullet; its §7.M could not be read");
                } else {
                    ctx.report(LintRule.P005, m.notApplicable() ? m.span() : s.headingSpan(), s.id() + " falsifies " + gated
                                    + " (gated) but " + (m.notApplicable() ? "declares §7.M not applicable" : "has no §7.M block"),
                            () -> ctx.editor.insertSevenMSkeleton(s.id()));
                }
            } else if (m.present() && !m.notApplicable() && !m.missing().isEmpty() && s.bulletForm() && ctx.divergent) {
                ctx.report(LintRule.P019, Severity.INFO, m.span(), s.id() + " is a bullet; its §7.M lacks "
                        + String.join(", ", m.missing()));
            } else if (m.present() && !m.notApplicable() && !m.missing().isEmpty()) {
                List<String> missing = m.missing();
                ctx.report(LintRule.P005, m.span(), s.id() + ": §7.M is missing " + String.join(", ", missing),
                        () -> addMissingFields(ctx, m, missing));
            }
            if (m.present() && !m.notApplicable()) {
                nemesis(ctx, s, m);
                checker(ctx, plan, s, m);
            }
            surfaces(ctx, plan, s);
        }
    }

    private static String gatedClaims(LintContext ctx, Scenario s) {
        List<String> out = new ArrayList<>();
        for (Claim c : ctx.claimsOf(s)) {
            if (!c.isGated()) continue;
            List<String> cats = c.categories().stream().filter(ClaimCategory.GATED::contains).map(ClaimCategory::label).toList();
            out.add(c.id() + " (" + String.join(", ", cats) + ")");
        }
        return String.join(", ", out);
    }

    private static PlanPatch addMissingFields(LintContext ctx, SevenM m, List<String> missing) {
        StringBuilder sb = new StringBuilder();
        for (String f : missing) {
            if (m.field(f).isPresent()) continue;   // present but empty: the author fills it in
            sb.append("\n- **").append(PlanTemplates.SEVEN_M_LABELS.get(f)).append(":**");
        }
        if (sb.length() == 0) return null;
        return PlanPatch.of("add the missing §7.M fields", TextEdit.insert(m.span().endOffset(), sb.toString()));
    }

    private static void nemesis(LintContext ctx, Scenario s, SevenM m) {
        Field f = m.field("nemesis").orElse(null);
        if (f == null || f.isBlank()) return;   // P005 reports it
        // a separate "Landing evidence:" field is the nemesis's landing signal
        String v = f.value() + m.field("landing").filter(l -> !l.isBlank()).map(l -> "\nLanding evidence: " + l.value()).orElse("");
        v = withoutMentions(v);
        if (REPORTED_SUCCESS.find(v)) {
            ctx.report(LintRule.P006, f.valueSpan(), s.id() + ": the nemesis relies on the injector reporting success;"
                    + " name a signal observed in the system (counters, logs, pids)");
        } else if (!Scenario.NO_FAULT.matcher(v).find() && !OBSERVABLE.find(v)) {
            ctx.report(LintRule.P006, f.valueSpan(), s.id() + ": the nemesis names no observable landing signal"
                    + " (add 'Landing evidence: …' — a counter, log line or pid change that proves the fault landed)");
        }
    }

    /** A quoted phrase, or a phrase followed by "is not …" / preceded by "not, never, rather than …". */
    private static final Pattern NEGATED_AFTER = Pattern.compile(
            "(?i)^[\"”'`)\\s]{0,4}+(?:(?:is|are|was|does|do|counts?)?\\s*+(?:not|n't|never|no)\\b|(?:isn't|aren't|doesn't|don't)\\b"
                    + "|(?:proves?|means?|shows?|counts? for) nothing\\b|(?:is|are) (?:insufficient|not enough|no proof)\\b)");
    private static final Pattern NEGATED_BEFORE = Pattern.compile(
            "(?i)\\b(?:not|never|rather than|instead of|no longer|without relying on|beyond|other than|n't)\\s++(?:[\\w\"“'`-]++\\s++){0,3}+[\"“'`]?$");

    /**
     * The value with every sentence removed that mentions "reported success" only to reject it
     * ({@code "The injector reported success" is not landing evidence}, {@code never trust "exit 0"}): such
     * a sentence is neither the reliance P006 looks for nor a landing signal.
     */
    static String withoutMentions(String v) {
        if (!REPORTED_SUCCESS.find(v)) return v;
        Matcher m = REPORTED_SUCCESS.pattern().matcher(v);
        Quotes quotes = new Quotes(v, 0);
        StringBuilder out = null;
        int copied = 0;
        while (m.find()) {
            int windowStart = Math.max(0, m.start() - 48);
            Matcher before = NEGATED_BEFORE.matcher(v.substring(windowStart, m.start()));
            boolean negatedBefore = before.find();
            boolean quoted = quotes.openAt(m.start());
            int end = m.end();
            if (quoted) {
                // the mention ends at the closing quote: "“reported success” is not evidence; Landing evidence: …"
                int close = closingQuote(v, m.end());
                end = close < 0 ? m.end() : close + 1;
            }
            boolean negatedAfter = NEGATED_AFTER.matcher(v.substring(end, Math.min(v.length(), end + 32))).find();
            if (!negatedBefore && !quoted && !negatedAfter) continue;
            int start = negatedBefore ? windowStart + before.start()
                    : quoted ? Math.max(v.lastIndexOf('"', m.start() - 1), Math.max(v.lastIndexOf('\u201c', m.start() - 1),
                    v.lastIndexOf('`', m.start() - 1)))
                    : clauseStart(v, m.start());
            if (negatedAfter || !quoted) end = clauseEnd(v, end);
            if (start < copied) start = copied;
            if (out == null) out = new StringBuilder(v.length());
            out.append(v, copied, start).append(' ');
            copied = end;
            m.region(end, v.length());
        }
        if (out == null) return v;
        return out.append(v, copied, v.length()).toString();
    }

    private static int clauseStart(String v, int at) {
        for (int i = at - 1; i >= 0; i--) {
            char c = v.charAt(i);
            if (c == '\n' || c == ',' || c == ';' || c == ':' || c == '\u2014' || (c == '.' && i + 1 < at && v.charAt(i + 1) == ' ')) {
                return i + 1;
            }
        }
        return 0;
    }

    private static int clauseEnd(String v, int at) {
        for (int i = at; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\n' || c == ',' || c == ';' || c == ':' || c == '\u2014' || (c == '.' && (i + 1 == v.length() || v.charAt(i + 1) == ' '))) {
                return i + 1;
            }
        }
        return v.length();
    }

    private static int closingQuote(String v, int from) {
        for (int i = from; i < v.length() && v.charAt(i) != '\n'; i++) {
            char c = v.charAt(i);
            if (c == '"' || c == '\u201d' || c == '`') return i;
        }
        return -1;
    }

    private static void checker(LintContext ctx, Plan plan, Scenario s, SevenM m) {
        Field f = m.field("checker").orElse(null);
        if (f == null || f.isBlank()) return;
        CheckerField choice = CheckerField.read(f.value());
        if (!choice.acceptable()) {
            ctx.report(LintRule.P007, f.valueSpan(), s.id() + ": checker '" + shorten(f.value()) + "' is not in the checker picker ("
                    + String.join(", ", CheckerName.ids()) + ") and no justification for none is given");
            return;
        }
        if (choice.named().isEmpty()) return;
        Set<ClaimCategory> cats = new LinkedHashSet<>();
        for (Claim c : ctx.claimsOf(s)) cats.addAll(c.categories());
        CheckerPicker.Pick pick = CheckerPicker.pick(m.model(), new ArrayList<>(cats));
        if (pick.isEmpty()) return;
        boolean fits = choice.named().stream().anyMatch(pick.checkers()::contains);
        if (!fits) {
            ctx.report(LintRule.P008, f.valueSpan(), s.id() + ": checker " + String.join(", ", choice.named())
                    + " does not match model '" + HistoryModel.find(m.model()).map(HistoryModel::id).orElse(null) + "' for "
                    + String.join(", ", cats.stream().map(ClaimCategory::label).toList())
                    + "; the picker suggests " + String.join(" or ", pick.checkers()));
        }
    }

    private static void surfaces(LintContext ctx, Plan plan, Scenario s) {
        if (s.isArm() || !ctx.needsSurfaceDecomposition(s)) return;
        SevenMS ms = s.sevenMS();
        if (!ms.present()) {
            ctx.report(LintRule.P009, s.headingSpan(), s.id() + " falsifies a boundary/fairness claim but has no §7.M.S surface decomposition");
            return;
        }
        int surfaces = count(ms.value("surfaces"), SURFACE_SPLIT);
        int oracles = count(ms.value("oracle"), ORACLE_SPLIT);
        Set<ClaimCategory> cats = new LinkedHashSet<>();
        for (Claim c : ctx.claimsOf(s)) cats.addAll(c.categories());
        List<String> why = new ArrayList<>();
        if (surfaces > 3) why.add(surfaces + " surfaces");
        if (cats.size() > 3) why.add(cats.size() + " claim categories");
        if (oracles > 1) why.add(oracles + " independent oracles");
        if (!why.isEmpty() && s.arms().isEmpty()) {
            Span at = ms.field("surfaces").map(Field::span).orElse(ms.span());
            ctx.report(LintRule.P009, at, s.id() + " must be split into arms (" + String.join(", ", why) + ") but lists none");
        }
    }

    private static int count(String value, Pattern split) {
        if (value == null || value.isBlank()) return 0;
        int n = 0;
        for (String part : split.split(value)) {
            String p = part.replaceFirst("^\\s*[-*+]\\s*", "").strip();
            if (!p.isEmpty()) n++;
        }
        return n;
    }

    private static String shorten(String s) {
        String one = s.replace('\n', ' ').strip();
        return one.length() > 60 ? one.substring(0, 57) + "…" : one;
    }
}
