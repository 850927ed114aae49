package dev.falsify.runner.exec;

import java.util.Locale;

/** Signals a process fault can send to a runner-owned service (to its whole process group). */
public enum Signal {
    KILL, TERM, STOP, CONT, INT, HUP;

    public static Signal parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        if (t.startsWith("SIG")) t = t.substring(3);
        try {
            return Signal.valueOf(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("signal must be one of KILL, TERM, STOP, CONT, INT, HUP, not '" + text + "'");
        }
    }
}
