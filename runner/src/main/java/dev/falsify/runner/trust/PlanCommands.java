package dev.falsify.runner.trust;

import dev.falsify.model.plan.RequirementRow;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.probe.CapabilityProbe;
import dev.falsify.runner.probe.Requirement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The trust fingerprint of a plan snapshot: one line for everything that decides what its run
 * executes, in plan order — the plan's real path; per scenario the resolved {@code cwd} and every
 * command (setup, services and their {@code cwd} / {@code env}, readiness commands, workload and its
 * {@code cwd} / {@code env}, fault inject / heal, landing probes, final-state dump, teardown); and the
 * §6b probes that execute something. This is exactly what the user is shown and asked to trust, and
 * an edit that changes none of these lines (prose, claims, budgets) keeps the trust.
 *
 * <p>Lines keep the text as written (placeholders unexpanded: their values are per run and always
 * quoted); {@link #display} makes a line safe to print on a terminal.
 */
public final class PlanCommands {
    /** Prefix of a §6b probe line. */
    public static final String PROBE = "§6b probe: ";

    private PlanCommands() {
    }

    public static List<String> of(PlanSnapshot snapshot) {
        List<String> out = new ArrayList<>();
        out.add("plan: " + snapshot.realPath());
        for (Scenario s : snapshot.plan().scenarios()) {
            for (RunBlock b : s.runBlocks()) {
                if (b.spec() != null) out.addAll(of(s.id(), b.spec(), snapshot.cwd(b.spec())));
            }
        }
        out.addAll(probes(snapshot).stream().map(p -> PROBE + p).toList());
        return out;
    }

    /** What the §6b probes execute ({@link CapabilityProbe#shown}), from the snapshot's probe cwd. */
    public static List<String> probes(PlanSnapshot snapshot) {
        List<String> out = new ArrayList<>();
        for (RequirementRow r : snapshot.plan().requirements()) {
            Optional<String> shown = CapabilityProbe.shown(Requirement.of(r), snapshot.probeCwd());
            shown.filter(x -> !out.contains(x)).ifPresent(out::add);
        }
        return out;
    }

    static List<String> of(String scenario, RunSpec r, Path cwd) {
        List<String> out = new ArrayList<>();
        String p = scenario + ": ";
        out.add(p + "cwd: " + cwd);
        if (r.hasNetnsNodes()) {
            // Falsify itself then creates namespaces and firewall rules (inside them) as root: shown, and part of the trust
            out.add(p + "nodes (network namespaces this run creates and removes): " + r.nodes().stream()
                    .map(n -> name(n.name()) + "=" + n.transport()).collect(java.util.stream.Collectors.joining(", ")));
        }
        for (String c : r.setup()) out.add(p + "setup: " + c);
        for (RunSpec.Service s : r.services()) {
            out.add(p + "service " + name(s.name()) + (s.node() == null ? "" : " on node " + name(s.node())) + ": " + s.cmd());
            where(out, p + "service " + name(s.name()), s.cwd(), s.env());
            if (s.ready() != null && s.ready().cmd() != null) out.add(p + "ready check " + name(s.name()) + ": " + s.ready().cmd());
        }
        if (r.workload() != null) {
            out.add(p + "workload: " + r.workload().cmd());
            where(out, p + "workload", r.workload().cwd(), r.workload().env());
        }
        for (RunSpec.Fault f : r.faults()) {
            if (f.action() instanceof RunSpec.CommandAction cf) {
                out.add(p + "fault " + name(f.name()) + " inject: " + cf.inject());
                if (cf.heal() != null) out.add(p + "fault " + name(f.name()) + " heal: " + cf.heal());
            } else if (f.action() instanceof RunSpec.ClockAction c) {
                // not a command, but it changes what the service runs with: shown so trusting it is a choice
                out.add(p + "fault " + name(f.name()) + " clock " + c.kind() + ": service " + name(c.service())
                        + " runs with LD_PRELOAD=libfaketime");
            } else if (f.action() instanceof RunSpec.StorageAction st) {
                out.add(p + "fault " + name(f.name()) + " storage " + st.kind() + ": FUSE layer mounted over " + st.dir()
                        + " (service " + name(st.service()) + ")");
            }
            if (f.landing() != null && f.landing().probe() != null) {
                out.add(p + "landing probe " + name(f.name()) + ": " + f.landing().probe());
            }
        }
        if (r.finalState() != null && r.finalState().cmd() != null) out.add(p + "final state: " + r.finalState().cmd());
        for (String c : r.teardown()) out.add(p + "teardown: " + c);
        return out;
    }

    /** A process's own {@code cwd} (relative to the run block's) and {@code env}, one variable a line, sorted. */
    private static void where(List<String> out, String who, String cwd, Map<String, String> env) {
        if (cwd != null && !cwd.isBlank()) out.add(who + " cwd: " + cwd);
        if (env != null) new TreeMap<>(env).forEach((k, v) -> out.add(who + " env: " + name(k) + "=" + v));
    }

    /**
     * A name as it stands in a line: as written when it is a plain word, else in double quotes with
     * {@code \} and {@code "} escaped — so a name holding {@code ": "} or {@code =} cannot make two
     * different plans print (and fingerprint) the same line.
     */
    static String name(String n) {
        if (n != null && n.matches("[A-Za-z0-9._/-]+")) return n;
        return "\"" + (n == null ? "" : n.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }

    /**
     * The line as it can be printed: {@link TerminalText#escape}, the one rule for text shown on a
     * terminal, so every character the shell will get is visible — controls, format and invisible
     * characters as escapes, a long run of spaces as {@code ⟨N spaces⟩}.
     */
    public static String display(String line) {
        return TerminalText.escape(line);
    }
}
