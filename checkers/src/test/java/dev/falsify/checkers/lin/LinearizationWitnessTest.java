package dev.falsify.checkers.lin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample.Step;
import dev.falsify.checkers.api.Linearization;
import dev.falsify.checkers.history.CorpusPaths;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The linearization a VALID result carries when asked: checked independently of the search — every
 * completed op of the history appears once, the order respects real time, and replaying the ops
 * through the model in that order is accepted and gives the states the steps name.
 */
class LinearizationWitnessTest {
    private final LinearizabilityChecker checker = new LinearizabilityChecker();

    private static final Map<String, String> ASK = Map.of(LinearizabilityChecker.LINEARIZATION_OPTION, "true");

    private CheckResult check(History h, String model, Map<String, String> options) {
        return checker.check(h.ops().iterator(), model, options, CheckBudget.of(Duration.ofSeconds(60)));
    }

    @Test
    void notComputedUnlessAsked() throws IOException {
        History h = Histories.readAll(CorpusPaths.of("porcupine/etcd/etcd_002.log"), null);
        CheckResult r = check(h, "cas-register", Map.of());
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.linearization()).isNull();
    }

    @Test
    void validEtcdHistoryReplaysThroughTheModel() throws IOException {
        History h = Histories.readAll(CorpusPaths.of("porcupine/etcd/etcd_002.log"), null);
        CheckResult r = check(h, "cas-register", ASK);
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertWitness(h, r.linearization(), "cas-register");
    }

    @Test
    void validKvHistoryHasOneLinearizationPerKey() throws IOException {
        History h = Histories.readAll(CorpusPaths.of("porcupine/kv/c10-ok.txt"), null);
        CheckResult r = check(h, "kv", ASK);
        assertThat(r.validity()).isEqualTo(Validity.VALID);
        assertThat(r.linearization().partitions()).hasSize(r.evidence().partitions());
        assertWitness(h, r.linearization(), "kv");
    }

    @Test
    void invalidHistoryCarriesNoLinearization() throws IOException {
        History h = Histories.readAll(CorpusPaths.of("porcupine/etcd/etcd_000.log"), null);
        CheckResult r = check(h, "cas-register", ASK);
        assertThat(r.validity()).isEqualTo(Validity.INVALID);
        assertThat(r.linearization()).isNull();
    }

    private static void assertWitness(History h, Linearization lin, String modelName) {
        assertThat(lin).isNotNull();
        Map<String, Op> byId = new HashMap<>();
        for (int i = 0; i < h.ops().size(); i++) {
            Op op = h.ops().get(i);
            byId.put(op.opId() != null ? op.opId() : "#" + i, op);
        }
        Map<String, Integer> seen = new HashMap<>();
        long ok = h.ops().stream().filter(o -> o.outcome() == Outcome.OK).count();
        long placedOk = 0;
        for (Linearization.Partition p : lin.partitions()) {
            replay(Models.create(modelName, Map.of()), p, byId);
            List<Step> steps = p.steps();
            for (int i = 0; i < steps.size(); i++) {
                Op op = byId.get(steps.get(i).op().opId());
                assertThat(seen.merge(steps.get(i).op().opId(), 1, Integer::sum)).isEqualTo(1);
                if (op.outcome() == Outcome.OK) placedOk++;
                for (int j = i + 1; j < steps.size(); j++) {
                    Op later = byId.get(steps.get(j).op().opId());
                    // a later-placed op must not have completed before this one was invoked
                    assertThat(later.completeOrInfinity()).as("real-time order").isGreaterThanOrEqualTo(op.invokeTs());
                }
            }
        }
        assertThat(placedOk).as("every completed op is placed").isEqualTo(ok);
    }

    private static <S, C> void replay(Model<S, C> model, Linearization.Partition p, Map<String, Op> byId) {
        S state = model.initialState();
        assertThat(p.initialState()).isEqualTo(model.describeState(state));
        for (Step s : p.steps()) {
            state = model.step(state, model.command(byId.get(s.op().opId())));
            assertThat(state).as("model accepts " + s.description()).isNotNull();
            assertThat(s.stateAfter()).isEqualTo(model.describeState(state));
        }
    }
}
