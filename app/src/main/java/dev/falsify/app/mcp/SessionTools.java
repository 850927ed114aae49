package dev.falsify.app.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.falsify.model.report.PlanFacts;
import dev.falsify.model.report.PlanLocator;
import dev.falsify.model.report.ReportExport;
import dev.falsify.model.session.FindingFile;
import dev.falsify.model.session.ReportFile;
import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.Decision;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictPath;
import dev.falsify.model.verdict.VerdictRules;
import dev.falsify.model.vocabulary.PlanId;
import dev.falsify.runner.pictures.SessionPictures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code report_session} and {@code explain_verdict}: a session folder's verdicts as {@code falsify report}
 * computes them (the folder's evidence through {@link VerdictRules}; nothing the system wrote is read as
 * a verdict where evidence decides), and the decision-tree path behind one arm's verdict.
 */
final class SessionTools {
    private SessionTools() {
    }

    private static final String SESSION_INPUT = """
            "session": {"type": "string", "description": "The session folder, relative to the workspace."}""";

    static McpTool report() {
        return McpTool.of("report_session", "Compute a session's verdicts and write its report",
                "Recompute every arm's verdict of a session folder from its evidence, write findings/report.md (and the "
                        + "counterexample pictures it embeds), as `falsify report`. Answers the headline, each scenario's and arm's "
                        + "verdict with the reason citing its evidence, and the report's path. Never type verdicts yourself.",
                "{\"type\": \"object\", \"required\": [\"session\"], \"properties\": {" + SESSION_INPUT + ","
                        + "\"plan\": {\"type\": \"string\", \"description\": \"The plan, when the session log's Plan line does not lead to it.\"}}}",
                """
                {"type": "object", "required": ["session", "headline", "scenarios", "arms", "report"], "properties": {
                  "session": {"type": "string"}, "headline": {"type": "string"}, "interrupted": {"type": "boolean"},
                  "scenarios": {"type": "object"}, "arms": {"type": "array"}, "report": {"type": "string"},
                  "warnings": {"type": "array"}}}""",
                false, SessionTools::report);
    }

    private static ObjectNode report(Args args, ToolContext ctx) {
        Workspace ws = ctx.workspace();
        Path dir = session(args, ws);
        List<String> warnings = new ArrayList<>();
        SessionPictures.Regenerated drawn = SessionPictures.regenerate(dir);
        drawn.problems().forEach(warnings::add);
        SessionFolder session = read(dir, ws);
        session.problems().forEach(p -> warnings.add(ws.relative(dir) + "/" + p));
        PlanFacts facts = facts(args, ctx, session, warnings);
        ReportExport.Written written;
        try {
            written = ReportExport.write(session, facts, Optional.empty());
        } catch (ReportFile.OutsideSessionException e) {
            throw new ToolError(CheckTool.relativeMessage(e.getMessage(), dir, ws.relative(dir)));
        } catch (IOException e) {
            throw new ToolError(ws.relative(dir) + ": cannot write the report: " + e.getMessage());
        }
        var context = facts.sessionContext();
        List<SessionFolder.ArmVerdict> arms = session.arms(context);
        Map<String, Verdict> scenarios = SessionFolder.scenarioVerdicts(arms, context);
        SessionHeadline headline = VerdictRules.headline(scenarios.values());

        ObjectNode out = McpTool.JSON.createObjectNode();
        out.put("session", ws.relative(dir));
        out.put("headline", headline.name());
        out.put("interrupted", session.interrupted());
        ObjectNode sc = out.putObject("scenarios");
        scenarios.forEach((id, v) -> sc.put(id, v.label()));
        ArrayNode armsOut = out.putArray("arms");
        for (SessionFolder.ArmVerdict a : arms) {
            ObjectNode n = armsOut.addObject();
            n.put("arm", a.armId());
            n.put("verdict", a.effective().label());
            n.put("computed", a.computed().isPresent());
            a.computed().ifPresent(d -> n.put("reason", d.reason()));
            a.written().ifPresent(w -> n.put("written", w.label()));
            a.override().ifPresent(o -> n.put("override", o.verdict() == null ? "withdrawn" : o.verdict().label()));
        }
        out.put("report", ws.relative(written.report()));
        written.setAside().ifPresent(p -> out.put("authorReportKeptAs", ws.relative(p)));
        drawn.written().forEach(p -> out.withArray("pictures").add(ws.relative(p)));
        ArrayNode w = out.putArray("warnings");
        warnings.forEach(w::add);
        return out;
    }

    static McpTool explain() {
        return McpTool.of("explain_verdict", "Explain an arm's verdict",
                "For one scenario (or arm, e.g. S5/api) of a session: the decision tree's branches in order, the evidence each "
                        + "read, which one decided the verdict, and what evidence would change it.",
                "{\"type\": \"object\", \"required\": [\"session\", \"scenario\"], \"properties\": {" + SESSION_INPUT + ","
                        + "\"scenario\": {\"type\": \"string\", \"description\": \"Scenario or arm id: S1, S01, S5/api.\"}}}",
                """
                {"type": "object", "required": ["arm", "verdict", "steps"], "properties": {
                  "arm": {"type": "string"}, "verdict": {"type": "string"}, "reason": {"type": "string"},
                  "steps": {"type": "array"}, "wouldChange": {"type": "array"}, "override": {"type": "object"}}}""",
                true, SessionTools::explain);
    }

