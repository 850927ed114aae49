package dev.falsify.app.ui.session;

import dev.falsify.app.ui.layout.DialogPlacement;
import dev.falsify.model.session.SessionFolder.ArmVerdict;
import dev.falsify.model.verdict.Blame;
import dev.falsify.model.verdict.BugType;
import dev.falsify.model.verdict.FindingSeverity;
import dev.falsify.model.verdict.Verdict;
import dev.falsify.model.verdict.VerdictOverride;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Override one arm's verdict: a verdict (or keep the computed one and only label the finding), blame,
 * TaxDC type and tags, severity, author and a required reason. OK stays disabled until there is a
 * reason and something to record, so an override without a reason cannot be made.
 */
public final class OverrideDialog extends Dialog<VerdictOverride> {
    private final ComboBox<Verdict> verdict = new ComboBox<>();
    private final ComboBox<Blame> blame = new ComboBox<>();
    private final ComboBox<BugType.Top> taxdc = new ComboBox<>();
    private final ComboBox<FindingSeverity> severity = new ComboBox<>();
    private final FlowPane tags = new FlowPane(8, 4);
    private final TextField author = new TextField(System.getProperty("user.name", "reviewer"));
    private final TextArea reason = new TextArea();

    public OverrideDialog(Window owner, ArmVerdict arm, Clock clock) {
        if (owner != null) {
            initOwner(owner);
        }
        DialogPlacement.centreOnOwner(this);
        setTitle("Override " + arm.armId());
        setHeaderText(arm.armId() + ": computed " + arm.computed().map(d -> d.display()).orElse(arm.baseVerdict().label())
                + arm.override().map(o -> "; currently overridden by " + o.author()).orElse(""));
        getDialogPane().setId("override-dialog");
        verdict.setId("override-verdict");
        verdict.getItems().add(null);
        verdict.getItems().addAll(Verdict.values());
        verdict.setConverter(named(v -> v == null ? "(keep the computed verdict)" : v.label()));
        verdict.setValue(null);
        blame.setId("override-blame");
        blame.getItems().add(null);
        blame.getItems().addAll(Blame.SUT, Blame.HARNESS, Blame.CHECKER, Blame.ENVIRONMENT, Blame.UNKNOWN);
        blame.setConverter(named(b -> b == null ? "(none)" : b.label()));
        taxdc.setId("override-taxdc");
        taxdc.getItems().add(null);
        taxdc.getItems().addAll(BugType.Top.values());
        taxdc.setConverter(named(t -> t == null ? "(none)" : t.label()));
        for (BugType.Tag t : BugType.Tag.values()) {
            CheckBox c = new CheckBox(t.label());
            c.setUserData(t);
            c.disableProperty().bind(taxdc.valueProperty().isNull());
            tags.getChildren().add(c);
        }
        severity.setId("override-severity");
        severity.getItems().add(null);
        severity.getItems().addAll(FindingSeverity.values());
        severity.setConverter(named(s -> s == null ? "(none)" : s.name()));
        reason.setId("override-reason");
        reason.setPromptText("Why (required): the evidence that justifies a different verdict or label");
        reason.setPrefRowCount(4);
        reason.setWrapText(true);

        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(8);
        g.setPadding(new Insets(12));
        // the label column never gives way: the dialog's width comes from the wide tags row, and a
        // squeezed label column cut every label to "V…"; the fields take the rest and the tags wrap
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        g.getColumnConstraints().addAll(labels, fields);
        tags.setPrefWrapLength(420);
        for (ComboBox<?> c : java.util.List.of(verdict, blame, taxdc, severity)) {
            c.setMaxWidth(Double.MAX_VALUE);
        }
        int r = 0;
        g.addRow(r++, label("Verdict", verdict), verdict);
        g.addRow(r++, label("Blame", blame), blame);
        g.addRow(r++, label("TaxDC type", taxdc), taxdc);
        g.addRow(r++, label("TaxDC tags", tags), tags);
        g.addRow(r++, label("Severity", severity), severity);
        g.addRow(r++, label("Author", author), author);
        g.addRow(r, label("Reason", reason), reason);
        getDialogPane().setContent(g);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        setResizable(true);
        Node ok = getDialogPane().lookupButton(ButtonType.OK);
        ok.disableProperty().bind(Bindings.createBooleanBinding(() -> !complete(),
                reason.textProperty(), author.textProperty(), verdict.valueProperty(), blame.valueProperty(),
                taxdc.valueProperty(), severity.valueProperty()));
        setResultConverter(b -> b == ButtonType.OK && complete() ? build(arm.armId(), clock).orElse(null) : null);
        setOnShown(e -> verdict.requestFocus());
    }

    public ComboBox<Verdict> verdictBox() {
        return verdict;
    }

    public ComboBox<Blame> blameBox() {
        return blame;
    }

    public ComboBox<BugType.Top> taxdcBox() {
        return taxdc;
    }

    public TextArea reasonArea() {
        return reason;
    }

    /** A reason, an author, and at least one of verdict, blame, TaxDC and severity. */
    public boolean complete() {
        return !reason.getText().isBlank() && !author.getText().isBlank() && (verdict.getValue() != null
                || blame.getValue() != null || taxdc.getValue() != null || severity.getValue() != null);
    }

    /** The override the fields describe, stamped now; empty when incomplete. */
    public Optional<VerdictOverride> build(String armId, Clock clock) {
        if (!complete()) {
            return Optional.empty();
        }
        BugType bug = null;
        if (taxdc.getValue() != null) {
            EnumSet<BugType.Tag> chosen = EnumSet.noneOf(BugType.Tag.class);
            tags.getChildren().stream().map(n -> (CheckBox) n).filter(CheckBox::isSelected)
                    .forEach(c -> chosen.add((BugType.Tag) c.getUserData()));
            bug = new BugType(taxdc.getValue(), chosen);
        }
        return Optional.of(new VerdictOverride(armId, verdict.getValue(), blame.getValue(), bug, severity.getValue(),
                author.getText().strip(), clock.instant().truncatedTo(ChronoUnit.SECONDS),
                reason.getText().strip().replaceAll("\\s*\\R\\s*", " ")));
    }

    private static Label label(String text, Node target) {
        Label l = new Label(text);
        l.setLabelFor(target);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static <T> StringConverter<T> named(Function<T, String> f) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return f.apply(t);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }
}
