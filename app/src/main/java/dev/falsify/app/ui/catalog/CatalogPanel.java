package dev.falsify.app.ui.catalog;

import dev.falsify.catalog.Catalog;
import dev.falsify.catalog.CatalogEntry;
import dev.falsify.catalog.EntryDetail;
import dev.falsify.catalog.EntryKind;
import dev.falsify.catalog.Nemesis;
import dev.falsify.catalog.Pitfall;
import dev.falsify.catalog.PickerRow;
import dev.falsify.catalog.PlanContext;
import dev.falsify.catalog.SearchHit;
import dev.falsify.catalog.SnippetPlacement;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The editor's catalog side panel: search the catalog, read an entry, and insert at the caret a
 * hypothesis drafted from a pitfall (tied to the claims in the "Claims" field), a nemesis line with its
 * landing evidence, or a §7.M skeleton pre-filled from the checker picker for the scenario at the caret.
 * Self-contained: it talks to the editor only through {@link CatalogInsertTarget}.
 */
public final class CatalogPanel extends BorderPane {
    private static final String ALL_KINDS = "All kinds";

    private final Catalog catalog;
    private final CatalogInsertTarget target;
    private final EntryDetail detail;

    private final TextField search = new TextField();
    private final ComboBox<String> kind = new ComboBox<>();
    private final ObservableList<CatalogEntry> results = FXCollections.observableArrayList();
    private final ListView<CatalogEntry> list = new ListView<>(results);
    private final TextArea detailText = new TextArea();
    private final TextField claims = new TextField();
    private final TextField model = new TextField();
    private final TextField categories = new TextField();
    private final Button insertHypothesis = new Button("Insert hypothesis");
    private final Button insertNemesis = new Button("Insert nemesis line");
    private final Button insertSevenM = new Button("Insert §7.M skeleton");
    private final Button fromCaret = new Button("From caret");
    private final Label status = new Label();

    public CatalogPanel(Catalog catalog, CatalogInsertTarget target) {
        this.catalog = catalog;
        this.target = target;
        this.detail = new EntryDetail(catalog);
        getStyleClass().add("catalog-panel");
        build();
        refreshResults();
    }

    private void build() {
        search.setId("catalog-search");
        search.setPromptText("Search techniques, pitfalls, nemeses, oracles…");
        kind.setId("catalog-kind");
        kind.getItems().add(ALL_KINDS);
        Arrays.stream(EntryKind.values()).map(EntryKind::word).forEach(kind.getItems()::add);
        kind.getSelectionModel().select(ALL_KINDS);
        HBox.setHgrow(search, Priority.ALWAYS);
        HBox top = new HBox(6, search, kind);
        top.setPadding(new Insets(6));

        list.setId("catalog-list");
        list.setCellFactory(v -> new EntryCell());
        detailText.setId("catalog-detail");
        detailText.setEditable(false);
        detailText.setWrapText(true);
        SplitPane split = new SplitPane(list, detailText);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.4);

        claims.setId("catalog-claims");
        claims.setPromptText("C1, C3");
        claims.setTooltip(new Tooltip("Claims the hypothesis could falsify (pre-filled from the selected claims, "
                + "or the plan's claims this pitfall threatens)"));
        model.setId("catalog-model");
        model.setPromptText("register, log, kv…");
        categories.setId("catalog-categories");
        categories.setPromptText("safety, durability…");
        insertHypothesis.setId("catalog-insert-hypothesis");
        insertNemesis.setId("catalog-insert-nemesis");
        insertSevenM.setId("catalog-insert-sevenm");
        fromCaret.setId("catalog-from-caret");
        fromCaret.setTooltip(new Tooltip("Fill model and categories from the scenario at the caret"));
        status.setId("catalog-status");
        status.setWrapText(true);