    private static ObjectNode explain(Args args, ToolContext ctx) {
        Workspace ws = ctx.workspace();
        Path dir = session(args, ws);
        String wanted = args.requiredString("scenario").trim();
        SessionFolder session = read(dir, ws);
        List<SessionFolder.ArmVerdict> arms = session.arms();
        List<SessionFolder.ArmVerdict> matching = arms.stream()
                .filter(a -> PlanId.key(a.armId()).equals(PlanId.key(wanted)) || PlanId.key(a.scenario()).equals(PlanId.key(wanted)))
                .toList();
        if (matching.isEmpty()) {
            throw new ToolError(ws.relative(dir) + ": no arm " + Args.clip(wanted) + "; the session has: "
                    + String.join(", ", arms.stream().map(SessionFolder.ArmVerdict::armId).toList()));
        }
        if (matching.size() > 1 && matching.stream().noneMatch(a -> PlanId.key(a.armId()).equals(PlanId.key(wanted)))) {
            throw new ToolError(Args.clip(wanted) + " has several arms; name one: "
                    + String.join(", ", matching.stream().map(SessionFolder.ArmVerdict::armId).toList()));
        }
        SessionFolder.ArmVerdict arm = matching.stream().filter(a -> PlanId.key(a.armId()).equals(PlanId.key(wanted)))
                .findFirst().orElse(matching.get(0));
        ObjectNode out = McpTool.JSON.createObjectNode();
        out.put("arm", arm.armId());
        out.put("verdict", arm.effective().label());
        Optional<ArmEvidence> evidence = arm.finding().flatMap(FindingFile::evidence);
        if (evidence.isPresent()) {
            VerdictPath path = VerdictPath.of(evidence.get());
            Decision d = path.decision();
            out.put("computed", d.display());
            out.put("reason", d.reason());
            ArrayNode steps = out.putArray("steps");
            for (VerdictPath.Step s : path.steps()) {
                ObjectNode n = steps.addObject();
                n.put("step", s.number());
                n.put("question", s.question());
                n.put("outcome", s.outcome().name().toLowerCase());
                ArrayNode ev = n.putArray("evidence");
                s.evidence().forEach(ev::add);
            }
            ArrayNode change = out.putArray("wouldChange");
            path.wouldChange().forEach(change::add);
        } else {
            // a hand-written folder: its verdict is as written; nothing to walk the tree with
            out.put("reason", "no machine-readable evidence (falsify-evidence block) for this arm: the verdict is "
                    + (arm.written().isPresent() ? "as written in the session" : "NOT-RUN (none was recorded)"));
            out.putArray("steps");
            out.putArray("wouldChange").add("a findings file with the arm's evidence (a `falsify run` writes one), so the verdict "
                    + "can be computed instead of read");
        }
        arm.override().ifPresent(o -> {
            ObjectNode n = out.putObject("override");
            n.put("verdict", o.verdict() == null ? "withdrawn" : o.verdict().label());
            n.put("author", o.author());
            n.put("reason", o.reason());
        });
        return out;
    }

    private static Path session(Args args, Workspace ws) {
        Path dir = ws.existingDir(args.requiredString("session"), "session");
        if (!SessionLayout.isSession(dir)) {
            throw new ToolError(ws.relative(dir) + ": not a session folder (it has no " + SessionLayout.LOG + " and no "
                    + SessionLayout.FINDINGS + "/" + SessionLayout.REPORT + "); nothing was written");
        }
        return dir;
    }

    private static SessionFolder read(Path dir, Workspace ws) {
        try {
            return SessionReader.read(dir);
        } catch (IOException e) {
            throw new ToolError(ws.relative(dir) + ": " + e.getMessage());
        }
    }

    /** The plan's facts: the one given, else the one the session log names, but only from inside the workspace. */
    private static PlanFacts facts(Args args, ToolContext ctx, SessionFolder session, List<String> warnings) {
        Workspace ws = ctx.workspace();
        Optional<Path> plan = args.has("plan") ? Optional.of(ws.existingFile(args.string("plan"), "plan"))
                : PlanLocator.locate(session, ws.root());
        if (plan.isPresent() && !args.has("plan")) {
            Path located = plan.get().toAbsolutePath().normalize();
            Path real;
            try {
                real = located.toRealPath();
            } catch (IOException e) {
                real = located;
            }
            if (!real.startsWith(ws.root())) {
                warnings.add("the plan the session log names is outside the workspace: not read");
                return PlanFacts.missing("plan outside the workspace");
            }
        }
        if (plan.isEmpty()) {
            warnings.add("plan not found from the session log's Plan line; the report's plan sections are limited (give plan)");
            return PlanFacts.missing("plan not found");
        }
        try {
            return ReportExport.planFacts(session, plan, ws.root(), warnings::add);
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage());
        }
    }
}
