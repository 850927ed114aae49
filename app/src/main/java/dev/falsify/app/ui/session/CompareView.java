package dev.falsify.app.ui.session;

import dev.falsify.app.ui.work.BackgroundWork;
import dev.falsify.model.report.SessionComparison.ArmChange;
import dev.falsify.model.report.SessionComparison.ScenarioChange;
import dev.falsify.model.report.SessionComparison;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.vocabulary.PlanId;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Two sessions side by side: per scenario (arms nested) the verdict before and after, coloured, with
 * what changed; the findings that are new and those resolved; the evidence cells that changed. The
 * comparison itself is the model's {@link SessionComparison}.
 */
public final class CompareView extends BorderPane {
    /** One row: a scenario or an arm, its verdict on each side, and the evidence that changed. */
    public record Line(String id, Optional<Verdict> before, Optional<Verdict> after, String evidence) {
        public String change() {
            if (before.isEmpty()) {
                return "only in the later session";
            }
            if (after.isEmpty()) {
                return "only in the earlier session";
            }
            return before.equals(after) ? "" : "changed";
        }
    }

    private final Path before;
    private final Path after;
    private final ReviewHost host;
    private final BackgroundWork work = new BackgroundWork();
    private final Label heading = new Label();
    private final TreeTableView<Line> table = new TreeTableView<>();
    private final ListView<String> newFindings = new ListView<>();
    private final ListView<String> resolvedFindings = new ListView<>();
    private final StringProperty title = new SimpleStringProperty();
    private final HBox sides = new HBox(24);
    private SessionComparison comparison;

