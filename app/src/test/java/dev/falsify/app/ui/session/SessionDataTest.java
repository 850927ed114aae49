package dev.falsify.app.ui.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Session view reads a folder against its plan, as report.md does, so the two never disagree. */
class SessionDataTest {
    /** An agent-written folder whose plan declares an S1 arm the session never ran (the model's fixture). */
    private static final Path FOLDER = Path.of("../model/src/test/resources/agent-sessions/test-sessions/tenant-store/2026-12-11-rerun");

    @Test
    void verdictsAreReadAgainstThePlanLikeTheReport() throws Exception {
        assertThat(FOLDER).isDirectory();
        SessionData d = SessionData.load(FOLDER);
        assertThat(d.plan().present()).isTrue();
        // without the plan nothing says S1 has a third arm; with it the missing arm is NOT-RUN and caps S1
        assertThat(d.folder().scenarioVerdicts().get("S1")).isNotEqualTo(Verdict.PARTIAL_SURFACE);
        assertThat(d.scenarioVerdicts()).isEqualTo(Map.of("S1", Verdict.PARTIAL_SURFACE));
        String report = ReportWriter.render(d.folder(), d.plan());
        assertThat(report).contains("- PARTIAL-surface: S1");
        assertThat(report).contains("**" + d.headline().name() + "**");
        assertThat(d.headline()).isNotEqualTo(SessionHeadline.DONE);
        assertThat(Files.exists(FOLDER.resolve("findings/report.md"))).as("reading writes nothing").isFalse();
    }
}
