package dev.falsify.model.plan;

/** A top-level bullet of §8 or §9 (continuation lines joined). */
public record BulletItem(String text, Span span) {
}
