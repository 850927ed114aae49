package dev.falsify.app.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Subcommands another jar on the class path adds to {@code falsify}: the devtools module's
 * {@code bench} and {@code screenshots}, present in a development checkout (the launcher puts
 * {@code devtools/target/falsify-devtools.jar} beside the product jar) and absent from the
 * installers. Found as a {@link ServiceLoader} service so the product never imports what it does
 * not ship; looked up only for a command line that names no product command (or asks for the whole
 * tree), since reading the jars' service files would cost every short command its start-up.
 */
public interface ExtraCommands {
    /** Subcommand name → picocli command class, in help order. */
    Map<String, Class<?>> commands();

    /** What every {@code ExtraCommands} on the class path adds; the product's own names win. */
    static Map<String, Class<?>> discovered() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        for (ExtraCommands e : ServiceLoader.load(ExtraCommands.class, ExtraCommands.class.getClassLoader())) {
            e.commands().forEach((name, type) -> {
                if (!FalsifyCommand.SUBCOMMANDS.containsKey(name)) m.putIfAbsent(name, type);
            });
        }
        return Collections.unmodifiableMap(m);
    }
}
