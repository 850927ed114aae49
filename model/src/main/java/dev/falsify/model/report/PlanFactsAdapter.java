package dev.falsify.model.report;

import dev.falsify.model.plan.AdequacyRow;
import dev.falsify.model.plan.BulletItem;
import dev.falsify.model.plan.ClaimCategory;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.Scenario;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reduces the plan parser's {@link Plan} projection to the {@link PlanFacts} the report uses. */
public final class PlanFactsAdapter {
    private PlanFactsAdapter() {
    }

    /** Reads and parses a plan file; an unreadable file gives {@link PlanFacts#missing} with the reason. */
    public static PlanFacts read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            return PlanFacts.missing("plan " + file + " unreadable: " + e.getMessage());
        }
        return from(PlanParser.parse(text), file.toString().replace('\\', '/'));
    }

    public static PlanFacts from(Plan plan, String path) {
        List<PlanFacts.ClaimFacts> claims = plan.claims().stream().filter(c -> !c.struck())
                .map(c -> new PlanFacts.ClaimFacts(c.id(), c.text(), c.categories().stream().map(ClaimCategory::label).toList()))
                .toList();
        List<PlanFacts.HypothesisFacts> hyps = plan.hypotheses().stream()
                .map(h -> new PlanFacts.HypothesisFacts(h.id(), h.title(), h.falsifies())).toList();
        // arm-headed scenarios (### S5/api) join their base scenario
        Map<String, PlanFacts.ScenarioFacts> scenarios = new LinkedHashMap<>();
        for (Scenario s : plan.scenarios()) {
            String key = s.baseId() == null || s.baseId().isBlank() ? s.id() : s.baseId();
            PlanFacts.ScenarioFacts prev = scenarios.get(key);
            List<String> arms = new ArrayList<>(prev == null ? List.of() : prev.arms());
            for (String a : s.arms()) {
                if (!arms.contains(a)) {
                    arms.add(a);
                }
            }
            if (s.isArm() && !arms.contains(s.id())) {
                arms.add(s.id());
            }
            List<String> checkers = new ArrayList<>(prev == null ? List.of() : prev.checkers());
            String checker = s.sevenM() != null && s.sevenM().present() && !s.sevenM().notApplicable()
                    ? s.checker() : s.value("oracle");
            if (checker != null && !checker.isBlank() && !checkers.contains(checker.strip())) {
                checkers.add(checker.strip());
            }
            if (prev == null) {
                scenarios.put(key, new PlanFacts.ScenarioFacts(key, s.name(), s.falsifies(), s.closes(), s.releaseBudget(), arms,
                        checkers, s.listsFault()));
            } else {
                scenarios.put(key, new PlanFacts.ScenarioFacts(key, prev.name(), union(prev.falsifies(), s.falsifies()),
                        union(prev.closes(), s.closes()), prev.releaseBudget().isBlank() ? s.releaseBudget()
                        : prev.releaseBudget(), arms, checkers, prev.listsFault() || s.listsFault()));
            }
        }
        List<PlanFacts.Adequacy> adequacy = new ArrayList<>();
        for (AdequacyRow r : plan.adequacy()) {
            if (r.claims().isEmpty()) {
                adequacy.add(new PlanFacts.Adequacy(r.claimText(), r.argument()));
            } else {
                r.claims().forEach(c -> adequacy.add(new PlanFacts.Adequacy(c, r.argument())));
            }
        }
        List<String> residual = plan.residual().stream()
                .map(r -> (r.ids().isEmpty() ? "" : String.join(", ", r.ids()) + ": ") + r.description()).toList();
        String confidence = plan.confidence() == null ? "" : plan.confidence().text();
        List<String> followups = plan.openQuestions().stream().map(BulletItem::text).toList();
        return new PlanFacts(path, plan.header().slug(), claims, hyps, List.copyOf(scenarios.values()), adequacy, residual,
                confidence, followups, "");
    }

    private static List<String> union(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        b.stream().filter(x -> !out.contains(x)).forEach(out::add);
        return out;
    }
}
