package dev.falsify.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;
import dev.falsify.model.plan.GitChanges;
import dev.falsify.model.plan.NewPlan;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * File → New Plan: slug, mode (project-wide / change-scoped) and, for change-scoped plans, a
 * commit picker over the workspace's git repository (JGit) whose choice fills "Files touched".
 * The plan text comes from the plan model's skeleton writer; the file is written atomically under
 * {@code docs/testing-plans/} and never overwrites an existing plan.
 */
public final class NewPlanDialog {
    /** One line of the commit picker. */
    public record CommitChoice(String id, String shortId, String subject, String author) {
        @Override
        public String toString() {
            return shortId + "  " + subject + "  — " + author;
        }
    }

    private NewPlanDialog() {
    }

    public static Optional<Path> show(Window owner, Path workspace) {
        Dialog<ButtonType> d = new Dialog<>();
        d.setTitle("New plan");
        d.setHeaderText("Create a test plan under docs/testing-plans/");
        if (owner != null) {
            d.initOwner(owner);
        }
        TextField slug = new TextField();
        slug.setId("new-plan-slug");
        slug.setPromptText("e.g. replicated-kv");
        ToggleGroup modeGroup = new ToggleGroup();
        RadioButton project = new RadioButton("Project-wide");
        RadioButton change = new RadioButton("Change-scoped");
        project.setToggleGroup(modeGroup);
        change.setToggleGroup(modeGroup);
        project.setSelected(true);
        project.setId("new-plan-project-wide");
        change.setId("new-plan-change-scoped");
        ListView<CommitChoice> commits = new ListView<>();
        commits.setId("new-plan-commits");
        commits.setPrefHeight(220);
        commits.setDisable(true);
        Label commitHint = new Label("");
        change.selectedProperty().addListener((o, was, now) -> commits.setDisable(!now));
        Optional<Path> repo = findRepository(workspace);
        if (repo.isPresent()) {
            commitHint.setText("Commits of " + repo.get());
            CompletableFuture.supplyAsync(() -> recentCommits(repo.get(), 200))
                    .thenAccept(list -> Platform.runLater(() -> {
                        commits.getItems().setAll(list);
                        if (!list.isEmpty()) {
                            commits.getSelectionModel().select(0);
                        }
                    }));
        } else {
            commitHint.setText("No git repository at " + workspace + ": change-scoped plans need one for Files touched.");
        }
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(8);
        g.setPadding(new Insets(10));
        g.addRow(0, new Label("Slug"), slug);
        g.addRow(1, new Label("Mode"), new HBox(12, project, change));
        g.addRow(2, new Label("Change"), commitHint);
        g.add(commits, 1, 3);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(slug.textProperty().isEmpty());
        d.getDialogPane().lookupButton(ButtonType.OK).setId("new-plan-ok");
        d.getDialogPane().setId("new-plan-dialog");
        Optional<ButtonType> r = d.showAndWait();
        if (r.isEmpty() || r.get() != ButtonType.OK) {
            return Optional.empty();
        }
        boolean changeScoped = change.isSelected();
        CommitChoice commit = commits.getSelectionModel().getSelectedItem();
        try {
            return Optional.of(create(workspace, slug.getText().trim(), changeScoped,
                    changeScoped && commit != null ? repo.orElse(null) : null, commit == null ? null : commit.id()));
        } catch (IOException | RuntimeException e) {
            javafx.scene.control.Alert a = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                    e.getMessage());
            a.setHeaderText("Cannot create the plan");
            a.getDialogPane().setId("new-plan-error");
            a.show();
            return Optional.empty();
        }
    }

    /**
     * Writes the new plan with the plan model's skeleton (for change-scoped plans, "Files touched"
     * from the commit's diff through JGit); refuses to overwrite. Returns its path.
     */
    public static Path create(Path workspace, String slug, boolean changeScoped, Path repo, String commit) throws IOException {
        if (!NewPlan.SLUG.matcher(slug).matches()) {
            throw new IOException("slug '" + slug + "': expected lower-case letters, digits, '-', '_' or '.'");
        }
        Path file = workspace.resolve("docs/testing-plans").resolve(slug + ".md");
        if (Files.exists(file)) {
            throw new IOException(file + " already exists");
        }
        GitChanges.Change change = null;
        if (changeScoped) {
            if (repo == null || commit == null) {
                throw new IOException("a change-scoped plan needs a commit of a git repository");
            }
            try {
                change = GitChanges.read(repo.toFile(), commit);
            } catch (GitChanges.GitChangeException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        String text = NewPlan.skeleton(slug, changeScoped ? NewPlan.Mode.CHANGE_SCOPED : NewPlan.Mode.PROJECT_WIDE, change,
                System.getProperty("user.name", ""), java.time.LocalDate.now());
        Files.createDirectories(file.getParent());
        dev.falsify.app.ui.editor.DocumentFile doc = new dev.falsify.app.ui.editor.DocumentFile(file);
        doc.save(text);
        return file;
    }

    static Optional<Path> findRepository(Path dir) {
        if (dir == null) {
            return Optional.empty();
        }
        FileRepositoryBuilder b = new FileRepositoryBuilder().findGitDir(dir.toFile());
        if (b.getGitDir() == null) {
            return Optional.empty();
        }
        return Optional.of(b.getGitDir().toPath().getParent());
    }

    /** The newest {@code max} commits reachable from HEAD, newest first; empty when unreadable. */
    public static List<CommitChoice> recentCommits(Path repoDir, int max) {
        List<CommitChoice> out = new ArrayList<>();
        try (Repository repo = new FileRepositoryBuilder().findGitDir(repoDir.toFile()).build();
             RevWalk walk = new RevWalk(repo)) {
            var head = repo.resolve("HEAD");
            if (head == null) {
                return out;
            }
            walk.markStart(walk.parseCommit(head));
            for (RevCommit c : walk) {
                out.add(new CommitChoice(c.getName(), c.getName().substring(0, 8), c.getShortMessage(),
                        c.getAuthorIdent().getName()));
                if (out.size() >= max) {
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }
}
