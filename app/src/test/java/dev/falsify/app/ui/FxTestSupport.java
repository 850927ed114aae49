package dev.falsify.app.ui;

import java.util.concurrent.Callable;

/** Runs work on the FX thread from a test and returns its result. */
final class FxTestSupport {
    private FxTestSupport() {
    }

    static <T> T fx(Callable<T> work) {
        return OnFx.call(work);
    }

    private static final java.util.Map<Workbench, java.nio.file.Path> SETTINGS =
            java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    /**
     * A workbench with fresh settings, shown in the test's stage at a laptop-sized 1240 × 760. Call
     * {@link #closeWorkbench} after the test: its settings folder is temporary.
     */
    static Workbench showWorkbench(javafx.stage.Stage stage) throws java.io.IOException {
        java.nio.file.Path settings = java.nio.file.Files.createTempDirectory("wb-settings");
        Workbench wb = new Workbench(WorkbenchSettings.load(settings.resolve("w.properties")));
        SETTINGS.put(wb, settings);
        stage.setScene(wb.createScene(1240, 760));
        wb.attach(stage);
        stage.show();
        return wb;
    }

    /**
     * Disposes the workbench's plan tabs (their autosave timers would otherwise write into the test's
     * deleted @TempDir 5 s later and re-create it under the system temp folder) and deletes its
     * settings folder. For an @AfterEach, which runs before JUnit deletes the @TempDir.
     */
    static void closeWorkbench(Workbench wb) throws java.io.IOException {
        if (wb == null) return;
        fxRun(() -> {
            for (javafx.scene.control.Tab t : java.util.List.copyOf(wb.tabs().getTabs())) {
                if (t instanceof PlanTab pt) {
                    wb.tabs().getTabs().remove(pt);
                    pt.dispose();
                }
            }
        });
        java.nio.file.Path settings = SETTINGS.remove(wb);
        if (settings != null && java.nio.file.Files.exists(settings)) {
            try (var walk = java.nio.file.Files.walk(settings)) {
                for (java.nio.file.Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    java.nio.file.Files.deleteIfExists(p);
                }
            }
        }
    }

    static void fxRun(Runnable work) {
        fx(() -> {
            work.run();
            return null;
        });
    }
}
