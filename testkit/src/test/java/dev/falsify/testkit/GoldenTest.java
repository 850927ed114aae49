package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldenTest {
    @TempDir
    Path dir;

    @AfterEach
    void clearUpdateMode() {
        System.clearProperty(Golden.UPDATE);
    }

    @Test
    void matchingTextPassesWhateverTheLineEndings() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "one\r\ntwo\r\n");
        Golden.in(dir).matches("a.txt", "one\ntwo\n");
    }

    @Test
    void aMismatchShowsALineDiffWithContext() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "a\nb\nc\nd\ne\nf\ng\n");
        assertThatThrownBy(() -> Golden.in(dir).matches("a.txt", "a\nb\nc\nD\ne\nf\ng\n"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("output differs from golden file")
                .hasMessageContaining("@@ line 2\n b\n c\n-d\n+D\n e\n f")
                .hasMessageContaining("-Dfalsify.golden.update=true");
    }

    @Test
    void aMissingGoldenFileFailsAndSaysHowToCreateIt() {
        assertThatThrownBy(() -> Golden.in(dir).matches("new.txt", "x"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("does not exist")
                .hasMessageContaining("-Dfalsify.golden.update=true");
    }

    @Test
    void updateModeRewritesTheFile() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "old\n");
        System.setProperty(Golden.UPDATE, "true");
        Golden.in(dir).matches("a.txt", "new\n");
        Golden.in(dir).matches("sub/b.txt", "created\n");
        System.clearProperty(Golden.UPDATE);
        assertThat(Files.readString(dir.resolve("a.txt"))).isEqualTo("new\n");
        Golden.in(dir).matches("sub/b.txt", "created\n");
    }

    @Test
    void aNameCannotLeaveTheGoldenFolder() {
        assertThatThrownBy(() -> Golden.in(dir).matches("../x.txt", "x")).hasMessageContaining("leads outside");
    }

    @Test
    void diffOfInsertionsAndDeletions() {
        assertThat(Golden.diff(List.of("a", "b", "c"), List.of("a", "c", "d")))
                .containsExactly("@@ line 1", " a", "-b", " c", "+d");
    }
}
