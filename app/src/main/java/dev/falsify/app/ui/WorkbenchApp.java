package dev.falsify.app.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The JavaFX application. Started only through {@link WorkbenchLauncher} (a fat jar whose main
 * class extends Application fails to start). The first unnamed parameter, if any, is the path to
 * open: a plan, a session folder or a workspace folder.
 */
public final class WorkbenchApp extends Application {
    @Override
    public void start(Stage stage) {
        long t0 = WorkbenchLauncher.startNanos();
        Workbench wb = new Workbench(WorkbenchSettings.load());
        stage.setScene(wb.createScene(1400, 900));
        wb.attach(stage);
        wb.setBrowser(uri -> getHostServices().showDocument(uri.toString()));
        List<String> args = getParameters().getUnnamed();
        if (!args.isEmpty()) {
            wb.open(Path.of(args.get(0)));
        } else {
            wb.setWorkspace(Path.of("").toAbsolutePath());
        }
        stage.show();
        if (Boolean.getBoolean("falsify.gui.reportStartup") && t0 > 0) {
            System.err.printf("falsify: window interactive after %.0f ms%n", (System.nanoTime() - t0) / 1e6);
        }
    }
}
