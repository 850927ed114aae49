package dev.falsify.model.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.falsify.model.report.PlanFactsAdapter;
import dev.falsify.model.report.PlanLocator;
import dev.falsify.model.report.ReportWriter;
import dev.falsify.model.verdict.AuditItem;
import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A folder in another agent's style: no slug level, linked plan, reordered columns, ids S1 vs S01, verdicts only in a report. */
class OtherStyleSessionTest {
    static final Path DIR = Path.of("src/test/resources/other-style/sessions/2026-10-01-nightly");

    @Test
    void opensWithoutConversion() throws IOException {
        SessionFolder f = SessionReader.read(DIR);
        assertThat(f.interrupted()).isFalse(); // it has a report
        assertThat(f.problems()).isEmpty();
        assertThat(f.planSlug()).isEqualTo("kv");
        assertThat(f.log().header().commit()).isEqualTo("deadbeef");
        assertThat(f.log().timeline()).extracting(TimelineEvent::scenario, TimelineEvent::event)
                .contains(tuple("S2", "landing evidence"));
        assertThat(f.arms()).extracting(SessionFolder.ArmVerdict::armId, SessionFolder.ArmVerdict::effective)
                // S1 is written PASS-smoke but its own checklist marks "timestamps monotonic" FAILED: PARTIAL-model
                .containsExactly(tuple("S1", Verdict.PARTIAL_MODEL), tuple("S2", Verdict.INCONCLUSIVE_FAULT_NOT_PROVEN),
                        tuple("S3", Verdict.NOT_RUN));
        FindingFile s1 = f.arms().get(0).finding().orElseThrow();
        assertThat(s1.fileName()).isEqualTo("S01-put_get_is_linearizable.md");
        assertThat(s1.checklist()).extracting(AuditItem::status)
                .containsExactly(AuditItem.Status.PASSED, AuditItem.Status.FAILED);
        assertThat(s1.checklist().get(1).evidence()).isEqualTo("two clients on different hosts");
        assertThat(f.headline()).isEqualTo(SessionHeadline.INCONCLUSIVE);
    }

    @Test
    void itsLinkedPlanIsFoundAndEveryHypothesisReported() throws IOException {
        SessionFolder f = SessionReader.read(DIR);
        Path plan = PlanLocator.locate(f, Path.of("/nonexistent")).orElseThrow();
        assertThat(plan.toString().replace('\\', '/')).endsWith("other-style/plans/kv.md");
        String report = ReportWriter.render(f, PlanFactsAdapter.read(plan));
        assertThat(report).contains("| H1 lost update under concurrent puts | C1 | S1 | yes | S1 PARTIAL-model |")
                .contains("| H2 partition heal drops writes | C2 | S2 | yes | S2 INCONCLUSIVE-fault-not-proven |")
                .contains("| H3 compaction races with reads | C1 | S3 | no | S3 NOT-RUN |")
                .contains("- [ ] timestamps monotonic \u2014 FAILED: two clients on different hosts");
    }
}
