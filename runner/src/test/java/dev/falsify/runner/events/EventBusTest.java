package dev.falsify.runner.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventBusTest {
    @Test
    void aFailingListenerIsReportedToTheOwnerAndTheOthersStillHear() {
        List<RuntimeException> failures = new ArrayList<>();
        List<RunEvent> heard = new ArrayList<>();
        EventBus bus = new EventBus(failures::add);
        bus.subscribe(e -> {
            throw new IllegalStateException("broken");
        });
        bus.subscribe(heard::add);
        RunEvent e = new RunEvent.Step(1, "S1-1", "quiescence", "done");
        bus.publish(e);
        assertThat(heard).containsExactly(e);
        assertThat(failures).singleElement().satisfies(f -> assertThat(f).hasMessage("broken"));
    }
}
