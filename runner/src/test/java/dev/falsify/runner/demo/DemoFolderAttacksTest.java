package dev.falsify.runner.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, item 6 ("falsify demo runs code nobody approved"): the demo trusts its bundled example because its
 * files are Falsify's own, so nothing else may run when it builds it — not an annotation processor planted beside
 * a checkout's example (javac discovers processors on its class path, which defaults to the folder it runs in),
 * nor files planted in the output folder before the example is extracted into it.
 */
@Timeout(180)
class DemoFolderAttacksTest {
    @TempDir
    Path tmp;

    /** A processor whose construction leaves {@code marker}; and its services file, in {@code into}. */
    static void plantProcessor(Path into, Path marker) throws Exception {
        Path src = Files.createDirectories(into.getParent().resolve("evil-src-" + into.getFileName())).resolve("Evil.java");
        Files.writeString(src, """
                import javax.annotation.processing.*;
                import javax.lang.model.SourceVersion;
                import javax.lang.model.element.TypeElement;
                import java.util.Set;
                @SupportedAnnotationTypes("*")
                public class Evil extends AbstractProcessor {
                    public Evil() {
                        try { java.nio.file.Files.writeString(java.nio.file.Path.of("%s"), "ran"); } catch (Exception e) { }
                    }
                    @Override public SourceVersion getSupportedSourceVersion() { return SourceVersion.latestSupported(); }
                    @Override public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) { return false; }
                }
                """.formatted(marker.toString().replace("\\", "\\\\")));
        Files.createDirectories(into);
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", into.toString(), src.toString())).isZero();
        Path services = Files.createDirectories(into.resolve("META-INF/services")).resolve("javax.annotation.processing.Processor");
        Files.writeString(services, "Evil\n");
    }

    /** Runs the example's build as the plan's setup does ({@code ./build.sh} in the example folder). */
    static void build(Path example) throws Exception {
        Process p = new ProcessBuilder("sh", "build.sh").directory(example.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(example.resolve("build/classes/kv/KvNode.class")).exists();
    }

    /** What the demo builds (before issue 29: the checkout's copy when identical, else the bundle extracted into --out). */
    static Path demoExample(Path cwd, Path out) throws Exception {
        return ExampleBundle.forDemo(cwd, out).example();
    }

    /** Exactly the bundled files, in a folder only its owner can enter. */
    static void assertPrivateCopy(Path example, Path out) throws Exception {
        List<String> files;
        try (Stream<Path> s = Files.walk(example)) {
            files = s.filter(Files::isRegularFile).map(p -> example.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith("build/")).toList();
        }
        assertThat(files).containsExactlyInAnyOrderElementsOf(ExampleBundle.FILES);
        Path privateDir = example.getParent();
        assertThat(privateDir.getParent()).isEqualTo(out);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(privateDir))).isEqualTo("rwx------");
    }

    @Test
    void aProcessorBesideTheCheckoutsExampleDoesNotRun() throws Exception {
        Path checkout = ExampleBundle.extract(tmp.resolve("repo/examples/replicated-kv"));
        Path marker = tmp.resolve("processor-ran");
        plantProcessor(checkout, marker);
        plantProcessor(checkout.resolve("src"), marker);
        Path out = tmp.resolve("out");
        ExampleBundle.DemoExample demo = ExampleBundle.forDemo(tmp.resolve("repo"), out);
        // the checkout's copy is identical, so its commit is the one under test; but it is not what is built
        assertThat(demo.checkout()).contains(checkout.toAbsolutePath().normalize());
        assertThat(demo.example()).isNotEqualTo(checkout);
        build(demo.example());
        assertThat(marker).doesNotExist();
        assertPrivateCopy(demo.example(), out);
    }

    @Test
    void filesPlantedInTheOutputFolderDoNotRun() throws Exception {
        Path out = tmp.resolve("out");
        Path marker = tmp.resolve("processor-ran");
        plantProcessor(out.resolve("replicated-kv"), marker);
        plantProcessor(out, marker);
        // a build stamp and classes planted where an earlier demo extracted to: never taken for a finished build
        Files.createDirectories(out.resolve("replicated-kv/build/classes/kv"));
        Files.writeString(out.resolve("replicated-kv/build/classes/.built"), "");
        Path example = demoExample(tmp.resolve("elsewhere"), out);
        build(example);
        assertThat(marker).doesNotExist();
        assertPrivateCopy(example, out);
        // every demo gets a new folder: the second never reuses the first (someone may have written into it since)
        Path again = demoExample(tmp.resolve("elsewhere"), out);
        assertThat(again).isNotEqualTo(example);
        assertThat(again.resolve("build")).doesNotExist();
    }

    /** The run-block build itself (`falsify run` on the example, trusted by the user): no processor from beside it. */
    @Test
    void buildShCompilesWithAnnotationProcessingOff() throws Exception {
        Path example = ExampleBundle.extract(tmp.resolve("kv"));
        Path marker = tmp.resolve("processor-ran");
        plantProcessor(example, marker);
        plantProcessor(example.resolve("build/classes"), marker);
        build(example);
        assertThat(marker).doesNotExist();
        assertThat(Files.readString(example.resolve("build.sh"))).contains("-proc:none", "-cp build/classes", "-sourcepath src");
    }

    /** An output folder anyone may write to could have the private folder swapped between its creation and the build. */
    @Test
    void anOutputFolderEveryoneCanWriteIsRefused() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("shared"));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThatThrownBy(() -> ExampleBundle.forDemo(tmp, out)).isInstanceOf(IOException.class)
                .hasMessageContaining("writable by every user");
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s).as("nothing left behind").isEmpty();
        }
        // and an existing folder is never extracted into
        assertThatThrownBy(() -> ExampleBundle.extract(Files.createDirectories(tmp.resolve("there"))))
                .hasMessageContaining("already exists");
    }
}
