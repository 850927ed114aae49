package dev.falsify.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** What the launcher says when the window cannot start, and the JavaFX warning it keeps quiet. */
class WorkbenchLauncherTest {
    @Test
    void aMissingGtkNamesThePackageToInstall() {
        // as JavaFX 21 reports it on a Linux without GTK 3, wrapped by Application.launch
        RuntimeException e = new RuntimeException("Application launch failed",
                new UnsupportedOperationException("Unable to load glass GTK library."));
        assertThat(WorkbenchLauncher.missingLibraryHint(e)).contains("GTK 3").contains("apt-get install libgtk-3-0");
        assertThat(WorkbenchLauncher.missingLibraryHint(new RuntimeException("something else"))).isNull();
    }

    @Test
    void theUnnamedModuleWarningIsNotPrintedButErrorsAre() {
        WorkbenchLauncher.quietJavaFxWarnings();
        Logger javafx = Logger.getLogger("javafx");
        assertThat(javafx.isLoggable(Level.WARNING)).isFalse();
        assertThat(javafx.isLoggable(Level.SEVERE)).isTrue();
    }
}
