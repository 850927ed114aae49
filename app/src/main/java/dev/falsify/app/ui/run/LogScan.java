package dev.falsify.app.ui.run;

import dev.falsify.model.session.SessionLayout;
import dev.falsify.runner.events.RunEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The error lines of a finished session's logs, for its replayed timeline: the session log records
 * at most a few markers per seed, so every {@code logs/<seed>/<process>.<stream>.log} is read (off the
 * FX thread, in one linear pass) for lines matching the runner's own marker pattern
 * ({@link RunEvent.LogMarker#ERROR_LINE}). A log file has no per-line times, so each line is placed
 * by its byte position between its process's start and end as the timeline knows them.
 */
final class LogScan {
    /** The marker name scanned lines carry (the runner's live ones say {@code marker}). */
    static final String MARKER = "log-scan";
    /** Markers per file at most: a log of a million errors needs its viewer, not a million markers. */
    static final int MAX_PER_FILE = 10_000;
    private static final int MAX_LINE = 1 << 20;

    /** What the timeline knows of the processes whose logs are scanned. */
    interface Lifetimes {
        /** {start, end} epoch ms of the process (its seed's, or the run's, when the timeline has no lane for it). */
        long[] of(String seed, String fileBase);

        /** The process name the timeline uses for a log file's base name. */
        String process(String seed, String fileBase);
    }

    /**
     * @param files  log files read
     * @param marked markers found (not counting lines the session log had marked already)
     * @param capped files that had more than {@link #MAX_PER_FILE}
     */
    record Result(int files, int marked, int capped, boolean cancelled) {
    }

    private LogScan() {
    }

    /**
     * @param known    {@code seed process.stream:line} of lines already marked (skipped)
     * @param sink     receives markers in batches, on this thread
     * @param progress fraction of the logs' bytes read
     */
    static Result scan(Path sessionDir, Lifetimes times, Set<String> known, Consumer<List<RunEvent.LogMarker>> sink,
                       DoubleConsumer progress, BooleanSupplier cancelled) throws IOException {
        Path logs = SessionLayout.logsDir(sessionDir);
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(logs)) {
            try (Stream<Path> s = Files.walk(logs, 2)) {
                s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".log")
                        && p.getParent().getParent().equals(logs)).sorted().forEach(files::add);
            }
        }
        long total = 0;
        for (Path f : files) total += Files.size(f);
        long done = 0;
        int marked = 0;
        int capped = 0;
        Pattern pattern = RunEvent.LogMarker.ERROR_LINE;
        for (Path f : files) {
            if (cancelled.getAsBoolean()) return new Result(files.size(), marked, capped, true);
            String seed = f.getParent().getFileName().toString();
            String name = f.getFileName().toString();
            String stem = name.substring(0, name.length() - ".log".length());
            int dot = stem.lastIndexOf('.');
            String base = dot > 0 ? stem.substring(0, dot) : stem;
            String stream = dot > 0 ? stem.substring(dot + 1) : "out";
            String process = times.process(seed, base);
            long[] life = times.of(seed, base);
            long size = Math.max(1, Files.size(f));
            List<RunEvent.LogMarker> batch = new ArrayList<>();
            int inFile = 0;
            try (InputStream in = Files.newInputStream(f)) {
                byte[] buf = new byte[1 << 16];
                byte[] line = new byte[8192];
                int len = 0;
                long lineNo = 0;
                long pos = 0; // bytes of the file before buf[0]
                long lineStart = 0;
                int n;
                boolean more = true;
                while (more) {
                    n = in.read(buf);
                    more = n > 0;
                    int upto = more ? n : (len > 0 ? 1 : 0); // at the end, a last line without a newline
                    for (int i = 0; i < upto; i++) {
                        byte b = more ? buf[i] : (byte) '\n';
                        if (b != '\n') {
                            if (len < MAX_LINE) {
                                if (len == line.length) line = Arrays.copyOf(line, line.length * 2);
                                line[len++] = b;
                            }
                            continue;
                        }
                        lineNo++;
                        int l = len > 0 && line[len - 1] == '\r' ? len - 1 : len;
                        String text = new String(line, 0, l, StandardCharsets.UTF_8);
                        if (pattern.matcher(text).find() && !known.contains(key(seed, process, stream, lineNo)) && inFile++ < MAX_PER_FILE) {
                            long at = life[0] + (long) ((life[1] - life[0]) * ((double) lineStart / size));
                            batch.add(new RunEvent.LogMarker(at, seed, process, stream, lineNo, MARKER, text));
                            marked++;
                            if (batch.size() == 500) {
                                sink.accept(batch);
                                batch = new ArrayList<>();
                            }
                        }
                        len = 0;
                        lineStart = pos + i + 1;
                    }
                    if (more) {
                        pos += n;
                        if (cancelled.getAsBoolean()) {
                            if (!batch.isEmpty()) sink.accept(batch);
                            return new Result(files.size(), marked, capped, true);
                        }
                        progress.accept(total == 0 ? 1 : (double) (done + pos) / total);
                    }
                }
            }
            if (inFile > MAX_PER_FILE) capped++;
            if (!batch.isEmpty()) sink.accept(batch);
            done += Files.size(f);
            progress.accept(total == 0 ? 1 : (double) done / total);
        }
        return new Result(files.size(), marked, capped, false);
    }

    /** The identity of a marked line, to skip the ones the session log already had. */
    static String key(String seed, String process, String stream, long lineNo) {
        return seed + " " + process + "." + stream + ":" + lineNo;
    }
}
