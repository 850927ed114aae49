package dev.falsify.model.lint;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.RequirementRow;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.plan.run.RunSpecError;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * P015 (environment requirements) and P017 (run blocks). A scenario "needs" the programs its run
 * block invokes: the first word of every command, except shell built-ins, common POSIX tools and
 * paths inside the project.
 */
final class EnvironmentRules implements PlanLinter.RuleGroup {

    /** Programs every POSIX machine the runner supports has; never worth a §6b row. */
    static final Set<String> BASE_TOOLS = Set.of("sh", "bash", "env", "echo", "cat", "grep", "egrep", "awk", "sed", "sleep",
            "test", "true", "false", "kill", "cd", "ls", "rm", "mkdir", "cp", "mv", "printf", "tee", "head", "tail", "wc", "sort",
            "uniq", "date", "seq", "timeout", "exec", "set", "export", "touch", "xargs", "find", "tr", "cut", "expr", "[", "exit",
            "wait", "trap", "chmod", "ln", "basename", "dirname", "pwd", "read", "source", ".", "nohup", "stat", "du", "df");

    /** Requirement names that satisfy a program (lower case). */
    static final Map<String, List<String>> ALIASES = Map.of(
            "java", List.of("jdk", "java", "openjdk", "jre"),
            "javac", List.of("jdk", "java", "openjdk"),
            "mvn", List.of("maven", "mvn"),
            "python3", List.of("python"),
            "python", List.of("python"),
            "node", List.of("node", "nodejs"),
            "npm", List.of("node", "npm"),
            "tc", List.of("tc", "iproute", "netem"),
            "cargo", List.of("cargo", "rust"),
            "go", List.of("go", "golang"));

    @Override
    public void check(LintContext ctx) {
        Plan plan = ctx.plan;
        List<String> declared = new ArrayList<>();
        for (RequirementRow r : plan.requirements()) declared.add(r.requirement().toLowerCase(Locale.ROOT));
        for (RequirementRow r : plan.requirements()) {
            List<String> unknown = r.usedBy().stream().filter(id -> !ctx.knownScenario(id)).toList();
            if (!unknown.isEmpty()) {
                ctx.report(LintRule.P015, r.row().span(), "§6b requirement '" + r.requirement() + "' names unknown scenario"
                        + (unknown.size() == 1 ? " " : "s ") + String.join(", ", unknown));
            }
        }
        for (Scenario s : plan.scenarios()) {
            for (RunBlock rb : s.runBlocks()) {
                for (RunSpecError e : rb.errors()) {
                    ctx.report(LintRule.P017, e.span(), s.id() + ": " + e.message());
                }
                if (rb.spec() == null) continue;
                for (String program : programs(rb.spec())) {
                    if (satisfied(program, declared)) continue;
                    ctx.report(LintRule.P015, rb.span(), s.id() + " runs '" + program + "' but §6b declares no such requirement");
                }
            }
        }
    }

    private static boolean satisfied(String program, List<String> declared) {
        String p = program.toLowerCase(Locale.ROOT);
        List<String> names = ALIASES.getOrDefault(p, List.of(p));
        for (String d : declared) {
            for (String n : names) if (d.contains(n)) return true;
        }
        return false;
    }

    /** External programs a run spec invokes, in order of first use. */
    static Set<String> programs(RunSpec spec) {
        List<String> cmds = new ArrayList<>(spec.setup());
        for (RunSpec.Service sv : spec.services()) {
            cmds.add(sv.cmd());
            if (sv.ready() != null && sv.ready().cmd() != null) cmds.add(sv.ready().cmd());
        }
        if (spec.workload() != null) cmds.add(spec.workload().cmd());
        for (RunSpec.Fault f : spec.faults()) {
            if (f.action() instanceof RunSpec.CommandAction c) {
                cmds.add(c.inject());
                cmds.add(c.heal());
            }
            if (f.landing() != null) cmds.add(f.landing().probe());
        }
        if (spec.finalState() != null) cmds.add(spec.finalState().cmd());
        cmds.addAll(spec.teardown());
        Set<String> out = programs(cmds);
        // a cluster with its own namespaces is built by Falsify with these: §6b should say so, and its probe then tells
        // a machine without them (INCONCLUSIVE-env) before anything starts
        if (spec.hasNetnsNodes()) out.addAll(dev.falsify.model.plan.run.ClusterVocabulary.NETNS_PROGRAMS);
        return out;
    }

