package dev.falsify.model.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The fixture plans (every variant of plan-format.md) plus the bundled example. */
public final class Fixtures {
    private Fixtures() {
    }

    public static final List<String> NAMES = List.of("agent-style", "divergent", "boundary", "seed-compact", "lint-errors");
    public static final Path EXAMPLE = Path.of("../examples/replicated-kv/docs/testing-plans/replicated-kv.md");

    public static String text(String name) {
        try {
            if (name.equals("example")) return Files.readString(EXAMPLE);
            return Files.readString(Path.of("src/test/resources/plans/" + name + ".md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** All fixtures and the example, as texts. */
    public static List<String> all() {
        List<String> out = new ArrayList<>();
        for (String n : NAMES) out.add(text(n));
        out.add(text("example"));
        return out;
    }
}
