package dev.falsify.runner.trust;

import java.nio.file.Path;
import java.util.List;

/**
 * Another process for {@link TrustStoreTest}: grants trust in {@code args[2..]} (plan paths) in the store
 * {@code args[0]}, {@code args[1]} rounds over, as parallel {@code falsify run --trust} would.
 */
public final class ConcurrentTrustMain {
    private ConcurrentTrustMain() {
    }

    public static void main(String[] args) throws Exception {
        TrustStore store = new TrustStore(Path.of(args[0]));
        int rounds = Integer.parseInt(args[1]);
        for (int r = 0; r < rounds; r++) {
            for (int i = 2; i < args.length; i++) store.trust(Path.of(args[i]), "round " + r, List.of("S1: setup: ./build.sh"));
        }
    }
}
