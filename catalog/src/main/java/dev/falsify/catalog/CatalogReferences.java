package dev.falsify.catalog;

import dev.falsify.model.vocabulary.CheckerName;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that every cross-reference in the content resolves: techniques cite known papers, symptom rows
 * name known techniques, oracle patterns and nemeses, pitfalls cite known papers, oracle patterns and
 * the picker name real checkers. A dangling reference is a content bug, reported all at once.
 */
final class CatalogReferences {
    static final List<String> CLAIM_CATEGORIES = List.of("safety", "liveness", "durability", "performance-SLO",
            "operational", "idempotency", "isolation", "ordering", "membership", "boundary", "fairness");
    static final List<String> HYPOTHESIS_CATEGORIES = List.of("correctness", "durability", "liveness",
            "partial failure", "idempotency/replay", "upgrade/rollback", "configuration", "performance/fairness");

    private final Catalog catalog;
    private final List<String> problems = new ArrayList<>();

    CatalogReferences(Catalog catalog) {
        this.catalog = catalog;
    }

    void verify() {
        for (Technique t : catalog.techniques()) {
            t.papers().forEach(p -> expect(t.id(), p, Paper.class));
        }
        for (SymptomRow s : catalog.symptoms()) {
            s.techniques().forEach(t -> expect(s.id(), t, Technique.class));
            s.oracles().forEach(o -> expect(s.id(), o, OraclePattern.class));
            s.nemeses().forEach(n -> expect(s.id(), n, Nemesis.class));
        }
        for (Pitfall p : catalog.pitfalls()) {
            p.sources().forEach(s -> expect(p.id(), s, Paper.class));
            p.oracles().forEach(o -> expect(p.id(), o, OraclePattern.class));
            p.nemeses().forEach(n -> expect(p.id(), n, Nemesis.class));
            p.threatens().forEach(c -> {
                if (!CLAIM_CATEGORIES.contains(c)) {
                    problems.add(p.id() + " threatens unknown claim category '" + c + "'");
                }
            });
            if (!HYPOTHESIS_CATEGORIES.contains(p.hypothesisCategory())) {
                problems.add(p.id() + " has unknown hypothesis category '" + p.hypothesisCategory() + "'");
            }
        }
        for (OraclePattern o : catalog.oracles()) {
            o.checkers().forEach(c -> checker(o.id(), c));
        }
        for (PickerRow r : catalog.pickerTable()) {
            r.checkers().forEach(c -> checker(r.id(), c));
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("catalog content has dangling references:\n  "
                    + String.join("\n  ", problems));
        }
    }

    private void checker(String from, String name) {
        if (!CheckerName.isKnown(name)) {
            problems.add(from + " names unknown checker '" + name + "'");
        }
    }

    private void expect(String from, String id, Class<? extends CatalogEntry> type) {
        if (catalog.entry(id, type).isEmpty()) {
            problems.add(from + " refers to unknown " + type.getSimpleName() + " '" + id + "'");
        }
    }
}
