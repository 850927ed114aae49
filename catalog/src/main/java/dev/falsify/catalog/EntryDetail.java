package dev.falsify.catalog;

import java.util.List;
import java.util.function.Function;

/**
 * The full, readable text of an entry with its cross-references resolved (paper citations, technique
 * names, oracle and nemesis titles). The command line prints it and the editor's catalog panel shows it.
 */
public final class EntryDetail {
    private final Catalog catalog;

    public EntryDetail(Catalog catalog) {
        this.catalog = catalog;
    }

    public String render(CatalogEntry e) {
        StringBuilder out = new StringBuilder();
        out.append(e.id()).append(" · ").append(e.kind().word()).append(" · ").append(e.title()).append('\n');
        if (e instanceof Technique t) {
            para(out, t.summary());
            list(out, "When to use", t.whenToUse());
            list(out, "Catches well", t.catchesWell());
            list(out, "Misses", t.misses());
            list(out, "Tools", t.tools());
            list(out, "Key papers", refs(t.papers(), this::paper));
            para(out, "Cost: " + t.cost().level() + " — " + t.cost().note());
            out.append("\nPlan checklist:\n");
            t.checklist().forEach(c -> out.append("  - [ ] ").append(c).append('\n'));
        } else if (e instanceof SymptomRow s) {
            para(out, "If you suspect " + s.suspect() + ", reach for:");
            refs(s.techniques(), this::title).forEach(t -> out.append("  - ").append(t).append('\n'));
            para(out, s.why());
            list(out, "Oracle patterns", refs(s.oracles(), this::title));
            list(out, "Nemeses", refs(s.nemeses(), this::title));
        } else if (e instanceof Pitfall p) {
            para(out, p.description());
            para(out, "Threatens claim categories: " + String.join(", ", p.threatens())
                    + "\nHypothesis category: " + p.hypothesisCategory());
            list(out, "Oracle patterns", refs(p.oracles(), this::title));
            list(out, "Nemeses", refs(p.nemeses(), this::title));
            list(out, "Sources", refs(p.sources(), this::paper));
            out.append("\nHypothesis template:\n").append(indent(catalog.hypothesisFrom(p, List.of())));
        } else if (e instanceof Nemesis n) {
            para(out, "Family: " + n.category() + "\nSimulates: " + n.simulates());
            para(out, "Mechanism: " + n.mechanism());
            para(out, "Landing evidence: " + n.landing());
            para(out, "Cleanup: " + n.cleanup());
            para(out, "Falsify runner: " + n.runner().describe());
            out.append("\nRun block fault:\n").append(indent(n.runner().runBlock()));
            out.append("\n§7.M line:\n").append(indent(catalog.nemesisLandingLine(n)));
        } else if (e instanceof OraclePattern o) {
            para(out, o.asserts());
            para(out, "Checkers: " + String.join(", ", o.checkers()) + "\nModels: " + String.join(", ", o.models())
                    + "\nClaim categories: " + String.join(", ", o.categories()));
            para(out, "History needs: " + o.historyNeeds());
            para(out, "Weak form (fails the weak-oracle audit): " + o.weakForm());
        } else if (e instanceof PickerRow r) {
            para(out, "Model " + String.join(" / ", r.models()) + " with a " + r.category() + " claim → checker "
                    + String.join(" + ", r.checkers()));
            if (!r.note().isBlank()) {
                para(out, r.note());
            }
        } else if (e instanceof FindingLabel l) {
            para(out, l.meaning());
            if (l.example() != null && !l.example().isBlank()) {
                para(out, "Example: " + l.example());
            }
            para(out, "Written in a finding as: " + l.value());
        } else if (e instanceof Paper p) {
            para(out, p.cite() + " — \"" + p.title() + "\"\n" + p.authors() + ". " + p.venue() + ", " + p.year() + ".");
            para(out, p.finding());
        }
        return out.toString();
    }

    private String paper(String id) {
        return catalog.entry(id, Paper.class).map(p -> p.cite() + " — \"" + p.title() + "\"").orElse(id);
    }

    private String title(String id) {
        return catalog.entry(id).map(x -> x.id() + " " + x.title()).orElse(id);
    }

    private static List<String> refs(List<String> ids, Function<String, String> render) {
        return ids.stream().map(render).toList();
    }

    private static void para(StringBuilder out, String text) {
        out.append('\n').append(text).append('\n');
    }

    private static void list(StringBuilder out, String heading, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        out.append('\n').append(heading).append(":\n");
        items.forEach(i -> out.append("  - ").append(i).append('\n'));
    }

    private static String indent(String block) {
        StringBuilder b = new StringBuilder();
        block.lines().forEach(l -> b.append("    ").append(l).append('\n'));
        return b.toString();
    }
}
