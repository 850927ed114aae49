package dev.falsify.app.ui;

import dev.falsify.app.ui.problems.ProblemsPanel;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The line at the bottom of the window: the last action on the left; the time of the selected
 * plan's last background analysis, its problem counts and the caret's line and column on the right.
 */
final class StatusBar {
    private final Label message = new Label("Ready");
    private final Label caret = new Label();
    private final Label problems = new Label();
    private final Label timing = new Label();
    private final HBox bar;

    StatusBar() {
        message.setId("status-message");
        problems.setId("status-problems");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        bar = new HBox(16, message, spacer, timing, problems, caret);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 10, 3, 10));
        bar.getStyleClass().add("status-bar");
    }

    HBox bar() {
        return bar;
    }

    void message(String text) {
        message.setText(text);
    }

    /** Keeps the right-hand side current for {@code tab} whenever it is the {@code selected} plan. */
    void watch(PlanTab tab, Supplier<Optional<PlanTab>> selected) {
        tab.editor().analysisProperty().addListener((o, a, b) -> {
            if (selected.get().orElse(null) == tab) {
                show(Optional.of(tab));
            }
        });
        tab.editor().addTimingListener(r -> {
            if (selected.get().orElse(null) == tab) {
                timing.setText(String.format("analysis %.0f ms", r.computeNanos() / 1e6));
            }
        });
        tab.editor().codeArea().caretPositionProperty().addListener((o, a, b) -> {
            if (selected.get().orElse(null) == tab) {
                showCaret(tab);
            }
        });
    }

    /** The selected plan's problem counts and caret; blank while another kind of tab is selected. */
    void show(Optional<PlanTab> plan) {
        if (plan.isEmpty()) {
            problems.setText("");
            caret.setText("");
            return;
        }
        var a = plan.get().editor().analysisProperty().get();
        problems.setText(a == null ? "" : ProblemsPanel.summarize(a.problems()));
        showCaret(plan.get());
    }

    private void showCaret(PlanTab t) {
        var area = t.editor().codeArea();
        caret.setText("Ln " + (area.getCurrentParagraph() + 1) + ", Col " + (area.getCaretColumn() + 1));
    }
}
