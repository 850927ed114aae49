package dev.falsify.runner.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * The commit of the system under test, read with JGit from the repository that contains the run's
 * working directory: HEAD's sha and whether tracked files differ from it (untracked files do not
 * count, as with {@code git describe --dirty}).
 *
 * @param sha      full HEAD sha
 * @param dirty    tracked changes present
 * @param branch   current branch, or null when detached
 * @param repoRoot the work tree root
 */
public record CommitUnderTest(String sha, boolean dirty, String branch, Path repoRoot) {

    /** {@code <sha>} or {@code <sha>-dirty}, as session-log.md writes it. */
    public String label() {
        return sha + (dirty ? "-dirty" : "");
    }

    public String shortLabel() {
        return sha.substring(0, Math.min(12, sha.length())) + (dirty ? "-dirty" : "");
    }

    /** Empty when {@code dir} is not inside a git work tree or HEAD has no commit yet. */
    public static Optional<CommitUnderTest> of(Path dir) {
        FileRepositoryBuilder b = new FileRepositoryBuilder().readEnvironment().findGitDir(dir.toAbsolutePath().toFile());
        if (b.getGitDir() == null) return Optional.empty();
        try (Repository repo = b.setMustExist(true).build(); Git git = new Git(repo)) {
            ObjectId head = repo.resolve("HEAD");
            if (head == null) return Optional.empty();
            boolean dirty = false;
            if (!repo.isBare()) {
                Status st = git.status().call();
                dirty = !(st.getAdded().isEmpty() && st.getChanged().isEmpty() && st.getRemoved().isEmpty()
                        && st.getMissing().isEmpty() && st.getModified().isEmpty() && st.getConflicting().isEmpty());
            }
            String branch = repo.getFullBranch() != null && repo.getFullBranch().startsWith("refs/heads/")
                    ? repo.getBranch() : null;
            return Optional.of(new CommitUnderTest(head.getName(), dirty, branch,
                    repo.isBare() ? repo.getDirectory().toPath() : repo.getWorkTree().toPath()));
        } catch (IOException | GitAPIException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
