package dev.falsify.app.ui.structured;

import dev.falsify.app.ui.editor.Problem.Replacement;
import dev.falsify.model.plan.Claim;
import dev.falsify.model.plan.Hypothesis;
import dev.falsify.model.plan.Plan;
import dev.falsify.model.plan.Scenario;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;

/**
 * The structured side of the plan editor: header form, claims table (editable cells, category
 * picker), hypotheses with their claim links, and scenarios (fields, §7.M, §7.M.S, run block).
 * It never holds its own copy of the plan: every edit asks {@link PlanEditing} for a minimal text
 * patch against the current document and hands it to the editor, which applies it to the one
 * CodeArea document (one undo history); the view then follows the re-parse like everything else.
 */
public final class StructuredView extends BorderPane {
    private final TabPane tabs = new TabPane();
    private final HeaderForm header;
    private final ClaimsTable claims;
    private final HypothesesTable hypotheses;
    private final ScenariosPane scenarios;
    private final Tab headerTab;
    private final Tab claimsTab;
    private final Tab hypothesesTab;
    private final Tab scenariosTab;
    /** Tabs whose content is older than the last projection: refreshed when they are next shown. */
    private final Set<Tab> staleTabs = new HashSet<>();
    private Plan plan;

    /**
     * @param currentPlan the plan parsed from the editor's CURRENT text (edits are computed against it)
     * @param apply       applies replacements to the editor document as one undo step
     * @param jump        shows an element (claim / hypothesis / scenario id) in the Markdown editor
     */
    public StructuredView(Supplier<Plan> currentPlan, Consumer<List<Replacement>> apply, Consumer<String> jump) {
        PlanEdits edits = new PlanEdits(currentPlan, apply, jump);
        header = new HeaderForm(edits);
        claims = new ClaimsTable(edits);
        hypotheses = new HypothesesTable(edits, this::reveal);
        scenarios = new ScenariosPane(edits);
        getStyleClass().add("structured-view");
        setId("structured-view");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Button addClaim = new Button("+ Add claim");
        addClaim.setId("add-claim");
        addClaim.setOnAction(e -> edits.applyIfPresent(p -> PlanEditing.edit(p, ed -> ed.addClaim(null, "", "", "", ""))));
        Button addHypothesis = new Button("+ Add hypothesis");
        addHypothesis.setId("add-hypothesis");
        addHypothesis.setOnAction(e -> edits.applyIfPresent(p -> PlanEditing.edit(p,
                ed -> ed.addHypothesis(null, "New hypothesis", "what could go wrong", List.of()))));
        headerTab = new Tab("Header", FormParts.scroll(header));
        claimsTab = new Tab("Claims", FormParts.withToolbar(claims, addClaim));
        hypothesesTab = new Tab("Hypotheses", FormParts.withToolbar(hypotheses, addHypothesis));
        scenariosTab = new Tab("Scenarios", scenarios);
        tabs.getTabs().addAll(headerTab, claimsTab, hypothesesTab, scenariosTab);
        tabs.getSelectionModel().select(claimsTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            refreshTab(b);
            if (b == scenariosTab) {
                scenarios.refreshDetail(false);
            }
        });
        setCenter(tabs);
    }

    public TableView<Claim> claimsTable() {
        return claims;
    }

    public TableView<Hypothesis> hypothesesTable() {
        return hypotheses;
    }

    /** What the ▶ after each runnable scenario does: runs that scenario id. */
    public void setOnRunScenario(Consumer<String> run) {
        scenarios.setOnRun(run, run);
    }

    /** The ▶ (and its row's menu "Run…") runs that scenario id; the menu's "Run with seeds…" asks for seeds first. */
    public void setOnRunScenario(Consumer<String> run, Consumer<String> withSeeds) {
        scenarios.setOnRun(run, withSeeds);
    }

    public ListView<Scenario> scenarioList() {
        return scenarios.list();
    }

    public TabPane tabs() {
        return tabs;
    }

    /**
     * Shows a new projection; keeps selections and leaves a field the user is typing in alone. Only
     * the visible tab is refreshed (a 300-row table refreshed on every keystroke costs the FX thread
     * milliseconds for nothing); the others catch up when they are selected.
     */
    public void show(Plan p) {
        this.plan = p;
        staleTabs.addAll(tabs.getTabs());
        refreshTab(tabs.getSelectionModel().getSelectedItem());
        claimsTab.setText("Claims (" + p.claims().size() + ")");
        hypothesesTab.setText("Hypotheses (" + p.hypotheses().size() + ")");
        scenariosTab.setText("Scenarios (" + p.scenarios().size() + ")");
        if (tabs.getSelectionModel().getSelectedItem() == scenariosTab) {
            scenarios.refreshDetail(false);
        }
    }

    private void refreshTab(Tab tab) {
        if (plan == null || tab == null || !staleTabs.remove(tab)) {
            return;
        }
        if (tab == claimsTab) {
            refreshTable(tab, claims, plan.claims(), Claim::id);
        } else if (tab == hypothesesTab) {
            refreshTable(tab, hypotheses, plan.hypotheses(), Hypothesis::id);
        } else if (tab == scenariosTab) {
            scenarios.show(plan.scenarios());
        } else if (tab == headerTab) {
            header.show(plan);
        }
    }

    /** A table whose cell is being edited keeps its rows (and stays stale) until the edit ends. */
    private <T> void refreshTable(Tab tab, TableView<T> table, List<T> rows, Function<T, String> id) {
        if (table.getEditingCell() != null) {
            staleTabs.add(tab);
        } else {
            FormParts.replaceKeepingSelection(table, rows, id);
        }
    }

    /** Selects and scrolls to an element by id (claim, hypothesis or scenario). */
    public void reveal(String id) {
        if (plan == null || id == null) {
            return;
        }
        plan.claim(id).ifPresent(c -> select(claimsTab, claims, FormParts.indexOf(claims.getItems(), c.id(), Claim::id)));
        plan.hypothesis(id).ifPresent(h -> select(hypothesesTab, hypotheses,
                FormParts.indexOf(hypotheses.getItems(), h.id(), Hypothesis::id)));
        plan.scenario(id).ifPresent(s -> {
            tabs.getSelectionModel().select(scenariosTab);
            scenarios.select(s.id());
        });
    }

    private void select(Tab tab, TableView<?> table, int index) {
        tabs.getSelectionModel().select(tab);
        if (index >= 0) {
            table.getSelectionModel().select(index);
            table.scrollTo(Math.max(0, index - 2));
        }
    }
}
