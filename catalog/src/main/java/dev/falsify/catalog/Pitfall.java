package dev.falsify.catalog;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * A recurring failure mode from published analyses, the claim categories it threatens, and a
 * hypothesis template in the plan's §4 format. {@code hypothesisCategory} is one of the eight
 * hypothesis categories lint rule P014 counts.
 */
public record Pitfall(String id, String name, String description, List<String> threatens,
                      String hypothesisCategory, HypothesisTemplate template, List<String> sources,
                      List<String> oracles, List<String> nemeses, List<String> keywords)
        implements CatalogEntry {
    public Pitfall {
        RequiredField.text(id, "id");
        RequiredField.object(template, "template");
        RequiredField.text(name, "name");
        RequiredField.text(description, "description");
        RequiredField.text(hypothesisCategory, "hypothesisCategory");
        threatens = RequiredField.list(threatens, "threatens");
        sources = RequiredField.list(sources, "sources");
        oracles = RequiredField.optionalList(oracles);
        nemeses = RequiredField.optionalList(nemeses);
        keywords = RequiredField.optionalList(keywords);
    }

    @Override
    public EntryKind kind() {
        return EntryKind.PITFALL;
    }

    @Override
    public String title() {
        return name;
    }

    @Override
    public String summary() {
        return description;
    }

    /** True when a claim with any of these categories is one this pitfall threatens. */
    public boolean threatensAny(Collection<String> claimCategories) {
        for (String c : claimCategories) {
            String norm = c.toLowerCase(Locale.ROOT).trim();
            if (norm.equals("performance")) {
                norm = "performance-slo";
            }
            for (String t : threatens) {
                if (t.toLowerCase(Locale.ROOT).equals(norm)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public List<String> bodyText() {
        return List.of(template.title(), template.whatCouldGoWrong(), template.suspectedBecause(),
                hypothesisCategory, String.join(" ", threatens));
    }
}
