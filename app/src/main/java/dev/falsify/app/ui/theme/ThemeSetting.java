package dev.falsify.app.ui.theme;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.util.Subscription;

/**
 * The window's theme, light or dark, as one observable setting. The frame applies it to the scene
 * and remembers it; views that paint their own colours (the matrix canvas, rendered Markdown) read
 * {@link #isDark()} when they paint and {@linkplain #onChange listen} for a switch — nobody pushes
 * a theme change to them by hand.
 */
public final class ThemeSetting {
    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark", false);

    public ThemeSetting() {
    }

    public ThemeSetting(boolean dark) {
        this.dark.set(dark);
    }

    public boolean isDark() {
        return dark.get();
    }

    public void setDark(boolean value) {
        dark.set(value);
    }

    /** The setting itself (a View ▸ Dark Theme check item binds to it). */
    public BooleanProperty darkProperty() {
        return dark;
    }

    /**
     * Runs {@code repaint} after each switch (not now). A view that can be closed before the window
     * keeps the subscription and ends it when closed, so the window does not keep it alive.
     */
    public Subscription onChange(Runnable repaint) {
        return dark.subscribe((was, now) -> repaint.run());
    }
}
