package dev.falsify.app.cli;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogEntry;
import dev.falsify.catalog.CatalogJson;
import dev.falsify.catalog.EntryDetail;
import dev.falsify.catalog.EntryKind;
import dev.falsify.catalog.SearchHit;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify catalog [TERMS] [--kind K] [--json]}: searches the technique catalog, pitfalls, nemeses,
 * oracle patterns, the checker picker and finding labels. Without terms it lists entries; one term that
 * is an entry id prints that entry in full. Exit 0 when something matched, 1 when nothing did, 2 on
 * bad input.
 */
@Command(name = "catalog", mixinStandardHelpOptions = true,
        description = "Search techniques, pitfalls, nemeses, oracle patterns, the checker picker and finding labels.")
public final class CatalogCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "TERMS",
            description = "Search terms (all must match) or one entry id such as PF01, N07, O03, T1.")
    List<String> terms = new ArrayList<>();

    @Option(names = {"-k", "--kind"}, split = ",", paramLabel = "KIND",
            description = "Only these kinds: technique, symptom, pitfall, nemesis, oracle, picker, label, paper.")
    List<String> kinds = new ArrayList<>();

    @Option(names = "--json", description = "Print the results as JSON.")
    boolean json;

    @Option(names = "--full", description = "Print every result in full, not only a single match.")
    boolean full;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "25",
            description = "At most N search results (default: ${DEFAULT-VALUE}; 0 = all).")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw new UserError("--limit must be 0 or more, not " + limit, 2);
        }
        Set<EntryKind> kindSet = EnumSet.noneOf(EntryKind.class);
        for (String k : kinds) {
            try {
                kindSet.add(EntryKind.fromWord(k.trim()));
            } catch (IllegalArgumentException e) {
                throw new UserError("--kind: " + e.getMessage(), 2);
            }
        }
        Catalog catalog = Catalog.standard();
        CatalogJson json = new CatalogJson(catalog);
        List<String> query = terms.stream().map(String::trim).filter(t -> !t.isEmpty()).toList();
        List<SearchHit> hits = query.isEmpty() ? json.listing(kindSet) : catalog.search(query, kindSet);
        if (!query.isEmpty() && limit > 0 && hits.size() > limit) {
            hits = hits.subList(0, limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (this.json) {
            out.print(CatalogJson.write(json.results(query, kindSet, hits)));
        } else if (hits.isEmpty()) {
            spec.commandLine().getErr().println("falsify: no catalog entry matches " + String.join(" ", query)
                    + (kindSet.isEmpty() ? "" : " among " + String.join(", ", kinds)));
            spec.commandLine().getErr().flush();
        } else if (query.isEmpty()) {
            printListing(out, hits);
        } else if (hits.size() == 1 || full) {
            EntryDetail detail = new EntryDetail(catalog);
            for (int i = 0; i < hits.size(); i++) {
                out.print((i == 0 ? "" : "\n") + detail.render(hits.get(i).entry()));
            }
        } else {
            printHits(out, hits);
        }
        out.flush();
        return hits.isEmpty() ? 1 : 0;
    }

    private static void printListing(PrintWriter out, List<SearchHit> hits) {
        EntryKind current = null;
        for (SearchHit h : hits) {
            CatalogEntry e = h.entry();
            if (e.kind() != current) {
                current = e.kind();
                long n = hits.stream().filter(x -> x.entry().kind() == e.kind()).count();
                out.println((e == hits.get(0).entry() ? "" : "\n") + heading(e.kind()) + " (" + n + ")");
            }
            out.printf("  %-22s %s%n", e.id(), e.title());
        }
    }

    private static void printHits(PrintWriter out, List<SearchHit> hits) {
        for (SearchHit h : hits) {
            CatalogEntry e = h.entry();
            out.printf("%-22s %-9s %s%n", e.id(), e.kind().word(), e.title());
            if (!e.summary().isBlank()) {
                out.println("    " + e.summary());
            }
        }
        out.println();
        out.println(hits.size() + " entr" + (hits.size() == 1 ? "y" : "ies")
                + "; `falsify catalog ID` prints one in full, --full prints them all");
    }

    private static String heading(EntryKind kind) {
        return switch (kind) {
            case TECHNIQUE -> "Techniques";
            case SYMPTOM -> "Symptom → technique index";
            case PITFALL -> "Pitfalls";
            case NEMESIS -> "Nemeses";
            case ORACLE -> "Oracle patterns";
            case PICKER -> "Checker picker";
            case LABEL -> "Finding labels";
            case PAPER -> "Papers";
        };
    }
}
