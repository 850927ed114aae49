package dev.falsify.model.plan;

import dev.falsify.model.text.Span;

/** A top-level bullet of §8 or §9 (continuation lines joined). */
public record BulletItem(String text, Span span) {
}
