package dev.falsify.app.ui.run;

import dev.falsify.model.plan.Scenario;
import dev.falsify.runner.run.PlanRunner;
import dev.falsify.runner.run.RunOptions;
import dev.falsify.runner.trust.PlanCommands;
import dev.falsify.runner.trust.PlanSnapshot;
import dev.falsify.runner.trust.TrustPrompt;
import dev.falsify.runner.trust.TrustStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;

/**
 * Run from the window, step by step as {@code falsify run} does it: save, read the plan once into a
 * {@link PlanSnapshot}, pick scenarios and seeds, ask for trust exactly as the command line does
 * (same fingerprint, same store, same prompt text), then run that snapshot in a {@link RunTab}.
 */
public final class RunLauncher {
    private final RunHost host;
    /** Answers the pick dialog (tests and screenshots skip the dialog with a fixed choice). */
    private Function<RunDialog, Optional<RunChoice>> pick = d -> d.showAndWait();
    private Function<TrustDialog, Boolean> trust = d -> d.showAndWait().orElse(false);

    public RunLauncher(RunHost host) {
        this.host = host;
    }

    /** Replaces how the dialogs are answered (tests drive them through these). */
    public void answerDialogs(Function<RunDialog, Optional<RunChoice>> pick,
                              Function<TrustDialog, Boolean> trust) {
        this.pick = pick;
        this.trust = trust;
    }

    /**
     * Runs scenarios of a plan, asking what to run (with {@code preselect} ticked, or all when empty).
     *
     * @return the run's tab, or empty when the user cancelled or the plan cannot run
     */
    public Optional<RunTab> launch(Path plan, List<String> preselect) {
        return launch(plan, preselect, false);
    }

    /**
     * As {@link #launch(Path, List)}; with {@code askSeed} the dialog opens on its seed field
     * ("Run with seeds…": the run block's seeds are shown, the user types the one to run).
     */
    public Optional<RunTab> launch(Path plan, List<String> preselect, boolean askSeed) {
        boolean unsaved = host.unsaved(plan);
        PlanSnapshot peek;
        List<Scenario> runnable;
        try {
            peek = PlanSnapshot.read(plan);
            runnable = PlanRunner.select(plan, peek.plan(), List.of());
        } catch (IOException | PlanRunner.PlanError e) {
            error("Cannot run " + plan.getFileName(), e.getMessage());
            return Optional.empty();
        }
        RunDialog dialog = new RunDialog(host.window(), plan.getFileName().toString(), runnable, preselect, unsaved);
        if (askSeed) dialog.askSeed();
        Optional<RunChoice> choice = pick.apply(dialog);
        if (choice.isEmpty()) return Optional.empty();
        if (unsaved && !host.save(plan)) return Optional.empty();
        // read once more after saving, and only once: what the trust dialog shows is what runs
        PlanSnapshot snapshot;
        try {
            snapshot = PlanSnapshot.read(plan);
            PlanRunner.select(plan, snapshot.plan(), choice.get().scenarios());
        } catch (IOException | PlanRunner.PlanError e) {
            error("Cannot run " + plan.getFileName(), e.getMessage());
            return Optional.empty();
        }
        if (!trusted(snapshot)) {
            host.status(plan.getFileName() + ": not trusted; nothing was run");
            return Optional.empty();
        }
        RunChoice c = choice.get();
        RunOptions options = new RunOptions(host.sessionsRoot(plan), c.scenarios(), c.seed(), Map.of(), c.reruns(), host.storeDb(),
                System.getProperty("user.name", ""), new PrintWriter(Writer.nullWriter()), new AtomicBoolean(), c.parallel());
        RunSession session = new RunSession(snapshot, options);
        RunTab tab = new RunTab(session, host);
        host.show(tab);
        session.start();
        host.status("Running " + String.join(", ", c.scenarios()) + " of " + plan.getFileName());
        return Optional.of(tab);
    }

    /** The command line's rule: trusted when the fingerprint is the one trusted; else ask, and record a yes. */
    private boolean trusted(PlanSnapshot snapshot) {
        TrustStore store = host.trustStore();
        List<String> commands = PlanCommands.of(snapshot);
        TrustStore.Decision d;
        try {
            d = store.check(snapshot, commands);
        } catch (IOException e) {
            error("Cannot read the trust store", e.getMessage());
            return false;
        }
        Optional<TrustPrompt> prompt = TrustPrompt.of(snapshot.file(), d, commands);
        if (prompt.isEmpty()) return true;
        if (!Boolean.TRUE.equals(trust.apply(new TrustDialog(host.window(), prompt.get(), store.file().toString())))) return false;
        try {
            store.trust(snapshot, commands);
            host.status("Trusted " + snapshot.file().getFileName() + " (recorded in " + store.file() + ")");
            return true;
        } catch (IOException e) {
            error("Cannot record trust in " + store.file(), e.getMessage());
            return false;
        }
    }

    private void error(String header, String text) {
        host.status(header + ": " + text);
        Alert a = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        a.setHeaderText(header);
        if (host.window() != null) a.initOwner(host.window());
        a.show();
    }
}
