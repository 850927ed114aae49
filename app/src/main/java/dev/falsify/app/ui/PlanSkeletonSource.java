package dev.falsify.app.ui;

import java.nio.file.Path;

/** Where the new-plan dialog gets its text: the plan model's skeleton writer. */
final class PlanSkeletonSource {
    private PlanSkeletonSource() {
    }

    static String skeleton(String slug, boolean changeScoped, Path repo, String commit) {
        throw new UnsupportedOperationException("the plan model's skeleton writer has not landed yet");
    }
}
