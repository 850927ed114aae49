package dev.falsify.app.ui.work;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;

/**
 * A strip that runs one piece of long work at a time off the FX thread — reading a session, recomputing
 * verdicts, writing an override and re-indexing, exporting, checking a history — with an indeterminate
 * progress bar and a Cancel button. A cancelled task's result is dropped; the callbacks run on the FX
 * thread. The thread comes from {@link BackgroundThreads}.
 */
public final class BackgroundWork extends HBox {
    private final Label what = new Label();
    private final ProgressBar bar = new ProgressBar();
    private final Button cancel = new Button("Cancel");
    private Task<?> running;
    private Runnable onCancel = () -> { };

    public BackgroundWork() {
        super(8);
        getStyleClass().add("background-work");
        setId("background-work");
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 8, 3, 8));
        bar.setPrefWidth(160);
        getChildren().addAll(bar, what, cancel);
        cancel.setOnAction(e -> {
            if (running != null) {
                onCancel.run();
                running.cancel();
            }
        });
        setVisible(false);
        setManaged(false);
    }

    public boolean busy() {
        return running != null && running.isRunning();
    }

    public <T> void run(String description, Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        run(description, work, done, failed, () -> { });
    }

    /**
     * As {@link #run(String, Callable, Consumer, Consumer)}, with {@code onCancel} run on Cancel
     * first: work that polls its own flag rather than the thread's interrupt (a checker's budget).
     */
    public <T> void run(String description, Callable<T> work, Consumer<T> done, Consumer<Throwable> failed,
                        Runnable onCancel) {
        if (busy()) {
            this.onCancel.run();
            running.cancel();
        }
        Task<T> task = new Task<>() {
            @Override
            protected T call() throws Exception {
                return work.call();
            }
        };
        what.setText(description + "\u2026");
        bar.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
        setVisible(true);
        setManaged(true);
        task.setOnSucceeded(e -> {
            finish(task);
            done.accept(task.getValue());
        });
        task.setOnFailed(e -> {
            finish(task);
            failed.accept(task.getException());
        });
        task.setOnCancelled(e -> {
            finish(task);
            failed.accept(new CancellationException(description + ": cancelled"));
        });
        running = task;
        this.onCancel = onCancel;
        BackgroundThreads.start("falsify-review", task);
    }

    private void finish(Task<?> task) {
        if (running == task) {
            running = null;
            setVisible(false);
            setManaged(false);
        }
    }
}
