package dev.falsify.model.coverage;

import dev.falsify.model.text.Span;

/** A derived gap of the matrix, with the element it concerns. */
public record CoverageGap(Kind kind, String id, String message, Span span) {

    public enum Kind {
        /** A hypothesis that references no claim. */
        UNTETHERED_HYPOTHESIS,
        /** A claim no scenario falsifies. */
        CLAIM_WITHOUT_SCENARIO,
        /** A hypothesis no scenario closes. */
        HYPOTHESIS_WITHOUT_SCENARIO
    }
}
