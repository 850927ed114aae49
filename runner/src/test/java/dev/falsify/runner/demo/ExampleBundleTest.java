package dev.falsify.runner.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExampleBundleTest {
    static final Path EXAMPLE = Path.of("../examples/replicated-kv");

    @Test
    void fileListMatchesTheExampleFolder() throws Exception {
        List<String> onDisk;
        try (Stream<Path> s = Files.walk(EXAMPLE)) {
            onDisk = s.filter(Files::isRegularFile).map(p -> EXAMPLE.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith("build/") && !p.startsWith(".")).sorted().toList();
        }
        assertThat(onDisk).containsExactlyInAnyOrderElementsOf(ExampleBundle.FILES);
    }

    @Test
    void extractsARunnableCopy(@TempDir Path dir) throws Exception {
        Path out = ExampleBundle.extract(dir.resolve("kv"));
        for (String f : ExampleBundle.FILES) {
            assertThat(out.resolve(f)).hasSameTextualContentAs(EXAMPLE.resolve(f));
        }
        assertThat(Files.isExecutable(out.resolve("build.sh"))).isTrue();
        assertThat(Files.isExecutable(out.resolve("kv"))).isTrue();
    }

    @Test
    void findsTheCheckoutFromAnySubfolder() {
        assertThat(ExampleBundle.inCheckout(Path.of("src/main"))).get()
                .satisfies(p -> assertThat(p.resolve(ExampleBundle.PLAN)).exists());
    }

    @Test
    void aLookAlikeExampleWithOtherContentIsNotFalsifysOwn(@TempDir Path dir) throws Exception {
        Path ex = ExampleBundle.extract(dir.resolve("examples/replicated-kv"));
        assertThat(ExampleBundle.inCheckout(dir.resolve("examples"))).contains(ex.toAbsolutePath().normalize());
        Files.writeString(ex.resolve("build.sh"), "#!/bin/sh\ntouch pwned\n");
        assertThat(ExampleBundle.inCheckout(dir.resolve("examples"))).isEmpty();
    }
}
