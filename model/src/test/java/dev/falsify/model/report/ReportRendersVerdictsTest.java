package dev.falsify.model.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.SessionFolder;
import dev.falsify.model.session.SessionReader;
import dev.falsify.model.verdict.SessionHeadline;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * report.md renders the verdicts SessionVerdicts computed (as the store, the window and
 * {@code falsify sessions} get them) instead of computing them a second time (issue 31, problem 5).
 */
class ReportRendersVerdictsTest {
    @Test
    void theReportShowsTheVerdictsItIsGivenAndTheSameBytesAsBefore() throws Exception {
        SessionFolder f = SessionReader.read(ReportWriterTest.DONE);
        PlanFacts plan = PlanFacts.missing("plan not found: test");
        SessionVerdicts v = SessionVerdicts.of(f, plan, Optional.empty());
        assertThat(ReportWriter.render(f, v)).isEqualTo(ReportWriter.render(f, plan));

        SessionHeadline other = v.headline() == SessionHeadline.BLOCKED ? SessionHeadline.DONE : SessionHeadline.BLOCKED;
        String rendered = ReportWriter.render(f, new SessionVerdicts(v.planFile(), v.plan(), v.arms(), v.scenarios(), other));
        assertThat(rendered).contains("## Summary\n\n**" + other.name() + "**");
    }
}
