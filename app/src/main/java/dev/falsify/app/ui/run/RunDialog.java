package dev.falsify.app.ui.run;

import dev.falsify.app.ui.layout.DialogPlacement;
import dev.falsify.model.plan.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Pick scenarios and seeds: every scenario with a run block, the chosen one (or all) ticked, each
 * listed with the seeds its run block declares; the seed field left empty runs those seeds, a number
 * runs only that seed. Re-runs and parallel seeds default as on the command line.
 */
public final class RunDialog extends Dialog<RunChoice> {
    public static final ButtonType START = new ButtonType("Start Run", ButtonBar.ButtonData.OK_DONE);
    private final Map<String, CheckBox> boxes = new LinkedHashMap<>();
    private final TextField seed = new TextField();
    private final Spinner<Integer> reruns = new Spinner<>(0, 10, 1);
    private final Spinner<Integer> parallel = new Spinner<>(1, 16, 1);
    private final Label problem = new Label();

    /**
     * @param runnable  the plan's scenarios with a run block
     * @param preselect ids to tick; empty ticks all
     * @param unsaved   whether the plan has unsaved changes (they are saved before it runs)
     */
    public RunDialog(Window owner, String plan, List<Scenario> runnable, List<String> preselect, boolean unsaved) {
        setTitle("Run " + plan);
        setHeaderText("Run scenarios of " + plan);
        if (owner != null) {
            initOwner(owner);
            initModality(Modality.WINDOW_MODAL);
        }
        DialogPlacement.centreOnOwner(this);
        VBox list = new VBox(4);
        for (Scenario s : runnable) {
            var spec = s.run().orElseThrow().spec();
            String seeds = spec == null || spec.seeds().isEmpty() ? "[1]" : spec.seeds().toString();
            CheckBox c = new CheckBox(s.id() + "  " + s.name() + "   seeds " + seeds);
            c.setId("run-pick-" + s.id());
            c.setMnemonicParsing(false); // a scenario named shell_s1 keeps its underscore
            c.setSelected(preselect.isEmpty() || preselect.contains(s.id()));
            c.selectedProperty().addListener((o, a, b) -> validate());
            boxes.put(s.id(), c);
            list.getChildren().add(c);
        }
        seed.setId("run-seed");
        seed.setPromptText("empty: the run block's seeds");
        seed.setPrefColumnCount(22); // the prompt fits
        seed.textProperty().addListener((o, a, b) -> validate());
        reruns.setEditable(true);
        parallel.setEditable(true);
        reruns.getEditor().textProperty().addListener((o, a, b) -> validate());
        parallel.getEditor().textProperty().addListener((o, a, b) -> validate());
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("Seed"), seed);
        g.addRow(1, new Label("Re-runs after a violation"), reruns);
        g.addRow(2, new Label("Seeds at once"), parallel);
        problem.setId("run-problem");
        problem.setStyle("-fx-text-fill: #cf222e;");
        VBox box = new VBox(10, new Label("Scenarios"), list, g, problem);
        if (unsaved) box.getChildren().add(new Label("The plan has unsaved changes: it is saved before it runs."));
        box.setPadding(new Insets(10));
        getDialogPane().setContent(box);
        getDialogPane().getButtonTypes().addAll(START, ButtonType.CANCEL);
        getDialogPane().lookupButton(START).setId("run-start");
        setResultConverter(b -> b == START ? choice().orElse(null) : null);
        validate();
    }

    /** Opens on the seed field, saying so in the header ("Run with seeds…"). */
    public void askSeed() {
        setHeaderText(getHeaderText() + " \u2014 type the seed to run (empty: the run block's seeds)");
        setOnShown(e -> seed.requestFocus());
        seed.requestFocus();
    }

    public Map<String, CheckBox> boxes() {
        return boxes;
    }

    public TextField seedField() {
        return seed;
    }

    /** The choice as the form stands, or empty with the reason shown. */
    public Optional<RunChoice> choice() {
        List<String> ids = new ArrayList<>();
        boxes.forEach((id, c) -> {
            if (c.isSelected()) ids.add(id);
        });
        if (ids.isEmpty()) return Optional.empty();
        Long s = null;
        String t = seed.getText() == null ? "" : seed.getText().trim();
        if (!t.isEmpty()) {
            try {
                s = Long.parseLong(t);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        Optional<Integer> r = typed(reruns);
        Optional<Integer> p = typed(parallel);
        if (r.isEmpty() || p.isEmpty()) return Optional.empty();
        return Optional.of(new RunChoice(ids, s, r.get(), p.get()));
    }

    /**
     * What an editable spinner shows: its typed text becomes its value only on Enter, so a number
     * typed and then Start clicked would otherwise run with the old value. Empty when not a whole
     * number in the spinner's range.
     */
    private static Optional<Integer> typed(Spinner<Integer> spinner) {
        String t = spinner.getEditor().getText() == null ? "" : spinner.getEditor().getText().trim();
        var range = (SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory();
        try {
            int v = Integer.parseInt(t);
            return v < range.getMin() || v > range.getMax() ? Optional.empty() : Optional.of(v);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void validate() {
        String t = seed.getText() == null ? "" : seed.getText().trim();
        String why = boxes.values().stream().noneMatch(CheckBox::isSelected) ? "Tick at least one scenario."
                : !t.isEmpty() && !t.matches("-?\\d{1,18}") ? "The seed must be a whole number (or empty)."
                : typed(reruns).isEmpty() ? "Re-runs after a violation: a whole number from 0 to 10."
                : typed(parallel).isEmpty() ? "Seeds at once: a whole number from 1 to 16." : "";
        problem.setText(why);
        var start = getDialogPane().lookupButton(START);
        if (start != null) start.setDisable(!why.isEmpty());
    }
}
