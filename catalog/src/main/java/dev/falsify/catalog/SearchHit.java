package dev.falsify.catalog;

import java.util.List;

/** A search result: the entry, its score (higher is better) and the fields the terms matched in. */
public record SearchHit(CatalogEntry entry, double score, List<String> matchedIn) {
    public SearchHit {
        matchedIn = List.copyOf(matchedIn);
    }
}
