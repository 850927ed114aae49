package dev.falsify.runner.trust;

import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.PlanParser;
import dev.falsify.model.plan.RunBlock;
import dev.falsify.model.plan.Scenario;
import dev.falsify.model.plan.run.RunSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plan read and parsed once: what the trust prompt shows and what the runner then executes are
 * both derived from this one value, so an edit made while the user reads the prompt changes nothing
 * that runs. The file is never read again for commands.
 *
 * <p>Paths follow one rule: everything is resolved from the plan's <em>real</em> path (symbolic
 * links followed). Trust is keyed on it, and run-block {@code cwd} and {@code {plan_dir}} are
 * resolved from its folder, so a link elsewhere runs exactly what the linked plan was trusted to run.
 *
 * @param file     the path as the user gave it (for messages)
 * @param realPath the plan's real path (or, for a plan not on disk, its absolute normalized path)
 * @param text     the text that was parsed
 * @param plan     the parse of {@code text}
 */
public record PlanSnapshot(Path file, Path realPath, String text, Plan plan) {

    /** Reads and parses the plan file once. */
    public static PlanSnapshot read(Path file) throws IOException {
        Path real = file.toRealPath();
        String text = Files.readString(real, StandardCharsets.UTF_8);
        return new PlanSnapshot(file, real, text, PlanParser.parse(text));
    }

    /** A snapshot of text already in memory (an editor's buffer) for the plan at {@code file}. */
    public static PlanSnapshot of(Path file, String text) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            real = file.toAbsolutePath().normalize(); // not on disk (yet): the path as given is the identity
        }
        return new PlanSnapshot(file, real, text, PlanParser.parse(text));
    }

    /** The folder run-block paths are relative to: the real plan file's folder. */
    public Path planDir() {
        Path parent = realPath.getParent();
        return parent == null ? realPath.getRoot() : parent;
    }

    /** A run block's working directory. */
    public Path cwd(RunSpec spec) {
        return cwdOf(planDir(), spec);
    }

    /** The one rule for a run block's working directory: {@code cwd} resolved from the plan's folder. */
    public static Path cwdOf(Path planDir, RunSpec spec) {
        return planDir.resolve(spec.cwd() == null || spec.cwd().isBlank() ? "." : spec.cwd()).normalize();
    }

    /**
     * Where §6b probes run (and a relative probe command is resolved): the cwd of the plan's first
     * scenario with a valid run block, else the plan's folder. It does not depend on which scenarios
     * a run picks, so the probes shown for trust are the probes every run executes.
     */
    public Path probeCwd() {
        for (Scenario s : plan.scenarios()) {
            for (RunBlock b : s.runBlocks()) {
                if (b.spec() != null) return cwd(b.spec());
            }
        }
        return planDir();
    }
}
