package dev.falsify.model.lint;

import dev.falsify.model.plan.BulletItem;
import dev.falsify.model.plan.Field;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** P010 (setup-shaped names), P014 (hypothesis categories), P016 (absolute negatives in §7d), P018 (release budget). */
final class ScenarioRules implements PlanLinter.RuleGroup {

    static final ScreenedPattern SETUP = ScreenedPattern.leading(
            "(?i)(\\b\\d+[-_ ]?nodes?\\b|\\bcluster\\b|\\bchaos\\b|\\bsetup\\b|\\bset[-_ ]up\\b|\\bdeploy|\\benvironment\\b|"
                    + "\\bharness\\b|\\bdocker\\b|\\bk8s\\b|\\bkubernetes\\b|\\bwith[-_ ](faults|nemesis|chaos)\\b|\\bbenchmark\\b|"
                    + "\\bload[-_ ]test\\b|\\bsmoke[-_ ]test\\b|\\bbasic[-_ ]test\\b|\\btest[-_ ]run\\b)",
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "cluster", "chaos", "set", "deploy", "environment", "harness", "docker",
            "k8s", "kubernetes", "with", "benchmark", "load", "smoke", "basic", "test");
    private static final Pattern CLAIM_WORDS = Pattern.compile(
            "(?i)(never|always|survive|preserv|linearizab|serializab|\\bno[-_ ]|\\bnot[-_ ]|remain|keep|hold|guarantee|"
                    + "exactly[-_ ]once|at[-_ ]most|at[-_ ]least|consistent|durable|lost|lose|duplicate|monoton|"
                    + "\\bis[-_ ]|\\bare[-_ ]|\\bstays?\\b|\\bconverge|\\bbounded|\\bwithin\\b|acknowledg|readable|isolat|order)");
    private static final Pattern ABSOLUTE = Pattern.compile(
            "(?i)\\b(cannot happen|can't happen|can not happen|can never|will never|never happens|impossible|guarantees?|"
                    + "guaranteed|proves?|proven|bug[- ]free|no bugs|always works|100 ?%|certainly|definitely)\\b");
    private static final Pattern NEGATED = Pattern.compile(
            "(?i)\\b(not|no|nor|cannot|n't|without|never|avoid|avoids|rather than|instead of)\\s++(?:\\w++\\s++){0,2}$");
    private static final Pattern TBD = Pattern.compile(
            "(?is)^(?:\\W*+(?:tbd|todo|tba|n/a|none|unknown|later)\\W*+|(?=\\W*+$).*?[?\\-—].*)$");
    private static final Pattern NOT_PROVIDED = Pattern.compile("(?i)^\\W*not provided\\b");
    private static final Pattern REVISIT = Pattern.compile("(?i)revisit(?: it)?\\s*+(?:when|once|after|if|as soon as|in)?\\s*+:?\\s*+\\S");
    private static final Pattern DECLARED_NA = Pattern.compile("(?i)(n/a|not applicable|out of scope|does not apply|no .{0,40} to test|none —|none -)");
    /** Every match of {@link #DECLARED_NA} contains one of these (lower case). */
    private static final String[] DECLARED_NA_LITERALS = {"n/a", "not applicable", "out of scope", "does not apply", " to test", "none"};

    /** The eight hypothesis categories of P014, with the (lower-case) words that show a hypothesis or an N/A line concerns each. */
    static final Map<String, String[]> CATEGORIES = new LinkedHashMap<>();

    static {
        CATEGORIES.put("correctness", new String[] {"correct", "stale", "linearizab", "serializab", "consisten", "anomal", "wrong",
                "lost update", "split-brain", "split brain", "safety", "violat", "invariant", "atomic", "reorder", "out of order", "overtak",
                "two leaders", "double", "twice", "race", "races"});
        CATEGORIES.put("durability", new String[] {"durab", "fsync", "persist", "data loss", "lost ack", "lost write", "crash", "disk",
                "write-ahead", "recover", "restart"});
        CATEGORIES.put("liveness", new String[] {"liveness", "stuck", "hang", "deadlock", "livelock", "progress", "starv", "unavailab",
                "availab", "block", "election", "never complete"});
        CATEGORIES.put("partial failure", new String[] {"partial failure", "partition", "network", "one-way", "gray failure",
                "grey failure", "packet", "disconnect", "slow node", "unreachable", "timeout", "outage", "flapping"});
        CATEGORIES.put("idempotency/replay", new String[] {"idempot", "replay", "retry", "retries", "retried", "duplicate", "redeliver",
                "at-least-once", "exactly-once", "dedup"});
        CATEGORIES.put("upgrade/rollback", new String[] {"upgrade", "rollback", "roll back", "downgrade", "version skew", "mixed version",
                "mixed-version", "migration", "rolling"});
        CATEGORIES.put("configuration", new String[] {"config", "flag", "setting", "env var", "environment variable", "parameter", "peers"});
        CATEGORIES.put("performance/fairness", new String[] {"performance", "latency", "throughput", "p99", "p95", "fairness", "tail",
                "slo", "overload", "noisy", "slow"});
    }