    public CompareView(Path before, Path after, ReviewHost host) {
        this.before = before.toAbsolutePath().normalize();
        this.after = after.toAbsolutePath().normalize();
        this.host = host;
        setId("compare-view");
        getStyleClass().add("compare-view");
        title.set("Compare " + before.getFileName() + " \u2194 " + after.getFileName());
        table.setId("compare-table");
        table.setShowRoot(false);
        table.setRoot(new TreeItem<>());
        table.setColumnResizePolicy(TreeTableView.UNCONSTRAINED_RESIZE_POLICY);
        TreeTableColumn<Line, String> id = new TreeTableColumn<>("Scenario / arm");
        id.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().id()));
        id.setPrefWidth(130);
        TreeTableColumn<Line, Optional<Verdict>> b = verdictColumn("Earlier: " + before.getFileName(), Line::before);
        TreeTableColumn<Line, Optional<Verdict>> a = verdictColumn("Later: " + after.getFileName(), Line::after);
        TreeTableColumn<Line, String> change = new TreeTableColumn<>("Change");
        change.setId("change-column");
        change.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().change()));
        change.setPrefWidth(170);
        TreeTableColumn<Line, String> ev = new TreeTableColumn<>("Evidence that changed");
        ev.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().evidence()));
        ev.setPrefWidth(620);
        table.getColumns().setAll(List.of(id, b, a, change, ev));

        newFindings.setId("new-findings");
        resolvedFindings.setId("resolved-findings");
        newFindings.setPlaceholder(new Label("none"));
        resolvedFindings.setPlaceholder(new Label("none"));
        VBox nf = new VBox(4, bold("New findings (fail in the later session only)"), newFindings);
        VBox rf = new VBox(4, bold("Resolved findings (failed earlier, ran clean later)"), resolvedFindings);
        VBox.setVgrow(newFindings, Priority.ALWAYS);
        VBox.setVgrow(resolvedFindings, Priority.ALWAYS);
        HBox lists = new HBox(12, nf, rf);
        HBox.setHgrow(nf, Priority.ALWAYS);
        HBox.setHgrow(rf, Priority.ALWAYS);
        lists.setPadding(new Insets(6));
        SplitPane split = new SplitPane(table, lists);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.68);
        heading.getStyleClass().add("session-title");
        VBox top = new VBox(6, heading, sides, work);
        top.setPadding(new Insets(8, 10, 6, 10));
        setTop(top);
        setCenter(split);
    }

    private static Label bold(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("checks-subheading");
        return l;
    }

    private static TreeTableColumn<Line, Optional<Verdict>> verdictColumn(String title,
                                                                          Function<Line, Optional<Verdict>> f) {
        TreeTableColumn<Line, Optional<Verdict>> c = new TreeTableColumn<>(title);
        c.setPrefWidth(230);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue().getValue())));
        c.setCellFactory(x -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Optional<Verdict> item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                    VerdictStyle.apply(this, null);
                } else {
                    setText(item.map(Verdict::label).orElse("\u2014 not in this session"));
                    VerdictStyle.apply(this, item.map(VerdictStyle::of).orElse(null));
                }
            }
        });
        return c;
    }

    public StringProperty titleProperty() {
        return title;
    }

    public TreeTableView<Line> table() {
        return table;
    }

    public ListView<String> newFindings() {
        return newFindings;
    }

    public ListView<String> resolvedFindings() {
        return resolvedFindings;
    }

    public SessionComparison comparison() {
        return comparison;
    }

    public boolean busy() {
        return work.busy();
    }

    /** Reads both folders and compares them in the background. */
    public void load() {
        work.run("Comparing " + before.getFileName() + " with " + after.getFileName(), () -> {
            SessionData b = SessionData.load(before);
            SessionData a = SessionData.load(after);
            return new Object[] {b, a, SessionComparison.of(b.folder(), b.plan(), a.folder(), a.plan())};
        }, r -> show((SessionData) r[0], (SessionData) r[1], (SessionComparison) r[2]), t -> {
            host.status(t instanceof CancellationException ? t.getMessage() : "Cannot compare: " + t.getMessage());
            heading.setText(t instanceof CancellationException ? "Comparison cancelled." : "Cannot compare: " + t.getMessage());
        });
    }

    private void show(SessionData b, SessionData a, SessionComparison c) {
        comparison = c;
        title.set(b.title() + " \u2194 " + SessionData.time(a.folder()));
        heading.setText("Comparing two sessions of " + (a.folder().planSlug().isBlank() ? "a plan" : a.folder().planSlug())
                + ": " + c.changedArms().size() + " verdict change" + (c.changedArms().size() == 1 ? "" : "s") + ", "
                + c.newFindings().size() + " new finding" + (c.newFindings().size() == 1 ? "" : "s") + ", "
                + c.resolvedFindings().size() + " resolved");
        sides.getChildren().setAll(side("Earlier", b), side("Later", a));
        TreeItem<Line> root = new TreeItem<>();
        for (ScenarioChange s : c.scenarios()) {
            List<ArmChange> arms = c.arms().stream().filter(x -> PlanId.key(PlanId.scenarioOf(x.armId())).equals(PlanId.key(s.scenario())))
                    .toList();
            boolean plain = arms.size() == 1 && PlanId.armOf(arms.get(0).armId()).isEmpty();
            String ev = plain ? String.join("; ", arms.get(0).evidenceChanges()) : "";
            TreeItem<Line> item = new TreeItem<>(new Line(s.scenario(), s.before(), s.after(), ev));
            if (!plain) {
                arms.forEach(x -> item.getChildren().add(new TreeItem<>(new Line(x.armId(), x.before(), x.after(),
                        String.join("; ", x.evidenceChanges())))));
            }
            item.setExpanded(true);
            root.getChildren().add(item);
        }
        table.setRoot(root);
        newFindings.getItems().setAll(c.newFindings().stream().map(id -> id + ": " + label(c, id)).toList());
        resolvedFindings.getItems().setAll(c.resolvedFindings().stream().map(id -> id + ": " + label(c, id)).toList());
    }

    private static String label(SessionComparison c, String id) {
        return c.arms().stream().filter(x -> x.armId().equals(id)).findFirst()
                .map(x -> x.before().map(Verdict::label).orElse("not run") + " \u2192 " + x.after().map(Verdict::label).orElse("not run"))
                .orElse("");
    }

    private VBox side(String which, SessionData d) {
        Hyperlink open = new Hyperlink(d.title());
        open.setOnAction(e -> host.open(d.dir()));
        Label headline = new Label(d.headline().name());
        headline.getStyleClass().add("verdict-badge");
        VerdictStyle.apply(headline, VerdictStyle.of(d.headline()));
        Label commit = new Label("commit " + (d.folder().log().header().commit().isBlank() ? "\u2014"
                : d.folder().log().header().commit()));
        return new VBox(2, new Label(which + ":"), new HBox(6, open, headline), commit);
    }
}
