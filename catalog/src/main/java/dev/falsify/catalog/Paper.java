package dev.falsify.catalog;

import java.util.List;

/**
 * A published source the catalog cites. {@code cite} is the short form used inline ("Yuan et al.,
 * OSDI'14"); {@code finding} says, in the project's words, what the catalog takes from it.
 */
public record Paper(String id, String cite, String authors, String title, String venue, int year,
                    String finding, List<String> keywords) implements CatalogEntry {
    public Paper {
        RequiredField.text(id, "id");
        RequiredField.text(cite, "cite");
        RequiredField.text(authors, "authors");
        RequiredField.text(title, "title");
        RequiredField.text(venue, "venue");
        RequiredField.text(finding, "finding");
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.PAPER;
    }

    @Override
    public List<String> keywords() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(cite), keywords.stream()).toList();
    }

    @Override
    public String summary() {
        return cite + ": \"" + title + "\"";
    }

    @Override
    public List<String> bodyText() {
        return List.of(authors, venue, finding);
    }
}
