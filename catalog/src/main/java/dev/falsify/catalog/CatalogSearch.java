package dev.falsify.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Ranks entries against search terms. Every (non stop-word) term must match somewhere in an entry;
 * a term scores by the best field it hits — the id outright, then the title, keywords, summary and
 * the remaining prose — and a whole-word hit counts double a prefix hit ("partit" finds
 * "partition"). Plurals fold to the singular. Equal scores keep the catalog's kind order, then id.
 */
final class CatalogSearch {
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "of", "and", "or", "to", "in", "on",
            "for", "is", "it", "by", "with", "what", "how", "when", "could", "can", "my", "we", "i");

    /**
     * Systems and protocols people search by name, and the catalog's words for what they do: the
     * catalog describes failure modes and techniques, not products, so "raft" alone matched nothing.
     * A term that matches an entry directly is scored as before; one that does not is tried through
     * these words, at a discount, so a direct hit always ranks first.
     */
    static final java.util.Map<String, List<String>> SYNONYMS = java.util.Map.ofEntries(
            java.util.Map.entry("raft", List.of("consensus", "leader", "election", "replication", "log", "term")),
            java.util.Map.entry("paxos", List.of("consensus", "leader", "quorum", "replication")),
            java.util.Map.entry("zab", List.of("consensus", "leader", "election", "replication")),
            java.util.Map.entry("etcd", List.of("consensus", "leader", "election", "linearizable", "lease", "watch")),
            java.util.Map.entry("zookeeper", List.of("consensus", "leader", "election", "lease", "session", "watch")),
            java.util.Map.entry("consul", List.of("consensus", "leader", "election", "membership", "lease")),
            java.util.Map.entry("kafka", List.of("log", "replication", "leader", "consumer", "offset", "idempotent")),
            java.util.Map.entry("cassandra", List.of("quorum", "replication", "eventual", "clock", "repair")),
            java.util.Map.entry("dynamo", List.of("quorum", "replication", "eventual", "clock")),
            java.util.Map.entry("riak", List.of("quorum", "replication", "eventual", "clock")),
            java.util.Map.entry("postgres", List.of("transaction", "isolation", "serializable", "snapshot", "replication")),
            java.util.Map.entry("postgresql", List.of("transaction", "isolation", "serializable", "snapshot", "replication")),
            java.util.Map.entry("mysql", List.of("transaction", "isolation", "snapshot", "replication")),
            java.util.Map.entry("cockroachdb", List.of("transaction", "serializable", "clock", "consensus")),
            java.util.Map.entry("tidb", List.of("transaction", "snapshot", "consensus")),
            java.util.Map.entry("mongodb", List.of("replication", "election", "rollback", "causal")),
            java.util.Map.entry("redis", List.of("replication", "failover", "cache", "eventual")),
            java.util.Map.entry("2pc", List.of("two-phase", "commit", "coordinator", "transaction")),
            java.util.Map.entry("crdt", List.of("eventual", "convergence", "merge")),
            java.util.Map.entry("gossip", List.of("membership", "eventual", "convergence")),
            java.util.Map.entry("fsync", List.of("durability", "crash", "disk")));
    private static final double SYNONYM_DISCOUNT = 0.5;

    private enum Field {
        ID("id", 50), TITLE("title", 8), KEYWORDS("keywords", 5), SUMMARY("summary", 3), BODY("body", 1);

        final String label;
        final double weight;

        Field(String label, double weight) {
            this.label = label;
            this.weight = weight;
        }
    }

    private record Indexed(CatalogEntry entry, String id, String compactId, List<Set<String>> fieldTokens,
                           String titleText) {
    }

    private final List<Indexed> index = new ArrayList<>();

    CatalogSearch(List<CatalogEntry> entries) {
        for (CatalogEntry e : entries) {
            List<Set<String>> fields = new ArrayList<>();
            fields.add(Set.of()); // the id is compared whole, not by token
            fields.add(tokens(e.title()));
            fields.add(tokens(String.join(" ", e.keywords())));
            fields.add(tokens(e.summary()));
            fields.add(tokens(String.join(" ", e.bodyText())));
            String id = e.id().toLowerCase(Locale.ROOT);
            index.add(new Indexed(e, id, id.replaceAll("[^\\p{L}\\p{N}]", ""), fields,
                    String.join(" ", normalisedWords(e.title()))));
        }
    }

    List<SearchHit> search(Collection<String> rawTerms, Set<EntryKind> kinds) {
        List<String> words = new ArrayList<>();
        for (String raw : rawTerms) {
            words.addAll(normalisedWords(raw));
        }
        List<String> terms = words.stream().filter(w -> !STOP_WORDS.contains(w)).distinct().toList();
        if (terms.isEmpty()) {
            terms = words.stream().distinct().toList();
        }
        List<String> rawIds = rawTerms.stream().map(t -> t.trim().toLowerCase(Locale.ROOT)).toList();
        List<SearchHit> hits = new ArrayList<>();
        if (terms.isEmpty()) {
            return hits;
        }
        if (rawIds.size() == 1) {
            // a lone term that is an id names that entry and nothing else
            for (Indexed ix : index) {
                if (rawIds.get(0).equals(ix.id) && (kinds.isEmpty() || kinds.contains(ix.entry.kind()))) {
                    return List.of(new SearchHit(ix.entry, Field.ID.weight * 2, List.of(Field.ID.label)));
                }
            }
        }
        for (Indexed ix : index) {
            if (!kinds.isEmpty() && !kinds.contains(ix.entry.kind())) {
                continue;
            }
            double score = 0;
            Set<String> matched = new LinkedHashSet<>();
            boolean all = true;
            for (String term : terms) {
                // a term scores the sum of its hits over the fields; the best field names the match
                double termScore = 0;
                double best = 0;
                Field bestField = null;
                if (ix.compactId.equals(term)) {
                    termScore = best = Field.ID.weight;
                    bestField = Field.ID;
                }
                for (Field f : List.of(Field.TITLE, Field.KEYWORDS, Field.SUMMARY, Field.BODY)) {
                    double q = quality(term, ix.fieldTokens.get(f.ordinal())) * f.weight;
                    termScore += q;
                    if (q > best) {
                        best = q;
                        bestField = f;
                    }
                }
                if (bestField == null) {
                    for (String other : SYNONYMS.getOrDefault(term, List.of())) {
                        for (String w : normalisedWords(other)) {
                            for (Field f : List.of(Field.TITLE, Field.KEYWORDS, Field.SUMMARY, Field.BODY)) {
                                double q = quality(w, ix.fieldTokens.get(f.ordinal())) * f.weight * SYNONYM_DISCOUNT;
                                termScore += q;
                                if (q > best) {
                                    best = q;
                                    bestField = f;
                                }
                            }
                        }
                    }
                }
                if (bestField == null) {
                    all = false;
                    break;
                }
                score += termScore;
                matched.add(bestField.label);
            }
            if (!all) {
                continue;
            }
            if (terms.size() > 1 && ix.titleText.contains(String.join(" ", terms))) {
                score += Field.TITLE.weight; // the terms appear together, in order, in the title
            }
            hits.add(new SearchHit(ix.entry, score * kindWeight(ix.entry.kind()), new ArrayList<>(matched)));
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(h -> h.entry().kind().ordinal())
                .thenComparing(h -> h.entry().id()));
        return hits;
    }

    /**
     * Explanatory entries (techniques, pitfalls, nemeses, oracle patterns) come before the tables that
     * merely mention the same words (picker rows, labels, papers) when their text matches equally.
     */
    private static double kindWeight(EntryKind kind) {
        return switch (kind) {
            case TECHNIQUE, PITFALL, NEMESIS, ORACLE -> 1.0;
            case SYMPTOM, LABEL -> 0.9;
            case PAPER -> 0.8;
            case PICKER -> 0.5;
        };
    }

    private static double quality(String term, Set<String> tokens) {
        if (tokens.contains(term)) {
            return 1.0;
        }
        if (term.length() >= 3) {
            for (String t : tokens) {
                if (t.startsWith(term)) {
                    return 0.5;
                }
            }
        }
        return 0;
    }

    static Set<String> tokens(String text) {
        return new HashSet<>(normalisedWords(text));
    }

    /** Lower-cased alphanumeric words with plurals folded ("partitions" → "partition", "replies" → "reply"). */
    static List<String> normalisedWords(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) {
                out.add(singular(w));
            }
        }
        return out;
    }

    private static String singular(String w) {
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
