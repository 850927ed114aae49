package dev.falsify.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The JSON form of catalog entries and search results ({@code falsify catalog --json}). Field order is
 * fixed: the envelope as written here, each entry's fields in record-component order. Pitfalls carry
 * their drafted hypothesis and nemeses their §7.M line, so agents can paste them without re-rendering.
 */
public final class CatalogJson {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private final Catalog catalog;

    public CatalogJson(Catalog catalog) {
        this.catalog = catalog;
    }

    /** A search (non-empty terms, scored hits) or a listing (no terms, every entry of the kinds). */
    public ObjectNode results(List<String> terms, Set<EntryKind> kinds, List<SearchHit> hits) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode q = root.putArray("query");
        terms.forEach(q::add);
        ArrayNode k = root.putArray("kinds");
        kinds.stream().sorted().forEach(kind -> k.add(kind.word()));
        root.put("count", hits.size());
        ArrayNode results = root.putArray("results");
        for (SearchHit h : hits) {
            ObjectNode e = results.addObject();
            header(e, h.entry());
            if (!terms.isEmpty()) {
                e.put("score", Math.round(h.score() * 100) / 100.0);
                ArrayNode m = e.putArray("matchedIn");
                h.matchedIn().forEach(m::add);
            }
            body(e, h.entry());
        }
        return root;
    }

    /** Every entry of these kinds (all kinds when empty), as unscored hits in catalog order. */
    public List<SearchHit> listing(Collection<EntryKind> kinds) {
        return catalog.entries().stream().filter(e -> kinds.isEmpty() || kinds.contains(e.kind()))
                .map(e -> new SearchHit(e, 0, List.of())).toList();
    }

    /** A drafted snippet: {@code {"draft": kind, "id": entry id or null, "text": …}}. */
    public ObjectNode draft(String kind, String id, String text) {
        ObjectNode root = JSON.createObjectNode();
        root.put("draft", kind);
        root.put("id", id);
        root.put("text", text);
        return root;
    }

    /** A node of the catalog's JSON shape (for answers built beside the catalog, such as a plan's pitfall walk). */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    public static String write(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write catalog JSON", e);
        }
    }

    private static void header(ObjectNode e, CatalogEntry entry) {
        e.put("id", entry.id());
        e.put("kind", entry.kind().word());
        e.put("title", entry.title());
        e.put("summary", entry.summary());
    }

    private void body(ObjectNode e, CatalogEntry entry) {
        e.set("entry", JSON.valueToTree(entry));
        if (entry instanceof Pitfall p) {
            e.put("hypothesis", catalog.hypothesisFrom(p, List.of()));
        } else if (entry instanceof Nemesis n) {
            e.put("builtIn", n.runner().builtIn());
            e.put("sevenMLine", catalog.nemesisLandingLine(n));
        }
    }
}
