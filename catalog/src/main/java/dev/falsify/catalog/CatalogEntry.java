package dev.falsify.catalog;

import java.util.List;

/**
 * One thing a plan author can look up: a technique, a symptom row, a pitfall, a nemesis, an oracle
 * pattern, a checker-picker row, a finding label or a paper. Every entry has a stable id, a title and
 * text that search ranks over.
 */
public sealed interface CatalogEntry
        permits Technique, SymptomRow, Pitfall, Nemesis, OraclePattern, PickerRow, FindingLabel, Paper {

    String id();

    EntryKind kind();

    /** A one-line name for lists. */
    String title();

    /** One or two sentences for a list's second line and for search result output. */
    String summary();

    /** Extra words that should find this entry even though its text does not use them. */
    List<String> keywords();

    /** All the remaining prose of the entry, searched with the lowest weight. */
    List<String> bodyText();
}
