package dev.falsify.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What ./falsify prints while it builds the jar: what it is doing and how long it takes, a line per
 * module, and none of Maven's colour codes. Run on a copy of the script with a stand-in Maven and JVM.
 */
class LauncherBuildOutputTest {
    @TempDir
    Path root;

    private static final String ESC = "\u001b";

    private void fakeCheckout(String mvnBody) throws IOException {
        Files.copy(Path.of("../falsify"), root.resolve("falsify"));
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        Path launcher = Files.createDirectories(root.resolve("installers/launcher"));
        Files.writeString(launcher.resolve("falsify-jvm.sh"), """
                falsify_jvm_options() { FALSIFY_JVM_OPTS=(); FALSIFY_MAIN=Main; FALSIFY_WORKBENCH=0; }
                falsify_train_cds() { :; }
                falsify_train_cli_cds() { :; }
                falsify_classlists() { :; }
                falsify_dump_cds() { :; }
                falsify_cds_options() { FALSIFY_CDS=(); }
                """);
        Path bin = Files.createDirectories(root.resolve("bin"));
        script(bin.resolve("mvn"), mvnBody);
        script(bin.resolve("java"), "echo ran \"$@\"\n");
    }

    private static void script(Path p, String body) throws IOException {
        Files.writeString(p, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private String[] run() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("falsify").toString(), "--version");
        pb.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().put("TMPDIR", root.toString());
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String[] {String.valueOf(p.exitValue()), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8)};
    }

    @Test
    void theFirstBuildSaysWhatItDoesAndShowsEachModuleWithoutEscapeCodes() throws Exception {
        fakeCheckout("""
                printf '\\033[0m\\033[0m[INFO] Scanning for projects...\\n'
                printf '[INFO] Building Falsify model 0.1.0-SNAPSHOT                         [1/2]\\n'
                printf '[INFO] Download noise\\n'
                printf '[INFO] Building Falsify app 0.1.0-SNAPSHOT                           [2/2]\\n'
                printf '\\033[0m\\033[0m'
                mkdir -p app/target && touch app/target/falsify.jar
                """);
        String[] r = run();
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).startsWith("ran ");
        assertThat(r[2]).startsWith("falsify: building app/target/falsify.jar with Maven (first run): about 1-2 minutes;")
                .contains("downloads about 120 MB")
                .contains("falsify:   [1/2] Falsify model\n").contains("falsify:   [2/2] Falsify app\n")
                .doesNotContain(ESC).doesNotContain("[0m").doesNotContain("Download noise");
        try (var s = Files.list(root)) {
            assertThat(s.filter(f -> f.getFileName().toString().startsWith("falsify-build."))).as("log removed").isEmpty();
        }
    }

    @Test
    void aFailedBuildKeepsMavensOutputAndSaysWhere() throws Exception {
        fakeCheckout("echo '[ERROR] COMPILATION ERROR'; exit 1\n");
        String[] r = run();
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1]).isEmpty();
        assertThat(r[2]).contains("falsify: build failed; Maven's output is in " + root.resolve("falsify-build."));
        try (var s = Files.list(root)) {
            Path log = s.filter(f -> f.getFileName().toString().startsWith("falsify-build.")).findFirst().orElseThrow();
            assertThat(Files.readString(log)).contains("COMPILATION ERROR");
        }
    }
}
