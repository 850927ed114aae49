package dev.falsify.checkers.history;

import java.nio.file.Path;

/** Where the shared corpora are: surefire passes {@code falsify.shared}; otherwise relative to the module. */
public final class CorpusPaths {
    private CorpusPaths() {
    }

    public static Path corpora() {
        String shared = System.getProperty("falsify.shared");
        Path base = shared != null ? Path.of(shared) : Path.of("../../shared");
        return base.resolve("corpora");
    }

    public static Path of(String relative) {
        return corpora().resolve(relative);
    }
}
