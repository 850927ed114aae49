package dev.falsify.runner.store;

import java.nio.file.Path;

/** A second process for {@link SessionStoreTest}: imports the given folders into the database {@code args[0]}. */
public final class ConcurrentImportMain {
    private ConcurrentImportMain() {
    }

    public static void main(String[] args) throws Exception {
        try (SessionStore store = SessionStore.open(Path.of(args[0]))) {
            for (int i = 1; i < args.length; i++) store.importFolder(Path.of(args[i]));
        }
    }
}
