package dev.falsify.runner.trust;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import java.util.ArrayList;
import java.util.List;

/** Every shell command a plan's run blocks would execute, in plan order: what the user is asked to trust. */
public final class PlanCommands {
    private PlanCommands() {
    }

    public static List<String> of(Plan plan) {
        List<String> out = new ArrayList<>();
        for (Scenario s : plan.scenarios()) {
            for (RunBlock b : s.runBlocks()) {
                if (b.spec() != null) out.addAll(of(s.id(), b.spec()));
            }
        }
        return out;
    }

    static List<String> of(String scenario, RunSpec r) {
        List<String> out = new ArrayList<>();
        String p = scenario + ": ";
        for (String c : r.setup()) out.add(p + "setup: " + c);
        for (RunSpec.Service s : r.services()) {
            out.add(p + "service " + s.name() + ": " + s.cmd());
            if (s.ready() != null && s.ready().cmd() != null) out.add(p + "ready check " + s.name() + ": " + s.ready().cmd());
        }
        if (r.workload() != null) out.add(p + "workload: " + r.workload().cmd());
        for (RunSpec.Fault f : r.faults()) {
            if (f.action() instanceof RunSpec.CommandFault cf) {
                out.add(p + "fault " + f.name() + " inject: " + cf.inject());
                if (cf.heal() != null) out.add(p + "fault " + f.name() + " heal: " + cf.heal());
            }
            if (f.landing() != null && f.landing().probe() != null) out.add(p + "landing probe " + f.name() + ": " + f.landing().probe());
        }
        if (r.finalState() != null && r.finalState().cmd() != null) out.add(p + "final state: " + r.finalState().cmd());
        for (String c : r.teardown()) out.add(p + "teardown: " + c);
        return out;
    }
}
