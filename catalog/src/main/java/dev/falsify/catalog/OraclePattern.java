package dev.falsify.catalog;

import java.util.List;

/**
 * A way of deciding pass/fail from what a run recorded, linked to the Falsify checkers that implement
 * it. {@code weakForm} is what the pattern degrades into when done badly (the weak-oracle audit).
 */
public record OraclePattern(String id, String name, String asserts, List<String> models,
                            List<String> categories, List<String> checkers, String historyNeeds,
                            String weakForm, List<String> keywords) implements CatalogEntry {
    public OraclePattern {
        RequiredField.text(id, "id");
        RequiredField.text(name, "name");
        RequiredField.text(asserts, "asserts");
        RequiredField.text(historyNeeds, "historyNeeds");
        RequiredField.text(weakForm, "weakForm");
        models = RequiredField.list(models, "models");
        categories = RequiredField.list(categories, "categories");
        checkers = RequiredField.list(checkers, "checkers");
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.ORACLE;
    }

    @Override
    public String title() {
        return name;
    }

    @Override
    public String summary() {
        return asserts;
    }

    @Override
    public List<String> bodyText() {
        return List.of(String.join(" ", models), String.join(" ", categories), String.join(" ", checkers),
                historyNeeds, weakForm);
    }
}
