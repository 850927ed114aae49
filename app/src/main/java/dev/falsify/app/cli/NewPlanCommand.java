package dev.falsify.app.cli;

import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.model.io.AtomicFiles;
import dev.falsify.model.plan.GitChanges;
import dev.falsify.model.plan.NewPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify new-plan --slug S --mode project-wide|change-scoped [--repo DIR --commit REV]}:
 * writes a plan skeleton with all sections; change-scoped plans list the commit's files with
 * added/removed line counts in §1.
 */
@Command(name = "new-plan", mixinStandardHelpOptions = true,
        description = "Write a plan skeleton (all sections) to docs/testing-plans/<slug>.md.")
public final class NewPlanCommand implements Callable<Integer> {

    @Option(names = "--slug", required = true, description = "Plan slug (lower case, digits, '-', '_', '.').")
    String slug;

    @Option(names = "--mode", required = true, description = "project-wide or change-scoped.")
    String mode;

    @Option(names = "--repo", description = "Repository directory (default: the current directory).")
    Path repo;

    @Option(names = "--commit", defaultValue = "HEAD", description = "Commit of a change-scoped plan (default ${DEFAULT-VALUE}).")
    String commit;

    @Option(names = "--out", description = "Output file (default: <repo>/docs/testing-plans/<slug>.md).")
    Path out;

    @Option(names = "--author", description = "Plan author for the header.")
    String author;

    @Option(names = "--force", description = "Overwrite an existing file.")
    boolean force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!NewPlan.SLUG.matcher(slug).matches()) {
            throw new UserError("--slug '" + slug + "': expected lower-case letters, digits, '-', '_' or '.'");
        }
        NewPlan.Mode m;
        try {
            m = NewPlan.Mode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new UserError("--mode: " + e.getMessage());
        }
        Path root = repo != null ? repo : Path.of(".");
        if (!Files.isDirectory(root)) throw new UserError(root + ": no such directory");
        GitChanges.Change change = null;
        if (m == NewPlan.Mode.CHANGE_SCOPED) {
            try {
                change = GitChanges.read(root.toFile(), commit);
            } catch (GitChanges.GitChangeException e) {
                throw new UserError(e.getMessage());
            }
        }
        Path target = out != null ? out : WorkspaceLayout.planFile(root, slug);
        if (Files.exists(target) && !force) {
            throw new UserError(target + ": already exists (use --force to overwrite)");
        }
        String text = NewPlan.skeleton(slug, m, change, author, LocalDate.now());
        try {
            AtomicFiles.write(target, text);
        } catch (IOException e) {
            throw new UserError(target + ": cannot write (" + e.getMessage() + ")", ExitCode.WRITE_FAILED);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.println("wrote " + target + (change != null ? " (" + change.files().size() + " files touched by " + change.commit() + ")" : ""));
        w.flush();
        return ExitCode.OK.code();
    }
}
