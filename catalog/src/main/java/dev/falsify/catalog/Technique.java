package dev.falsify.catalog;

import java.util.List;
import java.util.stream.Stream;

/** A testing technique: when to reach for it, what it catches and misses, tools, papers, cost, checklist. */
public record Technique(String id, String name, String summary, List<String> whenToUse,
                        List<String> catchesWell, List<String> misses, List<String> tools,
                        List<String> papers, CostSignal cost, List<String> checklist,
                        List<String> keywords) implements CatalogEntry {
    public Technique {
        RequiredField.text(id, "id");
        RequiredField.object(cost, "cost");
        RequiredField.text(name, "name");
        RequiredField.text(summary, "summary");
        whenToUse = RequiredField.list(whenToUse, "whenToUse");
        catchesWell = RequiredField.list(catchesWell, "catchesWell");
        misses = RequiredField.list(misses, "misses");
        tools = RequiredField.list(tools, "tools");
        papers = RequiredField.list(papers, "papers");
        checklist = RequiredField.list(checklist, "checklist");
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.TECHNIQUE;
    }

    @Override
    public String title() {
        return name;
    }

    @Override
    public List<String> bodyText() {
        return Stream.of(whenToUse, catchesWell, misses, tools, checklist, List.of(cost.note()))
                .flatMap(List::stream).toList();
    }
}
