package dev.falsify.runner.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** importFolder compares the fingerprint before it reads the folder: an unchanged folder and plan are not parsed again. */
class FingerprintFirstTest {
    @TempDir
    Path tmp;

    @Test
    void aStoredFingerprintHoldsOnlyWhileTheFilesAndThePlanAreUnchanged() throws Exception {
        Path plan = Files.writeString(tmp.resolve("my plans/kv plan.md".replace("/", "-")), "# Test Plan: kv\n");
        Files.setLastModifiedTime(plan, FileTime.fromMillis(1_700_000_000_000L));
        String files = "ab12";
        String stored = files + " plan " + plan.toAbsolutePath().normalize() + " " + Files.size(plan) + " 1700000000000";

        assertThat(SessionStore.unchanged(stored, files)).isTrue();
        assertThat(SessionStore.unchanged(stored, "cd34")).as("a file of the folder changed").isFalse();
        assertThat(SessionStore.unchanged(files, files)).as("stored without a plan: read again, a plan may have appeared").isFalse();
        Files.writeString(plan, "# Test Plan: kv, edited\n");
        assertThat(SessionStore.unchanged(stored, files)).as("the plan changed").isFalse();
        Files.delete(plan);
        assertThat(SessionStore.unchanged(stored, files)).as("the plan is gone").isFalse();
        assertThat(SessionStore.unchanged(files + " plan ", files)).isFalse();
    }
}
