package dev.falsify.model.verdict;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * TaxDC bug type of a finding: one top-level category plus any secondary tags.
 *
 * @param top  top-level category
 * @param tags secondary tags
 */
public record BugType(Top top, Set<Tag> tags) {

    public enum Top {
        TIMING("timing"), ORDERING("ordering"), PARTITION("partition"), CRASH_RECOVERY("crash-recovery"),
        UPGRADE("upgrade"), CONFIG("config"), FAULT_HANDLING("fault-handling"), PERFORMANCE("performance");

        private final String label;

        Top(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public enum Tag {
        REPLICATION("replication"), LEADERSHIP_ELECTION("leadership/election"), IDEMPOTENCY_DEDUP("idempotency/dedup"),
        DURABILITY("durability"), LIVENESS("liveness"), SAFETY("safety");

        private final String label;

        Tag(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public BugType {
        tags = tags == null || tags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(tags));
    }

    /** {@code partition; tags: replication, safety} — tags in declaration order. */
    public String display() {
        List<Tag> ordered = new ArrayList<>(tags);
        ordered.sort(null);
        return top.label + (ordered.isEmpty() ? "" : "; tags: "
                + ordered.stream().map(Tag::label).collect(Collectors.joining(", ")));
    }

    /** Reads text such as {@code partition / replication, safety} or {@code timing; tags: liveness}. */
    public static Optional<BugType> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.toLowerCase(Locale.ROOT);
        Top top = null;
        int at = Integer.MAX_VALUE;
        for (Top candidate : Top.values()) {
            int i = t.indexOf(candidate.label);
            if (i >= 0 && i < at) {
                top = candidate;
                at = i;
            }
        }
        if (top == null) {
            return Optional.empty();
        }
        EnumSet<Tag> tags = EnumSet.noneOf(Tag.class);
        for (Tag tag : Tag.values()) {
            String first = tag.label.split("/")[0];
            if (t.contains(first)) {
                tags.add(tag);
            }
        }
        return Optional.of(new BugType(top, tags));
    }
}
