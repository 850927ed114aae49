package dev.falsify.app.ui;

import dev.falsify.model.session.WorkspaceLayout;
import dev.falsify.app.ui.editor.DocumentFile;
import dev.falsify.app.ui.work.BackgroundThreads;
import dev.falsify.model.plan.GitChanges;
import dev.falsify.model.plan.NewPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.StringProperty;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;
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

    /**
     * Shows the dialog and returns the plan written. The slug is checked as it is typed (OK stays
     * disabled, the reason is shown under the field); a plan that cannot be written keeps the dialog
     * open with everything entered and says why.
     */
    public static Optional<Path> show(Window owner, Path workspace) {
        Dialog<ButtonType> d = new Dialog<>();
        d.setTitle("New plan");
        d.setHeaderText("Create a test plan under " + WorkspaceLayout.PLANS + "/");
        d.setResizable(true);
        TextField slug = new TextField();
        slug.setId("new-plan-slug");
        slug.setPromptText("e.g. replicated-kv");
        slug.setPrefColumnCount(28);
        Label slugProblem = new Label();
        slugProblem.setId("new-plan-slug-problem");
        slugProblem.getStyleClass().add("field-problem");
        // the dialog's scene has no workbench stylesheet; the theme's colours are global
        slugProblem.setStyle("-fx-text-fill: -color-danger-fg;");
        slugProblem.setWrapText(true);
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
        commits.setPrefWidth(520);
        commits.setDisable(true);
        Label commitHint = new Label("");
        commitHint.setWrapText(true);
        change.selectedProperty().addListener((o, was, now) -> commits.setDisable(!now));
        Optional<Path> repo = findRepository(workspace);
        if (repo.isPresent()) {
            commitHint.setText("Commits of " + repo.get());
            BackgroundThreads.supply("falsify-git-log", () -> recentCommits(repo.get(), 200))
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
        // the labels keep their width: squeezed by the fields they were drawn as "…"
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().addAll(labels, fields);
        g.addRow(0, fieldLabel("Slug"), slug);
        g.add(slugProblem, 1, 1);
        g.addRow(2, fieldLabel("Mode"), new HBox(12, project, change));
        g.addRow(3, fieldLabel("Change"), commitHint);
        g.add(commits, 1, 4);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Button ok = (Button) d.getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("new-plan-ok");
        d.getDialogPane().setId("new-plan-dialog");

        StringProperty problem = slugProblem.textProperty();
        // nothing typed yet is not an error to shout about: OK is simply not available
        Runnable validate = () -> problem.set(slug.getText().isBlank() ? ""
                : slugProblem(workspace, slug.getText().trim()).orElse(""));
        slug.textProperty().addListener((o, a, b) -> validate.run());
        validate.run();
        BooleanBinding cannotCreate = problem.isNotEmpty().or(slug.textProperty().isEmpty());
        ok.disableProperty().bind(cannotCreate);
        Path[] created = new Path[1];
        // OK writes the plan; when that fails the event is consumed, so the dialog and its input stay
        ok.addEventFilter(ActionEvent.ACTION, e -> {
            boolean changeScoped = change.isSelected();
            CommitChoice commit = commits.getSelectionModel().getSelectedItem();
            try {
                created[0] = create(workspace, slug.getText().trim(), changeScoped,
                        changeScoped && commit != null ? repo.orElse(null) : null, commit == null ? null : commit.id());
            } catch (IOException | RuntimeException ex) {
                e.consume();
                problem.set("Cannot create the plan: " + ex.getMessage());
                slug.requestFocus();
            }
        });
        WindowDialogs.owned(d, owner, slug);
        Optional<ButtonType> r = d.showAndWait();
        if (r.isEmpty() || r.get() != ButtonType.OK || created[0] == null) {
            return Optional.empty();
        }
        return Optional.of(created[0]);
    }

    private static Label fieldLabel(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    /** Why {@code slug} cannot name a new plan in {@code workspace} (empty when it can), as the user types it. */
    static Optional<String> slugProblem(Path workspace, String slug) {
        if (slug.isEmpty()) {
            return Optional.of("Enter a slug: the plan's file name, e.g. replicated-kv");
        }
        if (!NewPlan.SLUG.matcher(slug).matches()) {
            return Optional.of(slugError(slug));
        }
        Path file = WorkspaceLayout.planFile(workspace, slug);
        if (Files.exists(file)) {
            return Optional.of(WorkspaceLayout.PLANS + "/" + slug + ".md already exists");
        }
        return Optional.empty();
    }

    private static String slugError(String slug) {
        return "slug '" + slug + "': expected lower-case letters, digits, '-', '_' or '.'";
    }

    /**
     * Writes the new plan with the plan model's skeleton (for change-scoped plans, "Files touched"
     * from the commit's diff through JGit); refuses to overwrite. Returns its path.
     */
    public static Path create(Path workspace, String slug, boolean changeScoped, Path repo, String commit) throws IOException {
        if (!NewPlan.SLUG.matcher(slug).matches()) {
            throw new IOException(slugError(slug));
        }
        Path file = WorkspaceLayout.planFile(workspace, slug);
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
                System.getProperty("user.name", ""), LocalDate.now());
        Files.createDirectories(file.getParent());
        DocumentFile doc = new DocumentFile(file);
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
