package dev.falsify.runner.exec;

import java.util.Locale;

/** Signals a process fault can send to a runner-owned service (to its whole process group). */
public enum Signal {
    KILL, TERM, STOP, CONT, INT, HUP;

    /** The signal a run block's process fault sends (STOP/CONT sends STOP, then CONT at heal). */
    public static Signal of(dev.falsify.model.plan.run.RunVocabulary.ProcessSignal s) {
        return switch (s) {
            case KILL -> KILL;
            case TERM -> TERM;
            case INT -> INT;
            case HUP -> HUP;
            case STOP_CONT -> STOP;
        };
    }

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
