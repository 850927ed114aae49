package dev.falsify.runner.run;

import dev.falsify.model.session.FindingDetail;
import dev.falsify.model.verdict.ArmEvidence;
import java.util.List;

/** An arm's evidence, the finding prose that goes with it, and the seed runs behind it. */
record ArmOutcome(ArmEvidence evidence, FindingDetail detail, List<SeedResult> seeds) {
}