        GridPane actions = new GridPane();
        actions.setHgap(6);
        actions.setVgap(4);
        actions.setPadding(new Insets(6));
        actions.addRow(0, fieldLabel("Claims"), claims, insertHypothesis);
        actions.addRow(1, fieldLabel("Model"), model, fromCaret);
        actions.addRow(2, fieldLabel("Categories"), categories, insertSevenM);
        actions.add(insertNemesis, 2, 3);
        GridPane.setHgrow(claims, Priority.ALWAYS);
        GridPane.setHgrow(model, Priority.ALWAYS);
        GridPane.setHgrow(categories, Priority.ALWAYS);
        for (Button b : List.of(insertHypothesis, insertNemesis, insertSevenM, fromCaret)) {
            b.setMaxWidth(Double.MAX_VALUE);
            // a narrow panel squeezes the fields, never the words on the buttons ("Insert hypot…")
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        for (TextField f : List.of(claims, model, categories)) {
            f.setMinWidth(60);
            f.setPrefColumnCount(8);
        }
        VBox bottom = new VBox(2, new Label("Insert at caret"), actions, status);
        bottom.setPadding(new Insets(0, 6, 6, 6));

        setTop(top);
        setCenter(split);
        setBottom(bottom);

        search.textProperty().addListener((o, a, b) -> refreshResults());
        kind.valueProperty().addListener((o, a, b) -> refreshResults());
        list.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> onSelect(e));
        insertHypothesis.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !(selected().get() instanceof Pitfall), selected()));
        insertNemesis.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !(selected().get() instanceof Nemesis), selected()));
        insertHypothesis.setOnAction(e -> insertHypothesis());
        insertNemesis.setOnAction(e -> insertNemesis());
        insertSevenM.setOnAction(e -> insertSevenM());
        fromCaret.setOnAction(e -> refreshContext());
    }

    private static Label fieldLabel(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE); // shown whole ("Clai…" helped nobody)
        return l;
    }

    private ReadOnlyObjectProperty<CatalogEntry> selected() {
        return list.getSelectionModel().selectedItemProperty();
    }

    /** Re-reads the scenario at the caret into the model and categories fields. */
    public void refreshContext() {
        PlanContext ctx = context();
        model.setText(ctx.modelAtCaret());
        categories.setText(String.join(", ", ctx.categoriesAtCaret()));
        status.setText(ctx.scenarioAtCaret().map(s -> "Scenario " + s.id() + " at the caret")
                .orElse("The caret is not inside a scenario"));
    }

    /** Shows the entry with this id (clearing the search so it is listed); false when there is none. */
    public boolean show(String id) {
        return catalog.entry(id).map(e -> {
            search.setText("");
            kind.getSelectionModel().select(ALL_KINDS);
            list.getSelectionModel().select(e);
            list.scrollTo(e);
            return true;
        }).orElse(false);
    }

    private void refreshResults() {
        String k = kind.getValue();
        Set<EntryKind> kinds = k == null || k.equals(ALL_KINDS) ? Set.of() : Set.of(EntryKind.fromWord(k));
        String q = search.getText() == null ? "" : search.getText().strip();
        List<CatalogEntry> found = q.isEmpty()
                ? catalog.entries().stream().filter(e -> kinds.isEmpty() || kinds.contains(e.kind())).toList()
                : catalog.search(List.of(q.split("\\s+")), kinds).stream().map(SearchHit::entry).toList();
        results.setAll(found);
        if (!found.isEmpty()) {
            list.getSelectionModel().select(0); // the best hit, so Enter-free typing shows it at once
            list.scrollTo(0);
        }
        status.setText(found.isEmpty() ? "Nothing in the catalog matches \"" + q + "\"" : "");
    }

    private void onSelect(CatalogEntry e) {
        detailText.setText(e == null ? "" : detail.render(e));
        detailText.positionCaret(0);
        if (e instanceof Pitfall p) {
            List<String> chosen = target.selectedClaimIds();
            claims.setText(String.join(", ", chosen.isEmpty() ? context().claimsThreatenedBy(p) : chosen));
        } else if (e instanceof PickerRow r && !r.models().get(0).equals("any")) {
            model.setText(r.models().get(0));
            categories.setText(r.category());
        }
    }

    private PlanContext context() {
        return new PlanContext(target.plan(), target.caretOffset());
    }

    private void insertHypothesis() {
        if (!(list.getSelectionModel().getSelectedItem() instanceof Pitfall p)) {
            return;
        }
        PlanContext ctx = context();
        List<String> ids = splitList(claims.getText());
        String id = ctx.nextHypothesisId();
        String snippet = catalog.snippets().hypothesisFrom(p, ids, id);
        target.insertAtCaret(SnippetPlacement.block(target.planText(), target.caretOffset(), snippet));
        status.setText("Inserted " + id + " from " + p.id() + (ids.isEmpty() ? " — fill in the claims (C?)" : ""));
    }

    private void insertNemesis() {
        if (!(list.getSelectionModel().getSelectedItem() instanceof Nemesis n)) {
            return;
        }
        target.insertAtCaret(SnippetPlacement.line(target.planText(), target.caretOffset(),
                catalog.nemesisLandingLine(n)));
        status.setText("Inserted the " + n.id() + " nemesis line with its landing evidence");
    }

    private void insertSevenM() {
        if (model.getText().isBlank() && categories.getText().isBlank()) {
            refreshContext();
        }
        List<String> cats = splitList(categories.getText());
        String snippet = catalog.sevenMSkeleton(model.getText(), cats);
        target.insertAtCaret(SnippetPlacement.block(target.planText(), target.caretOffset(), snippet));
        status.setText("Inserted a §7.M skeleton for " + (model.getText().isBlank() ? "<model>" : model.getText().strip()));
    }

    private static List<String> splitList(String text) {
        return Arrays.stream(text == null ? new String[0] : text.split("[,;\\s]+"))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** Two lines: id and kind, then the title. */
    private static final class EntryCell extends ListCell<CatalogEntry> {
        @Override
        protected void updateItem(CatalogEntry e, boolean empty) {
            super.updateItem(e, empty);
            getStyleClass().removeIf(c -> c.startsWith("catalog-kind-"));
            if (empty || e == null) {
                setText(null);
                setTooltip(null);
                return;
            }
            setText(e.id() + "  ·  " + e.kind().word() + "\n" + e.title());
            getStyleClass().add("catalog-kind-" + e.kind().word());
            setTooltip(e.summary().isBlank() ? null : new Tooltip(e.summary()));
        }
    }
}
