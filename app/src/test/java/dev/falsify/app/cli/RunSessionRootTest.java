package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.model.session.WorkspaceLayout;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code falsify run} without {@code --sessions} writes into the plan's workspace (the folder above
 * docs/testing-plans/), as the window does, not into whatever directory it was started from (issue 31).
 */
@Timeout(60)
class RunSessionRootTest {
    @TempDir
    Path dir;
    private final InputStream stdin = System.in;

    @AfterEach
    void restoreStdin() {
        System.setIn(stdin);
    }

    @Test
    void withoutSessionsTheRunWritesIntoThePlansWorkspace() throws Exception {
        Path plans = Files.createDirectories(dir.resolve("repo/docs/testing-plans"));
        Path plan = plans.resolve("reg.md");
        Files.writeString(plan, TrustAttacksTest.plan("reg", ".", "true", "", ""), StandardCharsets.UTF_8);
        Files.writeString(plans.resolve("ops.jsonl"), TrustAttacksTest.OPS, StandardCharsets.UTF_8);
        System.setIn(new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)));

        CliRun r = CliRun.run("run", plan.toString(), "--trust-file", dir.resolve("trust.json").toString(), "--no-index");

        assertThat(r.exit()).as(r.err()).isZero();
        Path sessions = dir.resolve("repo/test-sessions");
        assertThat(WorkspaceLayout.defaultSessionRoot(plan)).isEqualTo(sessions);
        try (Stream<Path> s = Files.walk(sessions, 2)) {
            assertThat(s.filter(SessionLayout::isSession).count()).isEqualTo(1);
        }
        assertThat(plans.resolve("test-sessions")).doesNotExist();
    }
}
