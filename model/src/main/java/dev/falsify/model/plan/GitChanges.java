package dev.falsify.model.plan;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.patch.FileHeader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.AbstractTreeIterator;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.util.io.DisabledOutputStream;

/** What a commit changed, read with JGit: one entry per file with added/removed line counts. */
public final class GitChanges {
    private GitChanges() {
    }

    /** @param kind ADD, MODIFY, DELETE, RENAME or COPY; binary files have zero counts */
    public record FileChange(String path, int added, int removed, String kind) {
    }

    /** The commit that was read: its abbreviated id, subject line, and the files it touched. */
    public record Change(String commit, String subject, List<FileChange> files) {
        public Change {
            files = List.copyOf(files);
        }
    }

    /** A repository or revision problem, phrased for the user. */
    public static final class GitChangeException extends Exception {
        public GitChangeException(String message) {
            super(message);
        }
    }

    /** The diff of {@code revision} against its first parent (against the empty tree for a root commit). */
    public static Change read(File repoDir, String revision) throws GitChangeException {
        FileRepositoryBuilder builder = new FileRepositoryBuilder().findGitDir(repoDir);
        if (builder.getGitDir() == null) throw new GitChangeException(repoDir + ": not inside a git repository");
        try (Repository repo = builder.build(); RevWalk walk = new RevWalk(repo)) {
            ObjectId id = repo.resolve(revision);
            if (id == null) throw new GitChangeException(repoDir + ": unknown revision '" + revision + "'");
            RevCommit commit = walk.parseCommit(id);
            AbstractTreeIterator parentTree;
            if (commit.getParentCount() > 0) {
                RevCommit parent = walk.parseCommit(commit.getParent(0).getId());
                CanonicalTreeParser p = new CanonicalTreeParser();
                try (var reader = repo.newObjectReader()) {
                    p.reset(reader, parent.getTree().getId());
                }
                parentTree = p;
            } else {
                parentTree = new EmptyTreeIterator();
            }
            CanonicalTreeParser tree = new CanonicalTreeParser();
            try (var reader = repo.newObjectReader()) {
                tree.reset(reader, commit.getTree().getId());
            }
            List<FileChange> files = new ArrayList<>();
            try (DiffFormatter df = new DiffFormatter(DisabledOutputStream.INSTANCE)) {
                df.setRepository(repo);
                df.setDiffComparator(RawTextComparator.DEFAULT);
                df.setDetectRenames(true);
                for (DiffEntry e : df.scan(parentTree, tree)) {
                    FileHeader fh = df.toFileHeader(e);
                    int added = 0;
                    int removed = 0;
                    for (Edit edit : fh.toEditList()) {
                        added += edit.getLengthB();
                        removed += edit.getLengthA();
                    }
                    String path = e.getChangeType() == DiffEntry.ChangeType.DELETE ? e.getOldPath() : e.getNewPath();
                    files.add(new FileChange(path, added, removed, e.getChangeType().name()));
                }
            }
            return new Change(commit.abbreviate(10).name(), commit.getShortMessage(), files);
        } catch (IOException | RuntimeException e) {
            throw new GitChangeException(repoDir + ": cannot read revision '" + revision + "' (" + e.getMessage() + ")");
        }
    }
}
