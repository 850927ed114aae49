package dev.falsify.checkers.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoriesExpandTest {
    @Test
    void findsTheFilesFilesWalkFindsSkippingHiddenOnes(@TempDir Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("histories"));
        for (String f : List.of("b.log", "a.edn", "sub/c.txt", "sub/deeper/d.jsonl", ".hidden.log", ".git/x.log",
                "sub/.dot/y.log", "sub/.z.log")) {
            Path p = root.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, f);
        }
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("o.log"), "o");
        boolean links = true;
        try {
            Files.createSymbolicLink(root.resolve("link-to-file.log"), root.resolve("b.log"));
            Files.createSymbolicLink(root.resolve("link-to-folder"), outside);
        } catch (UnsupportedOperationException | IOException e) {
            links = false; // a file system without symbolic links: the rest still holds
        }
        Path single = root.resolve("a.edn");
        List<Path> found = Histories.expand(List.of(root, single));
        List<Path> expected = new ArrayList<>(byFilesWalk(root));
        expected.add(single);
        assertEquals(expected, found);
        // what the rule says, spelled out: dot-names and top-level dot-folders are skipped, deeper ones are not
        List<String> names = new ArrayList<>();
        for (Path p : found.subList(0, found.size() - 1)) names.add(root.relativize(p).toString().replace('\\', '/'));
        List<String> want = new ArrayList<>(List.of("a.edn", "b.log", "sub/.dot/y.log", "sub/c.txt", "sub/deeper/d.jsonl"));
        if (links) want.add(2, "link-to-file.log");
        assertEquals(want, names);
    }

    @Test
    void aMissingInputIsNamed(@TempDir Path dir) {
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> Histories.expand(List.of(dir.resolve("nope"))));
        assertEquals(dir.resolve("nope").toString(), e.getFile());
    }

    /** The former implementation, over Files.walk. */
    private static List<Path> byFilesWalk(Path in) throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(in)) {
            s.filter(p -> Files.isRegularFile(p) && !in.relativize(p).toString().startsWith(".")
                    && !p.getFileName().toString().startsWith(".")).forEach(found::add);
        }
        Collections.sort(found);
        return found;
    }
}
