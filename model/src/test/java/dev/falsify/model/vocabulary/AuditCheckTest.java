package dev.falsify.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.EvidenceJson;
import dev.falsify.model.verdict.ArmEvidence;
import dev.falsify.model.verdict.AuditChecklist;
import dev.falsify.model.verdict.AuditItem;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit items are constants; texts written before (findings files of earlier versions, reports by hand or by
 * agents) are matched to them once, where they are read. The runner and the testkit each used to type the texts
 * again and AuditChecklist matched them back "by the first three words", which cannot tell the three "oracle is
 * not …" items apart.
 */
class AuditCheckTest {

    private static AuditCheck read(String text) {
        return AuditCheck.read(text).orElse(null);
    }

    @Test
    void eachItemReadsItsOwnWords() {
        for (AuditCheck c : AuditCheck.values()) {
            assertThat(read(c.text())).isEqualTo(c);
            assertThat(read(c.text().toUpperCase() + ".")).isEqualTo(c);
        }
        assertThat(AuditCheck.Checklist.GREEN_BUT_BROKEN.items()).hasSize(10).startsWith(AuditCheck.WORKLOAD_RATE);
        assertThat(AuditCheck.Checklist.WEAK_ORACLE.items()).hasSize(8).endsWith(AuditCheck.THREE_SEEDS);
    }

    @Test
    void shortenedAndOlderWordingsReadAsTheirItem() {
        assertThat(read("oracle ran on every intended cycle")).isEqualTo(AuditCheck.ORACLE_COVERAGE);
        assertThat(read("oracle ran on every cycle")).isEqualTo(AuditCheck.ORACLE_COVERAGE);
        assertThat(read("workload produced the expected ops/s")).isEqualTo(AuditCheck.WORKLOAD_RATE);
        assertThat(read("more than one failover")).isEqualTo(AuditCheck.FAILOVERS);
        assertThat(read("fault verifiably injected")).isEqualTo(AuditCheck.FAULTS_INJECTED);
        assertThat(read("faults did not silently no-op")).isEqualTo(AuditCheck.FAULT_NOT_NOOP);
        assertThat(read("Timestamps monotonic?")).isEqualTo(AuditCheck.TIMESTAMPS_MONOTONIC);
    }

    @Test
    void threeWordsThatNameSeveralItemsReadFurther() {
        assertThat(read("oracle is not logs only")).isEqualTo(AuditCheck.NOT_LOGS_ONLY);
        assertThat(read("oracle is not health checks")).isEqualTo(AuditCheck.NOT_HEALTH_CHECKS_ONLY);
        assertThat(read("oracle is not final-state only")).isEqualTo(AuditCheck.NOT_FINAL_STATE_ONLY);
        assertThat(read("oracle is not")).isNull();
        assertThat(read("latency under 10 ms")).isNull();
        assertThat(read("")).isNull();
    }

    /** complete() used to hand the first "oracle is not …" item written to the first such item of the list. */
    @Test
    void completeMatchesItemsNotTheirFirstWords() {
        List<AuditItem> given = List.of(new AuditItem("oracle is not logs only", AuditItem.Status.FAILED, "logs"),
                new AuditItem("oracle is not final state only", AuditItem.Status.PASSED, "history"),
                new AuditItem("an item of the author's own", AuditItem.Status.PASSED, "x"));
        List<AuditItem> all = AuditChecklist.complete(given, AuditCheck.Checklist.WEAK_ORACLE);
        assertThat(all).hasSize(9);
        assertThat(all.get(0).status()).isEqualTo(AuditItem.Status.PASSED);
        assertThat(all.get(1).status()).isEqualTo(AuditItem.Status.FAILED);
        assertThat(all.get(2).status()).isEqualTo(AuditItem.Status.NOT_EVALUATED);
        assertThat(all.get(2).check()).isEqualTo("oracle is not health checks only");
        assertThat(all.get(8).check()).isEqualTo("an item of the author's own");
        assertThat(all.get(8).item()).isNull();
    }

    /** The evidence block keeps its form (check, status, evidence); the item is matched when it is read back. */
    @Test
    void evidenceJsonKeepsItsFieldsAndReadsTheItemBack() {
        ArmEvidence e = ArmEvidence.builder("S1", "")
                .greenButBroken(List.of(new AuditItem(AuditCheck.ORACLE_COVERAGE, AuditItem.Status.PASSED, "5/5 ops")))
                .weakOracleAudit(List.of(new AuditItem("oracle is not logs only", AuditItem.Status.PASSED, "h"))).build();
        String json = EvidenceJson.write(e);
        assertThat(json).doesNotContain("\"item\"").contains("\"check\" : \"oracle ran on every intended cycle (op count consumed)\"");
        ArmEvidence back = EvidenceJson.read(json);
        assertThat(back.greenButBroken().get(0).item()).isEqualTo(AuditCheck.ORACLE_COVERAGE);
        assertThat(back.weakOracleAudit().get(0).item()).isEqualTo(AuditCheck.NOT_LOGS_ONLY);
        assertThat(back).isEqualTo(e);
    }
}
