package dev.falsify.app.ui;

import dev.falsify.app.ui.session.ReviewHost;
import java.nio.file.Path;
import javafx.stage.Window;

/** What the Session and Compare views ask of the window around them. */
final class WorkbenchReviewHost implements ReviewHost {
    private final Workbench wb;

    WorkbenchReviewHost(Workbench wb) {
        this.wb = wb;
    }

    @Override
    public void open(Path path) {
        wb.open(path);
    }

    @Override
    public void compare(Path before, Path after) {
        wb.compare(before, after);
    }

    @Override
    public void status(String message) {
        wb.status(message);
    }

    @Override
    public Window window() {
        return wb.stage();
    }

    @Override
    public Path storeDb() {
        return wb.storeDb();
    }

    @Override
    public void rewritten(Path file) {
        wb.reloadEvidence(file);
    }

    @Override
    public boolean isDark() {
        return wb.isDark();
    }
}
