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
import java.util.regex.Pattern;

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
            if (f.action() instanceof RunSpec.CommandFault c) {
                cmds.add(c.inject());
                cmds.add(c.heal());
            }
            if (f.landing() != null) cmds.add(f.landing().probe());
        }
        if (spec.finalState() != null) cmds.add(spec.finalState().cmd());
        cmds.addAll(spec.teardown());
        Set<String> out = new LinkedHashSet<>();
        for (String c : cmds) {
            if (c == null) continue;
            for (String segment : SEGMENTS.split(c)) {
                String program = firstWord(segment);
                if (program != null) out.add(program);
            }
        }
        return out;
    }

    // compiled once: String.split and matches compiled them per command and word, most of P015's time in a big plan
    private static final Pattern SEGMENTS = Pattern.compile("\\|\\||&&|\\||;");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    private static final Pattern PROGRAM = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private static String firstWord(String segment) {
        for (String w : SPACES.split(segment.strip())) {
            if (w.isEmpty()) return null;
            if (ASSIGNMENT.matcher(w).matches()) continue;   // VAR=value prefix
            String word = w.replace("\"", "").replace("'", "");
            if (word.isEmpty() || word.contains("/") || word.contains("{") || word.startsWith("$")) return null;
            if (BASE_TOOLS.contains(word)) return null;
            if (!PROGRAM.matcher(word).matches()) return null;
            return word;
        }
        return null;
    }
}