    /** External programs these commands invoke (null commands are skipped), in order of first use. */
    static Set<String> programs(List<String> cmds) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : cmds) {
            if (c == null) continue;
            // segments between ||, &&, | and ; (a scan, not a regex split: this loop over every command of every
            // run block was a third of a 10 MB plan's lint); an empty segment has no first word
            int from = 0;
            int n = c.length();
            for (int i = 0; i <= n; i++) {
                int sep = i == n ? 1 : separatorAt(c, i);
                if (sep == 0) continue;
                String program = firstWord(c, from, i);
                if (program != null) out.add(program);
                i += sep - 1;
                from = i + 1;
            }
        }
        return out;
    }

    /** The length of the command separator ({@code ||}, {@code &&}, {@code |} or {@code ;}) at {@code i}, or 0. */
    private static int separatorAt(String c, int i) {
        char x = c.charAt(i);
        boolean doubled = i + 1 < c.length() && c.charAt(i + 1) == x;
        if (x == '|') return doubled ? 2 : 1;
        if (x == '&') return doubled ? 2 : 0;
        return x == ';' ? 1 : 0;
    }

    /**
     * The program a command segment {@code c[from, to)} runs: its first word after any
     * {@code VAR=value} prefixes, unless that is a path, a placeholder, a variable, a base tool or
     * not a program name. Words are split at the ASCII blanks of regex {@code \\s}, within the
     * segment stripped of every white space.
     */
    private static String firstWord(String c, int from, int to) {
        while (from < to && Character.isWhitespace(c.charAt(from))) from++;
        while (to > from && Character.isWhitespace(c.charAt(to - 1))) to--;
        int i = from;
        while (i < to) {
            int end = i;
            while (end < to && !isBlank(c.charAt(end))) end++;
            if (!isAssignment(c, i, end)) return program(c.substring(i, end));
            i = end;
            while (i < to && isBlank(c.charAt(i))) i++;
        }
        return null;
    }

    private static String program(String w) {
        String word = w.replace("\"", "").replace("'", "");
        if (word.isEmpty() || word.contains("/") || word.contains("{") || word.startsWith("$")) return null;
        if (BASE_TOOLS.contains(word)) return null;
        if (!isProgramName(word)) return null;
        return word;
    }

    /** A character of regex {@code \\s}: space, tab, newline, vertical tab, form feed, carriage return. */
    private static boolean isBlank(char x) {
        return x == ' ' || (x >= '\t' && x <= '\r');
    }

    /** {@code [A-Za-z_][A-Za-z0-9_]*=} then no line terminator: a {@code VAR=value} prefix. */
    private static boolean isAssignment(String c, int from, int to) {
        if (from >= to || !(isLetter(c.charAt(from)) || c.charAt(from) == '_')) return false;
        int i = from + 1;
        while (i < to && (isLetter(c.charAt(i)) || isDigit(c.charAt(i)) || c.charAt(i) == '_')) i++;
        if (i >= to || c.charAt(i) != '=') return false;
        for (int k = i + 1; k < to; k++) {
            char x = c.charAt(k);
            if (x == '\u0085' || x == '\u2028' || x == '\u2029') return false;   // what regex '.' does not match
        }
        return true;
    }

    /** {@code [A-Za-z0-9][A-Za-z0-9._+-]*}. */
    private static boolean isProgramName(String w) {
        if (!(isLetter(w.charAt(0)) || isDigit(w.charAt(0)))) return false;
        for (int i = 1; i < w.length(); i++) {
            char x = w.charAt(i);
            if (!(isLetter(x) || isDigit(x) || x == '.' || x == '_' || x == '+' || x == '-')) return false;
        }
        return true;
    }

    private static boolean isLetter(char x) {
        return (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z');
    }

    private static boolean isDigit(char x) {
        return x >= '0' && x <= '9';
    }
}
