package dev.falsify.catalog;

/**
 * The parts of a §4 hypothesis a pitfall suggests. {@code subsystem} is a prompt in angle brackets
 * the author replaces (it names what to look for, since the catalog cannot know the system).
 */
public record HypothesisTemplate(String title, String whatCouldGoWrong, String suspectedBecause,
                                 String subsystem) {
    public HypothesisTemplate {
        requireText(title, "title");
        requireText(whatCouldGoWrong, "whatCouldGoWrong");
        requireText(suspectedBecause, "suspectedBecause");
        requireText(subsystem, "subsystem");
    }

    private static void requireText(String s, String field) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException("hypothesis template field '" + field + "' is empty");
        }
    }
}
