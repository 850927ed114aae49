package dev.falsify.app.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.falsify.app.ui.theme.ThemeSetting;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.scene.Parent;

/**
 * The window's side of the {@link ThemeSetting}: the AtlantaFX Primer stylesheet and the root's
 * {@code dark} style class (workbench.css keys on it) follow the setting, and a switch is
 * remembered in the {@link WorkbenchSettings} for the next start.
 */
final class WindowTheme {
    private WindowTheme() {
    }

    /** Applies the setting now and after every switch; {@code status} hears when it cannot be remembered. */
    static void follow(ThemeSetting theme, Parent root, WorkbenchSettings settings, Consumer<String> status) {
        theme.darkProperty().subscribe(dark -> {
            Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheetBSS()
                    : new PrimerLight().getUserAgentStylesheetBSS());
            root.getStyleClass().remove("dark");
            if (dark) {
                root.getStyleClass().add("dark");
            }
        });
        theme.onChange(() -> {
            WorkbenchSettings.Theme now = theme.isDark() ? WorkbenchSettings.Theme.DARK : WorkbenchSettings.Theme.LIGHT;
            try {
                if (now != settings.theme()) {
                    settings.setTheme(now);
                }
            } catch (RuntimeException e) {
                status.accept("Could not remember the theme: " + e.getMessage());
            }
        });
    }
}
