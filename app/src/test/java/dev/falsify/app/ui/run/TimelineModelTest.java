package dev.falsify.app.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.runner.events.RunEvent;
import org.junit.jupiter.api.Test;

/** What the timeline's lanes say about a seed's end. */
class TimelineModelTest {
    @Test
    void aSeedTheUserStoppedSaysStoppedNotError() {
        TimelineModel m = new TimelineModel();
        m.accept(new RunEvent.ScenarioStarted(1_000, "S1-1", 1));
        m.accept(new RunEvent.ScenarioEnded(2_000, "S1-1", "error", "cancelled"));
        m.accept(new RunEvent.ScenarioStarted(1_000, "S2-1", 1));
        m.accept(new RunEvent.ScenarioEnded(2_000, "S2-1", "error", "service n1 exited with code 3"));
        m.accept(new RunEvent.ScenarioStarted(1_000, "S3-1", 1));
        m.accept(new RunEvent.ScenarioEnded(2_000, "S3-1", "clean", ""));
        assertThat(m.lanes().stream().map(TimelineModel.Lane::verdict).toList()).containsExactly("stopped", "error", "clean");
    }
}
