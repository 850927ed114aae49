package dev.falsify.runner.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.runner.events.EventBus;
import dev.falsify.runner.events.RunEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the parts of one seed's execution share: its label (names its logs and artifacts), the seed,
 * the working directory and environment of its commands, the placeholder values, the artifacts
 * folder and the run's event stream.
 */
record SeedScope(String label, long seed, Path cwd, Map<String, String> env, Placeholders ph, Path artifacts,
                 EventBus bus) {
    private static final ObjectMapper JSON = new ObjectMapper();

    void publish(RunEvent e) {
        bus.publish(e);
    }

    /** Writes an artifact as pretty JSON, atomically; a failure is reported on the event stream, not thrown. */
    void writeJson(Path file, Object value) {
        try {
            AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value));
        } catch (IOException e) {
            publish(new RunEvent.Step(System.currentTimeMillis(), label, "artifact",
                    "could not write " + file.getFileName() + ": " + e.getMessage()));
        }
    }
}
