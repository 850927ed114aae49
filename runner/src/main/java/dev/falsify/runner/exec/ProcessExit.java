package dev.falsify.runner.exec;

import java.util.Map;

/**
 * How a process ended: its exit code, or the signal that ended it (decoded from the shell's
 * 128+N convention, which is what the runner's wrapper reports for a killed service).
 */
public record ProcessExit(int exitCode, String signal) {
    private static final Map<Integer, String> SIGNALS = Map.of(1, "HUP", 2, "INT", 3, "QUIT", 6, "ABRT", 9, "KILL",
            13, "PIPE", 14, "ALRM", 15, "TERM");

    public static ProcessExit fromStatus(int status) {
        if (status > 128 && status < 160) {
            int sig = status - 128;
            return new ProcessExit(status, SIGNALS.getOrDefault(sig, "SIG" + sig));
        }
        return new ProcessExit(status, null);
    }

    public boolean success() {
        return exitCode == 0 && signal == null;
    }

    public String describe() {
        return signal != null ? "killed by SIG" + signal + " (status " + exitCode + ")" : "exit " + exitCode;
    }
}
