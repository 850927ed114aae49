package dev.falsify.catalog;

import java.util.List;

/**
 * A row of the nemesis taxonomy: a fault, how it is produced, the landing evidence that proves it
 * fired, how to clean up, and whether Falsify's runner does it built in.
 */
public record Nemesis(String id, String name, String category, String mechanism, String simulates,
                      String landing, String cleanup, RunnerSupport runner, List<String> keywords)
        implements CatalogEntry {
    public static final List<String> CATEGORIES = List.of("process", "network", "storage", "time", "cluster");

    public Nemesis {
        RequiredField.text(id, "id");
        RequiredField.object(runner, "runner");
        RequiredField.text(name, "name");
        RequiredField.text(mechanism, "mechanism");
        RequiredField.text(simulates, "simulates");
        RequiredField.text(landing, "landing");
        RequiredField.text(cleanup, "cleanup");
        if (!CATEGORIES.contains(category)) {
            throw new IllegalArgumentException("nemesis category must be one of " + CATEGORIES + ", not " + category);
        }
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.NEMESIS;
    }

    @Override
    public String title() {
        return name;
    }

    @Override
    public String summary() {
        return simulates;
    }

    @Override
    public List<String> bodyText() {
        return List.of(category, mechanism, landing, cleanup, runner.describe());
    }
}
