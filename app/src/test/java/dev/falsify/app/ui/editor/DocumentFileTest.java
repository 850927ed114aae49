package dev.falsify.app.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentFileTest {
    @TempDir
    Path dir;

    @Test
    void saveIsAtomicAndRemovesTheAutosave() throws Exception {
        Path f = dir.resolve("plan.md");
        Files.writeString(f, "old");
        DocumentFile doc = new DocumentFile(f);
        assertThat(doc.load()).isEqualTo("old");
        doc.autosave("typing");
        assertThat(doc.autosavePath()).hasContent("typing");
        doc.save("new text");
        assertThat(f).hasContent("new text");
        assertThat(doc.autosavePath()).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("plan.md");
        }
    }

    @Test
    void unsavedTextFromACrashedSessionIsRecoverable() throws Exception {
        Path f = dir.resolve("plan.md");
        Files.writeString(f, "saved");
        DocumentFile first = new DocumentFile(f);
        first.load();
        first.autosave("saved + unsaved edit");
        // the process dies here; a new session opens the same file
        DocumentFile second = new DocumentFile(f);
        second.load();
        assertThat(second.recoverable()).contains("saved + unsaved edit");
        second.discardAutosave();
        assertThat(second.recoverable()).isEmpty();
    }

    @Test
    void autosaveEqualToTheFileIsNotOffered() throws Exception {
        Path f = dir.resolve("plan.md");
        Files.writeString(f, "same");
        Files.writeString(dir.resolve(DocumentFile.AUTOSAVE_PREFIX + "plan.md"), "same");
        DocumentFile doc = new DocumentFile(f);
        doc.load();
        assertThat(doc.recoverable()).isEmpty();
        assertThat(doc.autosavePath()).doesNotExist();
    }

    @Test
    void detectsChangesByAnotherProgramButNotOurOwnSaves() throws Exception {
        Path f = dir.resolve("plan.md");
        Files.writeString(f, "v1");
        DocumentFile doc = new DocumentFile(f);
        doc.load();
        assertThat(doc.externalChange()).isEmpty();
        doc.save("v2");
        assertThat(doc.externalChange()).isEmpty();
        Files.writeString(f, "v3 from another editor");
        assertThat(doc.externalChange()).contains("v3 from another editor");
        doc.acknowledgeDiskText("v3 from another editor");
        assertThat(doc.externalChange()).isEmpty();
    }

    @Test
    void windowsLineBreaksSurviveLoadSaveAutosaveRecoveryAndExternalChanges() throws Exception {
        Path f = dir.resolve("w.md");
        java.nio.file.Files.writeString(f, "a\r\nb\r\n");
        DocumentFile doc = new DocumentFile(f);
        assertThat(doc.load()).isEqualTo("a\nb\n");
        assertThat(doc.lineBreak()).isEqualTo("\r\n");
        assertThat(doc.externalChange()).as("our own load is no external change").isEmpty();

        doc.autosave("a\nb\nc\n");
        assertThat(java.nio.file.Files.readString(doc.autosavePath())).isEqualTo("a\r\nb\r\nc\r\n");
        assertThat(new DocumentFile(f).recoverable()).contains("a\nb\nc\n");
        doc.save("a\nb\nc\n");
        assertThat(java.nio.file.Files.readString(f)).isEqualTo("a\r\nb\r\nc\r\n");
        assertThat(doc.externalChange()).isEmpty();

        // another program rewrites it with \n breaks: reported in editor form, then acknowledged as they are on disk
        java.nio.file.Files.writeString(f, "x\ny\n");
        assertThat(doc.externalChange()).contains("x\ny\n");
        doc.acknowledgeDiskText("x\ny\n");
        assertThat(doc.externalChange()).isEmpty();
        assertThat(doc.lineBreak()).isEqualTo("\n");
    }

    @Test
    void aMixedFileKeepsTheBreakMostOfItsLinesUse() {
        assertThat(DocumentFile.lineBreakOf("a\r\nb\r\nc\n")).isEqualTo("\r\n");
        assertThat(DocumentFile.lineBreakOf("a\nb\nc\r\n")).isEqualTo("\n");
        assertThat(DocumentFile.lineBreakOf("no break")).isEqualTo("\n");
        assertThat(DocumentFile.lineBreakOf(null)).isEqualTo("\n");
    }

    @Test
    void aByteOrderMarkStaysOnTheFileAndOffTheEditorText() throws Exception {
        Path f = dir.resolve("bom.md");
        java.nio.file.Files.writeString(f, "\uFEFF# Test Plan: bom\r\n");
        DocumentFile doc = new DocumentFile(f);
        assertThat(doc.load()).isEqualTo("# Test Plan: bom\n");
        assertThat(dev.falsify.model.plan.PlanParser.parse(doc.load()).header().slug()).isEqualTo("bom");
        doc.save("# Test Plan: bom\nmore\n");
        assertThat(java.nio.file.Files.readString(f)).isEqualTo("\uFEFF# Test Plan: bom\r\nmore\r\n");
        assertThat(doc.externalChange()).isEmpty();
    }

    @Test
    void aFileThatIsNotUtf8IsRefusedWithWhereAndWhy() throws Exception {
        Path f = dir.resolve("latin1.md");
        java.nio.file.Files.write(f, "# T\nab\u00e9c\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        DocumentFile doc = new DocumentFile(f);
        org.assertj.core.api.Assertions.assertThatThrownBy(doc::load)
                .isInstanceOf(DocumentFile.NotTextException.class)
                .hasMessage(f + ": not UTF-8 text (byte 0xE9 at byte offset 6, line 2, column 3); not opened");
    }

    @Test
    void aBinaryFileIsRefusedAtItsFirstNulByte() throws Exception {
        Path f = dir.resolve("x.bin");
        java.nio.file.Files.write(f, new byte[] {'a', '\n', 'b', 'c', 0, 1, 2});
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new DocumentFile(f).load())
                .hasMessageContaining("a binary file, not UTF-8 text (NUL byte at byte offset 4, line 2, column 3)");
    }

    @Test
    void multiByteCharactersCountAsOneColumn() throws Exception {
        Path f = dir.resolve("u.md");
        byte[] good = "\u00e9\u00e9 ".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(good, good.length + 1);
        bytes[good.length] = (byte) 0xC3; // a lead byte with no continuation
        java.nio.file.Files.write(f, bytes);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new DocumentFile(f).load())
                .hasMessageContaining("byte offset 5, line 1, column 4");
    }

    @Test
    void aDeletedFileIsReportedAsSuch() throws Exception {
        Path f = dir.resolve("d.md");
        java.nio.file.Files.writeString(f, "x\n");
        DocumentFile doc = new DocumentFile(f);
        doc.load();
        assertThat(doc.deletedOnDisk()).isFalse();
        java.nio.file.Files.delete(f);
        assertThat(doc.deletedOnDisk()).isTrue();
        assertThat(new DocumentFile(dir.resolve("never.md")).deletedOnDisk()).as("a new file is not deleted").isFalse();
    }
}
