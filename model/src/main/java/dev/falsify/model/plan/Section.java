package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/**
 * A plan section: a level-2 heading (or a level-3 heading carrying an explicit section number
 * such as {@code ### 7b.}) and everything up to the next section.
 *
 * @param id          the section id of plan-format.md ({@code 0}, {@code 1}, {@code 1b}, … {@code 9}),
 *                    or null for a section the parser does not know (kept, reported as P019)
 * @param title       the heading text as written
 * @param headingSpan the heading line
 * @param span        heading plus body
 * @param bodySpan    the body only (after the heading line)
 */
public record Section(String id, String title, int level, Span headingSpan, Span span, Span bodySpan) {

    public boolean isKnown() {
        return id != null;
    }
}
