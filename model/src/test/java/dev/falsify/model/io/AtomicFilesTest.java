package dev.falsify.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Atomic writes leave the permissions a plain write would: the replaced file's, else the umask's default. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    @BeforeEach
    void posixOnly() {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file permissions");
    }

    @Test
    void aNewFileGetsTheDefaultPermissionsOfAPlainWrite() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.md"), "x");
        AtomicFiles.write(dir.resolve("atomic.md"), "x");
        assertThat(Files.getPosixFilePermissions(dir.resolve("atomic.md"))).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws IOException {
        for (String mode : new String[] {"rw-rw-r--", "rw-r-----", "rw-------", "rwxr-xr-x", "rw-rw-rw-"}) {
            Path f = Files.writeString(dir.resolve("plan-" + mode + ".md"), "old");
            Set<PosixFilePermission> wanted = PosixFilePermissions.fromString(mode);
            Files.setPosixFilePermissions(f, wanted);
            AtomicFiles.write(f, "new");
            assertThat(Files.readString(f)).isEqualTo("new");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).as(mode).isEqualTo(mode);
        }
    }

    @Test
    void aCopyIsCompleteWithTheSourcesPermissionsAndLeavesNoTempFile() throws IOException {
        Path src = Files.writeString(dir.resolve("report.md"), "the author's report\n");
        Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFiles.copy(src, dir.resolve("report.original.md"));
        assertThat(Files.readString(dir.resolve("report.original.md"))).isEqualTo("the author's report\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("report.original.md")))).isEqualTo("rw-r-----");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.filter(AtomicFiles::isTemp)).isEmpty();
        }
    }
}
