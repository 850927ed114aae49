package dev.falsify.runner.nodefaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The FUSE layer on its own: rollback of unsynced writes, and no mount left behind when either side is killed. */
@Timeout(60)
class StorageFsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void layerAvailable() {
        try {
            StorageFsBinary.get();
        } catch (IOException e) {
            assumeTrue(false, "the FUSE storage layer cannot run here: " + e.getMessage());
        }
    }

    private boolean mounted(Path p) throws IOException {
        return Files.readAllLines(Path.of("/proc/self/mountinfo")).stream().anyMatch(l -> l.contains(" " + p + " "));
    }

    @Test
    void loseRollsBackExactlyWhatWasNotFsynced() throws Exception {
        Path data = dir.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("old"), "synced before the mount\n");
        try (StorageFs fs = StorageFs.mount(data, dir.resolve("fs.err.log"))) {
            assertThat(mounted(data)).isTrue();
            try (FileChannel c = FileChannel.open(data.resolve("old"), StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                c.write(StandardCharsets.UTF_8.encode("appended, not synced\n"));
            }
            try (FileChannel c = FileChannel.open(data.resolve("kept"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                c.write(StandardCharsets.UTF_8.encode("synced\n"));
                c.force(false);
                c.write(StandardCharsets.UTF_8.encode("tail, not synced\n"));
            }
            Files.writeString(data.resolve("fresh"), "never synced\n");
            StorageFs.Counters before = fs.stats();
            assertThat(before.unsyncedFiles()).isEqualTo(3);
            StorageFs.Counters after = fs.lose();
            assertThat(after.droppedBytes()).isEqualTo(21 + 17 + 13);
            assertThat(after.filesRolledBack()).isEqualTo(3);
            assertThat(after.filesRemoved()).isEqualTo(1);
            assertThat(Files.readString(data.resolve("old"))).isEqualTo("synced before the mount\n");
            assertThat(Files.readString(data.resolve("kept"))).isEqualTo("synced\n");
            assertThat(data.resolve("fresh")).doesNotExist();
        }
        assertThat(mounted(data)).as("unmounted at close").isFalse();
        assertThat(Files.readString(data.resolve("kept"))).as("the directory kept what was synced").isEqualTo("synced\n");
    }

    @Test
    void aKilledRunnerLeavesNoMountAndAKilledLayerIsCleanedByTheNextRun() throws Exception {
        Path bin = StorageFsBinary.get();
        // the runner's side dies: the layer's stdin closes, it unmounts itself
        Path a = Files.createDirectories(dir.resolve("a"));
        Process p = new ProcessBuilder(bin.toString(), a.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(new String(p.getInputStream().readNBytes(14), StandardCharsets.UTF_8)).contains("ready");
        assertThat(mounted(a)).isTrue();
        p.getOutputStream().close();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(mounted(a)).isFalse();
        // the layer itself is killed (-9): its mount stays, dead, until StaleMounts finds it
        Path b = Files.createDirectories(dir.resolve("b"));
        Process q = new ProcessBuilder(bin.toString(), b.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(new String(q.getInputStream().readNBytes(14), StandardCharsets.UTF_8)).contains("ready");
        q.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(mounted(b)).isTrue();
        assertThat(StaleMounts.clean()).contains(b.toString());
        assertThat(mounted(b)).isFalse();
    }
}
