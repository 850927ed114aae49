package dev.falsify.app.ui.history;

import dev.falsify.model.session.SessionLayout;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.runner.proxy.ProxyWindowReading;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The landing readings of the faults a session history names: the runner writes each proxy
 * window's reading beside the history as {@code <arm>.<fault>.proxy.json}
 * ({@code S1-1.partition-n2.proxy.json} beside {@code S1-1.history.jsonl}); the viewer shades the
 * fault's epoch with that reading's one-line summary.
 */
final class FaultLandings {
    private static final String PROXY_SUFFIX = ".proxy.json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private FaultLandings() {
    }

    /** Fault name → landing summary; empty for a history that is not a session artifact. */
    static Map<String, String> beside(Path history) {
        Map<String, String> out = new HashMap<>();
        String name = history.getFileName().toString();
        Path dir = history.toAbsolutePath().getParent();
        var label = SessionLayout.historyLabel(name);
        if (label.isEmpty() || dir == null) return out;
        String arm = label.get() + ".";
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, arm + "*" + PROXY_SUFFIX)) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                String fault = n.substring(arm.length(), n.length() - PROXY_SUFFIX.length());
                try {
                    ProxyWindowReading r = JSON.readValue(f.toFile(), ProxyWindowReading.class);
                    out.put(fault, (r.landed() ? "landed: " : "did not land: ") + r.summary());
                } catch (IOException | RuntimeException e) {
                    out.put(fault, "landing reading unreadable (" + f.getFileName() + ")");
                }
            }
        } catch (IOException e) {
            // no readings to show: the epochs are still shaded, without one
        }
        return out;
    }
}
