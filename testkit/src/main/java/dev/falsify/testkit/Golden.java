package dev.falsify.testkit;

import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Golden files: text a test produces, compared with a reviewed copy under
 * {@code src/test/resources/golden/}. A mismatch fails with a line diff; running the tests with
 * {@code -Dfalsify.golden.update=true} rewrites the files instead (review the change in version
 * control). Line endings do not matter (CRLF reads as LF).
 */
public final class Golden {
    /** The system property that turns comparison into rewriting. */
    public static final String UPDATE = "falsify.golden.update";
    /** Diff lines shown before "… more". */
    private static final int SHOWN = 40;
    /** Above this many line pairs the diff lists differing lines by position instead of aligning them. */
    private static final long ALIGN_LIMIT = 4_000_000;

    private final Path dir;

    private Golden(Path dir) {
        this.dir = dir;
    }

    /** Golden files in another folder (relative to the working directory, or absolute). */
    public static Golden in(Path dir) {
        return new Golden(dir);
    }

    /** Compares with {@code src/test/resources/golden/<name>} (the module's folder when run by Maven). */
    public static void assertMatches(String name, String actual) {
        in(Path.of("src", "test", "resources", "golden")).matches(name, actual);
    }

    /** Compares {@code actual} with the golden file {@code name}, or rewrites it in update mode. */
    public void matches(String name, String actual) {
        Path file = dir.resolve(name).normalize();
        if (!file.startsWith(dir.normalize())) {
            throw new IllegalArgumentException("golden file name " + name + " leads outside " + dir);
        }
        String got = normalize(actual);
        boolean update = Boolean.getBoolean(UPDATE);
        try {
            if (update) {
                if (Files.isRegularFile(file) && normalize(Files.readString(file, StandardCharsets.UTF_8)).equals(got)) return;
                Files.createDirectories(file.getParent());
                AtomicFiles.write(file, got);
                return;
            }
            if (!Files.isRegularFile(file)) {
                throw new AssertionError("golden file " + file + " does not exist; run with -D" + UPDATE
                        + "=true to create it from this output, then review it");
            }
            String want = normalize(Files.readString(file, StandardCharsets.UTF_8));
            if (!want.equals(got)) {
                throw new AssertionError("output differs from golden file " + file + " (- golden, + actual; rewrite with -D"
                        + UPDATE + "=true)\n" + String.join("\n", diff(lines(want), lines(got))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("golden file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String normalize(String s) {
        return s.replace("\r\n", "\n");
    }

    private static List<String> lines(String s) {
        return List.of(s.split("\n", -1));
    }

    /**
     * A line diff ({@code -} golden, {@code +} actual, two lines of context, {@code @@ line N}): an
     * alignment by longest common subsequence, or, for files too big to align cheaply, the lines that
     * differ at the same position.
     */
    static List<String> diff(List<String> want, List<String> got) {
        List<String> out = new ArrayList<>();
        int n = want.size();
        int m = got.size();
        if ((long) n * m > ALIGN_LIMIT) {
            for (int i = 0; i < Math.max(n, m) && out.size() < SHOWN; i++) {
                String w = i < n ? want.get(i) : null;
                String g = i < m ? got.get(i) : null;
                if (w != null && w.equals(g)) continue;
                out.add("@@ line " + (i + 1));
                if (w != null) out.add("-" + w);
                if (g != null) out.add("+" + g);
            }
            return out;
        }
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = want.get(i).equals(got.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        // edit script: ' ', '-', '+' with the golden line number
        List<String[]> script = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && want.get(i).equals(got.get(j))) {
                script.add(new String[] {" ", want.get(i), Integer.toString(i + 1)});
                i++;
                j++;
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                script.add(new String[] {"-", want.get(i), Integer.toString(i + 1)});
                i++;
            } else {
                script.add(new String[] {"+", got.get(j), Integer.toString(i + 1)});
                j++;
            }
        }
        int lastShown = -1;
        for (int k = 0; k < script.size(); k++) {
            if (script.get(k)[0].equals(" ")) continue;
            int from = Math.max(lastShown + 1, k - 2);
            if (from > lastShown + 1 || lastShown < 0) out.add("@@ line " + script.get(from)[2]);
            for (int c = from; c <= k; c++) out.add(script.get(c)[0] + script.get(c)[1]);
            lastShown = k;
            // trailing context
            int to = Math.min(script.size() - 1, k + 2);
            for (int c = k + 1; c <= to && script.get(c)[0].equals(" "); c++) {
                out.add(" " + script.get(c)[1]);
                lastShown = c;
            }
            if (out.size() > SHOWN) {
                out.add("… more differences");
                break;
            }
        }
        return out;
    }
}
