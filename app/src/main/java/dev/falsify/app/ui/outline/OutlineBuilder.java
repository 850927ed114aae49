package dev.falsify.app.ui.outline;

import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.MissingClaim;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanTemplates;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.Section;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A plan → its outline: the sections in document order, a lettered part (§1b, §7c) under its
 * numbered section when the plan has one, each of the ten top-level sections §0–§9 the plan lacks
 * shown at its place as missing, and under each section the claims, missing claims, hypotheses and
 * scenarios whose text starts inside it (wherever the author put them).
 */
public final class OutlineBuilder {
    private static final int LABEL_TEXT = 60;

    private OutlineBuilder() {
    }

    /** A section under construction: its entry fields plus the children collected so far. */
    private static final class Node {
        final Section section;
        final String id;
        final List<Node> parts = new ArrayList<>();
        final List<OutlineEntry> elements = new ArrayList<>();

        Node(Section section, String id) {
            this.section = section;
            this.id = id;
        }

        OutlineEntry toEntry() {
            List<OutlineEntry> children = new ArrayList<>(elements);
            for (Node p : parts) {
                children.add(p.toEntry());
            }
            children.sort(Comparator.comparingInt(e -> e.offset() < 0 ? Integer.MAX_VALUE : e.offset()));
            if (section == null) {
                return new OutlineEntry(OutlineEntry.Kind.MISSING_SECTION, id,
                        "§" + id + " " + PlanTemplates.SECTION_TITLES.getOrDefault(id, "") + " — missing", -1, children);
            }
            String title = section.title().strip();
            return section.id() == null
                    ? new OutlineEntry(OutlineEntry.Kind.OTHER_SECTION, null, title, section.headingSpan().startOffset(), children)
                    : new OutlineEntry(OutlineEntry.Kind.SECTION, section.id(), "§" + section.id() + " " + stripNumber(title, section.id()),
                            section.headingSpan().startOffset(), children);
        }
    }

    public static List<OutlineEntry> build(Plan plan) {
        List<Node> top = new ArrayList<>();
        List<Node> all = new ArrayList<>();
        Node currentTop = null;
        for (Section s : plan.sections()) {
            Node n = new Node(s, s.id());
            all.add(n);
            boolean lettered = s.id() != null && Character.isLetter(s.id().charAt(s.id().length() - 1));
            String parent = lettered ? s.id().substring(0, s.id().length() - 1) : null;
            if (lettered && currentTop != null && parent.equals(currentTop.id)) {
                currentTop.parts.add(n);
            } else {
                top.add(n);
                if (!lettered) {
                    currentTop = n;
                }
            }
        }
        for (Claim c : plan.claims()) {
            place(all, new OutlineEntry(OutlineEntry.Kind.CLAIM, c.id(), c.id() + " — " + shorten(c.text()),
                    c.span().startOffset(), List.of()));
        }
        for (MissingClaim m : plan.missingClaims()) {
            place(all, new OutlineEntry(OutlineEntry.Kind.MISSING_CLAIM, m.id(), m.id() + " — " + shorten(m.behavior()),
                    m.span().startOffset(), List.of()));
        }
        for (Hypothesis h : plan.hypotheses()) {
            place(all, new OutlineEntry(OutlineEntry.Kind.HYPOTHESIS, h.id(), h.id() + " — " + shorten(h.title()),
                    h.headingSpan().startOffset(), List.of()));
        }
        for (Scenario s : plan.scenarios()) {
            place(all, new OutlineEntry(OutlineEntry.Kind.SCENARIO, s.id(), s.id() + " — " + shorten(s.name()),
                    s.headingSpan().startOffset(), List.of()));
        }
        addMissingTopSections(top);
        List<OutlineEntry> out = new ArrayList<>(top.size());
        for (Node n : top) {
            out.add(n.toEntry());
        }
        return List.copyOf(out);
    }

    /** Puts an element under the innermost (last-starting) section whose span holds its offset. */
    private static void place(List<Node> sections, OutlineEntry e) {
        Node best = null;
        for (Node n : sections) {
            if (n.section.span().contains(e.offset())
                    && (best == null || n.section.span().startOffset() >= best.section.span().startOffset())) {
                best = n;
            }
        }
        if (best != null) {
            best.elements.add(e);
        }
    }

    /** §0–§9 the plan lacks, each after the last present top-level section with a lower number. */
    private static void addMissingTopSections(List<Node> top) {
        for (int k = 0; k <= 9; k++) {
            String id = Integer.toString(k);
            if (top.stream().anyMatch(n -> id.equals(n.id))) {
                continue;
            }
            int at = 0;
            for (int i = 0; i < top.size(); i++) {
                String other = top.get(i).id;
                if (other != null && Character.isDigit(other.charAt(0)) && number(other) < k) {
                    at = i + 1;
                }
            }
            top.add(at, new Node(null, id));
        }
    }

    private static int number(String id) {
        int i = 0;
        while (i < id.length() && Character.isDigit(id.charAt(i))) {
            i++;
        }
        return Integer.parseInt(id.substring(0, i));
    }

    /** "1b. Claims under test" → "Claims under test"; a heading without its number stays as written. */
    private static String stripNumber(String title, String id) {
        String t = title.replaceFirst("^(§|[Ss]ection\\s+)?\\s*" + Pattern.quote(id) + "[.:)]?\\s*", "");
        return t.isEmpty() ? title : t;
    }

    private static String shorten(String s) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        return t.length() <= LABEL_TEXT ? t : t.substring(0, LABEL_TEXT - 1) + "…";
    }
}
