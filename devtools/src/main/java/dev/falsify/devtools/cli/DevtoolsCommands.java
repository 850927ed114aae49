package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExtraCommands;
import java.util.LinkedHashMap;
import java.util.Map;

/** The developers' commands {@code falsify} gains when the devtools jar is on its class path. */
public final class DevtoolsCommands implements ExtraCommands {
    @Override
    public Map<String, Class<?>> commands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("screenshots", ScreenshotsCommand.class);
        m.put("bench", BenchCommand.class);
        return m;
    }
}
