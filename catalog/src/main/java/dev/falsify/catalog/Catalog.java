package dev.falsify.catalog;

import dev.falsify.model.vocabulary.HistoryModel;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The whole catalog: techniques, the symptom index, pitfalls, the nemesis taxonomy, oracle patterns,
 * the checker picker table, finding labels and the papers they cite. Immutable; load the bundled
 * content with {@link #standard()}.
 */
public final class Catalog {
    private static volatile Catalog standard;

    private final List<Technique> techniques;
    private final List<SymptomRow> symptoms;
    private final List<Pitfall> pitfalls;
    private final List<Nemesis> nemeses;
    private final List<OraclePattern> oracles;
    private final List<PickerRow> picker;
    private final List<FindingLabel> labels;
    private final List<Paper> papers;
    private final List<ModelFields> models;
    private final Map<String, CatalogEntry> byId;
    private final CatalogSearch search;

    Catalog(List<Technique> techniques, List<SymptomRow> symptoms, List<Pitfall> pitfalls,
            List<Nemesis> nemeses, List<OraclePattern> oracles, List<PickerRow> picker,
            List<FindingLabel> labels, List<Paper> papers, List<ModelFields> models) {
        this.techniques = List.copyOf(techniques);
        this.symptoms = List.copyOf(symptoms);
        this.pitfalls = List.copyOf(pitfalls);
        this.nemeses = List.copyOf(nemeses);
        this.oracles = List.copyOf(oracles);
        this.picker = List.copyOf(picker);
        this.labels = List.copyOf(labels);
        this.papers = List.copyOf(papers);
        this.models = List.copyOf(models);
        Map<String, CatalogEntry> ids = new LinkedHashMap<>();
        for (CatalogEntry e : entries()) {
            CatalogEntry previous = ids.put(key(e.id()), e);
            if (previous != null) {
                throw new IllegalStateException("catalog id " + e.id() + " is used twice ("
                        + previous.kind().word() + " and " + e.kind().word() + ")");
            }
        }
        this.byId = ids;
        new CatalogReferences(this).verify();
        this.search = new CatalogSearch(entries());
    }

    /** The content bundled with Falsify (loaded once, then shared). */
    public static Catalog standard() {
        Catalog c = standard;
        if (c == null) {
            synchronized (Catalog.class) {
                c = standard;
                if (c == null) {
                    c = load(CatalogLoader.fromClasspath());
                    standard = c;
                }
            }
        }
        return c;
    }

    /** Loads catalog YAML from another source (tests use it to prove bad content is rejected). */
    public static Catalog load(Function<String, InputStream> resources) {
        return load(new CatalogLoader(resources));
    }

    private static Catalog load(CatalogLoader l) {
        return new Catalog(
                l.list("techniques.yaml", Technique.class),
                l.list("symptoms.yaml", SymptomRow.class),
                l.list("pitfalls.yaml", Pitfall.class),
                l.list("nemeses.yaml", Nemesis.class),
                l.list("oracles.yaml", OraclePattern.class),
                PickerTable.rows(),
                l.list("labels.yaml", FindingLabel.class),
                l.list("papers.yaml", Paper.class),
                l.list("models.yaml", ModelFields.class));
    }

    public List<Technique> techniques() {
        return techniques;
    }

    public List<SymptomRow> symptoms() {
        return symptoms;
    }

    public List<Pitfall> pitfalls() {
        return pitfalls;
    }

    public List<Nemesis> nemeses() {
        return nemeses;
    }

    public List<OraclePattern> oracles() {
        return oracles;
    }

    public List<PickerRow> pickerTable() {
        return picker;
    }

    public List<FindingLabel> labels() {
        return labels;
    }

    public List<FindingLabel> labels(String axis) {
        return labels.stream().filter(l -> l.axis().equals(axis)).toList();
    }

    public List<Paper> papers() {
        return papers;
    }

    public List<ModelFields> modelFields() {
        return models;
    }

    /** The history fields for the model a §7.M model value names ("cas-register (one key)" → register's), if any. */
    public Optional<ModelFields> modelFields(String model) {
        HistoryModel m = HistoryModel.find(model).orElse(null);
        return models.stream().filter(f -> f.covers(m)).findFirst();
    }

    /** Every entry, techniques first, in the order of {@link EntryKind}. */
    public List<CatalogEntry> entries() {
        return Stream.<List<? extends CatalogEntry>>of(techniques, symptoms, pitfalls, nemeses, oracles, picker,
                        labels, papers)
                .flatMap(List::stream).map(CatalogEntry.class::cast).toList();
    }

    /** The entry with this id, ignoring case ({@code pf03}, {@code PF03}). */
    /** The entry with this id; a picker row also by a model alias ({@code PK-map-isolation} is {@code PK-kv-isolation}). */
    public Optional<CatalogEntry> entry(String id) {
        CatalogEntry e = byId.get(key(id));
        if (e == null && key(id).startsWith("pk-")) e = byId.get(key(PickerRow.canonicalId(id)));
        return Optional.ofNullable(e);
    }

    public <T extends CatalogEntry> Optional<T> entry(String id, Class<T> type) {
        return entry(id).filter(type::isInstance).map(type::cast);
    }

    /** Entries matching every term, best first. An empty term list returns nothing. */
    public List<SearchHit> search(Collection<String> terms) {
        return search.search(terms, Set.of());
    }

    public List<SearchHit> search(Collection<String> terms, Set<EntryKind> kinds) {
        return search.search(terms, kinds);
    }

    public List<SearchHit> search(String query) {
        return search(List.of(query.trim().split("\\s+")));
    }

    /** The pitfalls that threaten a claim with any of these categories. */
    public List<Pitfall> pitfallsThreatening(Collection<String> claimCategories) {
        return pitfalls.stream().filter(p -> p.threatensAny(claimCategories)).toList();
    }

    /** Names of all checkers the catalog refers to (oracle patterns and the picker table). */
    public List<String> checkerNamesReferenced() {
        List<String> names = new ArrayList<>();
        Stream.concat(oracles.stream().flatMap(o -> o.checkers().stream()),
                        picker.stream().flatMap(p -> p.checkers().stream()))
                .filter(n -> !names.contains(n)).forEach(names::add);
        return names;
    }

    /** Drafts plan text using this catalog and the checker picker. */
    public PlanSnippets snippets() {
        return new PlanSnippets(this, PickerTable.advisor());
    }

    /** A §7.M block for this model and claim categories, checker pre-filled from the picker. */
    public String sevenMSkeleton(String model, Collection<String> categories) {
        return snippets().sevenMSkeleton(model, categories);
    }

    /** A §4 hypothesis from the pitfall's template, tied to these claim ids. */
    public String hypothesisFrom(Pitfall pitfall, List<String> claimIds) {
        return snippets().hypothesisFrom(pitfall, claimIds);
    }

    /** The §7.M nemesis field for this nemesis, with its landing evidence. */
    public String nemesisLandingLine(Nemesis nemesis) {
        return snippets().nemesisLandingLine(nemesis);
    }

    private static String key(String id) {
        return id.trim().toLowerCase(Locale.ROOT);
    }
}
