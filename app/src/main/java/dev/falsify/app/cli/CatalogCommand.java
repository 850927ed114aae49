package dev.falsify.app.cli;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogEntry;
import dev.falsify.catalog.CatalogJson;
import dev.falsify.catalog.EntryDetail;
import dev.falsify.catalog.EntryKind;
import dev.falsify.catalog.Nemesis;
import dev.falsify.catalog.Pitfall;
import dev.falsify.catalog.SearchHit;
import dev.falsify.catalog.walk.Applies;
import dev.falsify.catalog.walk.PitfallWalk;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.edit.TextEdit;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.text.TerminalText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify catalog [TERMS] [--kind K] [--json]}: searches the technique catalog, pitfalls, nemeses,
 * oracle patterns, the checker picker and finding labels. Without terms it lists entries; one term that
 * is an entry id prints that entry in full. Exit 0 when something matched, 1 when nothing did, 2 on
 * bad input. The drafting options print what the editor's catalog panel inserts ({@code --hypothesis},
 * {@code --seven-m}, {@code --nemesis-line}) and the pitfall walk of a plan ({@code --walk [--write]}).
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

    @Mixin
    JsonOutput output = new JsonOutput();

    @Option(names = "--full", description = "Print every result in full, not only a single match.")
    boolean full;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "25",
            description = "At most N search results (default: ${DEFAULT-VALUE}; 0 = all).")
    int limit;

    @Option(names = "--hypothesis", paramLabel = "PITFALL",
            description = "Draft a §4 hypothesis from this pitfall (with --claims and --id).")
    String hypothesisFrom;

    @Option(names = "--claims", split = ",", paramLabel = "ID",
            description = "Claims the drafted hypothesis could falsify (default: a C? prompt).")
    List<String> claims = new ArrayList<>();

    @Option(names = "--id", paramLabel = "H", description = "Id of the drafted hypothesis (default: H?).")
    String hypothesisId;

    @Option(names = "--seven-m", paramLabel = "MODEL",
            description = "Draft a §7.M block for this model, checker from the picker (with --categories).")
    String sevenMModel;

    @Option(names = "--categories", split = ",", paramLabel = "CATEGORY",
            description = "Claim categories of the scenario, for --seven-m.")
    List<String> categories = new ArrayList<>();

    @Option(names = "--nemesis-line", paramLabel = "NEMESIS",
            description = "Print the §7.M nemesis line, with landing evidence, for this nemesis.")
    String nemesisLine;

    @Option(names = "--walk", paramLabel = "PLAN",
            description = "Print the pitfall walk of this plan, pre-filled from its hypotheses (with --write: write it into §4).")
    Path walkPlan;

    @Option(names = "--write", description = "With --walk: write the table into the plan's §4 (atomically).")
    boolean write;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Integer drafted = draft();
        if (drafted != null) {
            return drafted;
        }
        if (limit < 0) {
            throw new UserError("--limit must be 0 or more, not " + limit);
        }
        Set<EntryKind> kindSet = EnumSet.noneOf(EntryKind.class);
        for (String k : kinds) {
            try {
                kindSet.add(EntryKind.fromWord(k.trim()));
            } catch (IllegalArgumentException e) {
                throw new UserError("--kind: " + e.getMessage());
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
        if (output.json()) {
            out.print(CatalogJson.write(json.results(query, kindSet, hits)));
        } else if (hits.isEmpty()) {
            spec.commandLine().getErr().println("falsify: no catalog entry matches " + TerminalText.escape(String.join(" ", query)
                    + (kindSet.isEmpty() ? "" : " among " + String.join(", ", kinds))));
            // what to try: the catalog names failure modes and techniques, not products
            spec.commandLine().getErr().println("Try what the system does or how it fails rather than its name (e.g. "
                    + "'consensus', 'leader election', 'partition', 'clock skew', 'isolation'), fewer words"
                    + (kindSet.isEmpty() ? "" : ", no --kind") + ", or 'falsify catalog' to list every entry.");
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
        return (hits.isEmpty() ? ExitCode.FAILED : ExitCode.OK).code();
    }

    /** The drafting modes; null when none was asked for (then TERMS are searched). */
    private Integer draft() {
        int modes = (hypothesisFrom != null ? 1 : 0) + (sevenMModel != null ? 1 : 0) + (nemesisLine != null ? 1 : 0)
                + (walkPlan != null ? 1 : 0);
        if (modes == 0) {
            if (write || !claims.isEmpty() || hypothesisId != null || !categories.isEmpty()) {
                throw new UserError("--write, --claims, --id and --categories go with --walk, --hypothesis or --seven-m");
            }
            return null;
        }
        if (modes > 1 || !terms.isEmpty()) {
            throw new UserError("give search TERMS or one of --hypothesis, --seven-m, --nemesis-line, --walk");
        }
        if (write && walkPlan == null) {
            throw new UserError("--write goes with --walk");
        }
        Catalog catalog = Catalog.standard();
        CatalogJson json = new CatalogJson(catalog);
        PrintWriter out = spec.commandLine().getOut();
        if (hypothesisFrom != null) {
            Pitfall p = catalog.entry(hypothesisFrom, Pitfall.class).orElseThrow(() -> new UserError(
                    "--hypothesis: no pitfall '" + hypothesisFrom + "' (falsify catalog --kind pitfall lists them)"));
            String text = catalog.snippets().hypothesisFrom(p, claims.stream().map(String::trim).toList(),
                    hypothesisId == null ? "H?" : hypothesisId.trim());
            out.print(output.json() ? CatalogJson.write(json.draft("hypothesis", p.id(), text)) : text);
        } else if (sevenMModel != null) {
            String text = catalog.sevenMSkeleton(sevenMModel, categories.stream().map(String::trim).toList());
            out.print(output.json() ? CatalogJson.write(json.draft("seven-m", null, text)) : text);
        } else if (nemesisLine != null) {
            Nemesis n = catalog.entry(nemesisLine, Nemesis.class).orElseThrow(() -> new UserError(
                    "--nemesis-line: no nemesis '" + nemesisLine + "' (falsify catalog --kind nemesis lists them)"));
            String text = catalog.nemesisLandingLine(n);
            out.print(output.json() ? CatalogJson.write(json.draft("nemesis-line", n.id(), text)) : text);
        } else {
            walk(catalog, json, out);
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private void walk(Catalog catalog, CatalogJson json, PrintWriter out) {
        String text;
        try {
            text = Files.readString(walkPlan, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserError(walkPlan + ": no such file");
        } catch (IOException | UncheckedIOException e) {
            throw new UserError(walkPlan + ": cannot read: " + e.getMessage());
        }
        Plan plan = PlanParser.parse(text);
        PitfallWalk walk = PitfallWalk.forPlan(catalog, plan);
        TextEdit edit = walk.editFor(plan).edits().get(0);
        long answered = walk.rows().stream().filter(r -> r.applies() != Applies.UNANSWERED).count();
        if (write) {
            try {
                AtomicFiles.write(walkPlan, walk.editFor(plan).apply(text));
            } catch (IOException e) {
                throw new UserError(walkPlan + ": cannot write: " + e.getMessage(), ExitCode.WRITE_FAILED);
            }
        }
        if (output.json()) {
            out.print(CatalogJson.write(walk.json(walkPlan.toString(), edit)));
        } else if (write) {
            out.println(walkPlan + ": wrote the pitfall walk into §4 (" + answered + " of " + walk.rows().size()
                    + " pitfalls answered)");
        } else {
            out.print(walk.toMarkdown());
        }
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
