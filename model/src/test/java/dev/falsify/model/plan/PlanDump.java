package dev.falsify.model.plan;

import java.nio.file.Files;
import java.nio.file.Path;

/** Debug helper: prints what the parser sees. */
public final class PlanDump {
    public static void main(String[] args) throws Exception {
        Plan p = PlanParser.parse(Files.readString(Path.of(args[0])));
        System.out.println("slug=" + p.header().slug() + " fields=" + p.header().fields().keySet());
        for (Section s : p.sections()) System.out.println("section " + s.id() + " '" + s.title() + "' L" + s.span().startLine());
        for (Claim c : p.claims()) System.out.println(c.id() + " " + c.categories() + " inferred=" + c.inferred() + " struck=" + c.struck() + " :: " + c.text());
        for (MissingClaim m : p.missingClaims()) System.out.println(m.id() + " :: " + m.behavior());
        for (Hypothesis h : p.hypotheses()) System.out.println(h.id() + " [" + h.group() + "] '" + h.title() + "' -> " + h.falsifies() + " fields=" + h.fields().keySet());
        for (CoverageRow r : p.coverage()) System.out.println("cov " + r.claims() + r.hypotheses() + " " + r.verdict() + " " + r.scenarios());
        for (RequirementRow r : p.requirements()) System.out.println("req " + r.requirement() + " " + r.usedBy());
        for (Scenario s : p.scenarios()) {
            System.out.println(s.id() + " '" + s.name() + "' F=" + s.falsifies() + " C=" + s.closes() + " fields=" + s.fields().keySet()
                    + " unknown=" + s.unknownFields().stream().map(Field::label).toList() + " arms=" + s.arms());
            System.out.println("   7M present=" + s.sevenM().present() + " na=" + s.sevenM().notApplicable() + " reason='" + s.sevenM().reason()
                    + "' fields=" + s.sevenM().fields().keySet() + " missing=" + s.sevenM().missing() + " 7MS=" + s.sevenMS().present());
            for (RunBlock r : s.runBlocks()) System.out.println("   run valid=" + r.isValid() + " errors=" + r.errors());
        }
        for (AdequacyRow a : p.adequacy()) System.out.println("adeq " + a.claims());
        for (ResidualRow r : p.residual()) System.out.println("resid " + r.ids());
        System.out.println("1c empty=" + p.missingClaimsExplicitlyEmpty() + " 7c empty=" + p.residualExplicitlyEmpty());
        System.out.println("7d: " + p.confidence().text());
        for (BulletItem b : p.notCovered()) System.out.println("8: " + b.text());
        for (BulletItem b : p.openQuestions()) System.out.println("9: " + b.text());
        for (Unrecognized u : p.unrecognized()) System.out.println("unrec " + u.kind() + " " + u.message() + " L" + u.span().startLine());
    }
}