    private static boolean mentions(String lower, String[] words) {
        for (String w : words) if (lower.contains(w)) return true;
        return false;
    }

    @Override
    public void check(LintContext ctx) {
        Plan plan = ctx.plan;
        for (Scenario s : plan.scenarios()) {
            String name = s.name();
            if (!name.isBlank() && SETUP.find(name) && !CLAIM_WORDS.matcher(name).find()) {
                ctx.report(LintRule.P010, s.headingSpan(), s.id() + ": name '" + name
                        + "' describes the setup, not the claim it could falsify (e.g. acked_writes_survive_leader_crash)");
            }
            releaseBudget(ctx, s);
        }
        hypothesisCategories(ctx, plan);
        absoluteNegatives(ctx, plan);
    }

    private static void releaseBudget(LintContext ctx, Scenario s) {
        Optional<Field> f = s.field("releaseBudget");
        String fix = "not provided — <reason>. Revisit when: <condition>.";
        if (f.isEmpty()) {
            if (s.field("smokeBudget").isPresent() || s.field("hardeningBudget").isPresent()) {
                ctx.report(LintRule.P018, s.headingSpan(), s.id() + " has no release budget; write 'not provided — reason. Revisit when: …'",
                        () -> ctx.editor.setScenarioField(s.id(), "releaseBudget", fix));
            }
            return;
        }
        String v = f.get().value();
        if (v.isBlank() || TBD.matcher(v).matches()) {
            ctx.report(LintRule.P018, f.get().valueSpan(), s.id() + ": release budget is " + (v.isBlank() ? "empty" : "'" + v + "'")
                    + "; write 'not provided — reason. Revisit when: …'",
                    () -> ctx.editor.setScenarioField(s.id(), "releaseBudget", fix));
        } else if (NOT_PROVIDED.matcher(v).find() && !REVISIT.matcher(v).find()) {
            ctx.report(LintRule.P018, f.get().valueSpan(), s.id() + ": release budget 'not provided' needs a reason and 'Revisit when: …'");
        }
    }

    private static void hypothesisCategories(LintContext ctx, Plan plan) {
        Optional<Section> s4 = plan.section("4");
        if (s4.isEmpty() || plan.hypotheses().isEmpty()) return;
        // all hypotheses' texts in one string, one per line: a category word (never a line break)
        // found in it is found in one hypothesis, and each word is searched once, not per hypothesis
        StringBuilder all = new StringBuilder();
        for (Hypothesis h : plan.hypotheses()) {
            all.append(h.title()).append(' ').append(h.description());
            if (h.group() != null) all.append(' ').append(h.group());
            h.field("subsystem").ifPresent(f -> all.append(' ').append(f.value()));
            h.field("category").ifPresent(f -> all.append(' ').append(f.value()));
            all.append('\n');
        }
        String texts = all.toString().toLowerCase(Locale.ROOT);
        // N/A declarations: §4 (and §8) lines that name a category and say it does not apply
        String s4text = plan.text().substring(s4.get().bodySpan().startOffset(), s4.get().bodySpan().endOffset());
        List<String> naLines = new ArrayList<>();
        for (String line : s4text.split("\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            // §4 of a big plan is thousands of lines: skip the regex unless a literal it needs is there
            if (mentions(lower, DECLARED_NA_LITERALS) && DECLARED_NA.matcher(line).find()) naLines.add(lower);
        }
        for (BulletItem b : plan.notCovered()) naLines.add(b.text().toLowerCase(Locale.ROOT));
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String[]> e : CATEGORIES.entrySet()) {
            String name = e.getKey().split("/")[0];
            boolean covered = mentions(texts, e.getValue());
            boolean declared = naLines.stream().anyMatch(l -> l.contains(name) || mentions(l, e.getValue()));
            if (!covered && !declared) missing.add(e.getKey());
        }
        if (!missing.isEmpty()) {
            ctx.report(LintRule.P014, s4.get().headingSpan(), "§4 leaves " + String.join(", ", missing)
                    + " neither covered by a hypothesis nor declared N/A");
        }
    }

    private static void absoluteNegatives(LintContext ctx, Plan plan) {
        plan.section("7d").ifPresent(s -> {
            String text = plan.text();
            int from = s.bodySpan().startOffset();
            int to = s.bodySpan().endOffset();
            Matcher m = ABSOLUTE.matcher(text).region(from, to);
            Quotes quotes = new Quotes(text, from);
            while (m.find()) {
                // the 40 characters before the match, cut at a line break (never a scan back to the line start)
                String before = text.substring(Math.max(from, m.start() - 40), m.start());
                before = before.substring(before.lastIndexOf('\n') + 1);
                // "never write \"X cannot happen\"": a phrase in quotes is named, not claimed
                if (NEGATED.matcher(before).find() || quotes.openAt(m.start())) continue;
                String phrase = m.group();
                ctx.report(LintRule.P016, plan.lines().span(m.start(), m.end()), "§7d says '" + phrase
                        + "'; state confidence conservatively (what passing runs would and would not show)");
            }
        });
    }
}
