package dev.falsify.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * A menu shortcut that matches like the {@link KeyCodeCombination} it wraps but shows its key the
 * way people write it: JavaFX renders a punctuation key by its enum name ("Ctrl+Shift+OPEN_BRACKET",
 * "Ctrl+PERIOD"); this shows "Ctrl+Shift+[" and "Ctrl+.". The menu skin asks only
 * {@link #getDisplayText()}, so the label follows without touching the skin.
 */
final class Accelerator extends KeyCombination {
    private final KeyCodeCombination keys;

    private Accelerator(KeyCodeCombination keys) {
        super(modifiers(keys));
        this.keys = keys;
    }

    /** {@code spec} as for {@link KeyCombination#keyCombination}, e.g. "Shortcut+Shift+OPEN_BRACKET". */
    static KeyCombination of(String spec) {
        // KeyCombination.keyCombination knows keys only by their display names ("Open Bracket"); given
        // an enum name it silently builds a character combination for the word "OPEN_BRACKET", which
        // no key press ever matches — so the key is read here, by enum name first
        String[] parts = spec.split("\\+");
        String key = parts[parts.length - 1];
        KeyCode code;
        try {
            code = KeyCode.valueOf(key);
        } catch (IllegalArgumentException e) {
            code = KeyCode.getKeyCode(key.length() == 1 ? key.toUpperCase(Locale.ROOT) : key);
        }
        if (code == null) {
            throw new IllegalArgumentException("unknown key '" + key + "' in shortcut " + spec);
        }
        List<Modifier> mods = new ArrayList<>();
        for (int i = 0; i < parts.length - 1; i++) {
            mods.add(switch (parts[i].toLowerCase(Locale.ROOT)) {
                case "shortcut" -> SHORTCUT_DOWN;
                case "ctrl", "control" -> CONTROL_DOWN;
                case "shift" -> SHIFT_DOWN;
                case "alt" -> ALT_DOWN;
                case "meta" -> META_DOWN;
                default -> throw new IllegalArgumentException("unknown modifier '" + parts[i] + "' in shortcut " + spec);
            });
        }
        return new Accelerator(new KeyCodeCombination(code, mods.toArray(new Modifier[0])));
    }

    @Override
    public boolean match(KeyEvent event) {
        return keys.match(event);
    }

    @Override
    public String getDisplayText() {
        String full = keys.getDisplayText();
        String bare = new KeyCodeCombination(keys.getCode()).getDisplayText();
        String prefix = full.endsWith(bare) ? full.substring(0, full.length() - bare.length()) : full + "+";
        return prefix + keyText(keys.getCode(), bare);
    }

    /** The printed character for a punctuation key; letters, digits and named keys as JavaFX writes them. */
    static String keyText(KeyCode code, String fallback) {
        return switch (code) {
            case OPEN_BRACKET -> "[";
            case CLOSE_BRACKET -> "]";
            case PERIOD -> ".";
            case COMMA -> ",";
            case SLASH -> "/";
            case BACK_SLASH -> "\\";
            case SEMICOLON -> ";";
            case QUOTE -> "'";
            case BACK_QUOTE -> "`";
            case MINUS -> "-";
            case EQUALS -> "=";
            case PLUS -> "+";
            default -> fallback;
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Accelerator a && a.keys.equals(keys);
    }

    @Override
    public int hashCode() {
        return keys.hashCode();
    }

    private static Modifier[] modifiers(KeyCodeCombination k) {
        List<Modifier> out = new ArrayList<>();
        if (k.getShift() == ModifierValue.DOWN) {
            out.add(SHIFT_DOWN);
        }
        if (k.getControl() == ModifierValue.DOWN) {
            out.add(CONTROL_DOWN);
        }
        if (k.getAlt() == ModifierValue.DOWN) {
            out.add(ALT_DOWN);
        }
        if (k.getMeta() == ModifierValue.DOWN) {
            out.add(META_DOWN);
        }
        if (k.getShortcut() == ModifierValue.DOWN) {
            out.add(SHORTCUT_DOWN);
        }
        return out.toArray(new Modifier[0]);
    }
}
