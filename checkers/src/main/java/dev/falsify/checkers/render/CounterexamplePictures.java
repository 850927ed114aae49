package dev.falsify.checkers.render;

import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.TxnCounterexample;
import dev.falsify.model.history.Op;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The SVG pictures of one failing check result, named so that every writer ({@code falsify check
 * --svg}, the runner's findings, {@code falsify report}) gives the same files the same names:
 * {@code <stem>.<checker>-counterexample.svg} for a linearizability failure (the history around
 * it), {@code <stem>.<checker>-anomaly-<n>.svg} for each transactional anomaly. Results of other
 * checkers, and results that are not violations, have no picture.
 */
public final class CounterexamplePictures {
    /** Anomalies drawn per result at most (the rest are in the check's JSON). */
    public static final int MAX_ANOMALIES = 8;

    /** A picture and the file name it is written under. */
    public record Picture(String fileName, String svg) {
    }

    private CounterexamplePictures() {
    }

    /**
     * @param stem    what the file names start with: the seed's label ({@code S1-1}) or the history file's name
     * @param result  the check's result
     * @param history the ops of the history it was computed on, in reading order
     */
    public static List<Picture> of(String stem, CheckResult result, List<Op> history) {
        List<Picture> out = new ArrayList<>();
        if (result.validity() != Validity.INVALID || result.counterexample() == null) return out;
        String base = stem + "." + result.checker();
        String title = stem + ": " + result.checker() + (result.model() == null ? "" : ", model " + result.model());
        if (result.counterexample() instanceof LinearizabilityCounterexample l) {
            out.add(new Picture(base + "-counterexample.svg", HistorySvg.render(l, history, title)));
        } else if (result.counterexample() instanceof TxnCounterexample t) {
            for (int i = 0; i < Math.min(MAX_ANOMALIES, t.anomalies().size()); i++) {
                out.add(new Picture(base + "-anomaly-" + (i + 1) + ".svg",
                        AnomalySvg.render(t.anomalies().get(i), i + 1, t, title)));
            }
        }
        return out;
    }

    /**
     * Writes the pictures of {@code result} into {@code dir} (created if needed), each atomically.
     *
     * @return the files written, none for a result without pictures
     */
    public static List<Path> write(Path dir, String stem, CheckResult result, List<Op> history) throws IOException {
        List<Path> written = new ArrayList<>();
        List<Picture> pictures = of(stem, result, history);
        if (pictures.isEmpty()) return written;
        Files.createDirectories(dir);
        for (Picture p : pictures) {
            Path target = dir.resolve(p.fileName());
            AtomicFiles.write(target, p.svg());
            written.add(target);
        }
        return written;
    }

    /** Whether a result gets pictures at all (a violation of a checker that has a picture). */
    public static boolean drawn(CheckResult result) {
        return result.validity() == Validity.INVALID && (result.counterexample() instanceof LinearizabilityCounterexample
                || result.counterexample() instanceof TxnCounterexample);
    }
}
