package dev.falsify.runner.exec;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A shell command the runner starts and owns.
 *
 * @param name      process name (service name, {@code workload}, {@code setup-1}, …): names its log files
 * @param command   a {@code /bin/sh -c} command line
 * @param cwd       working directory
 * @param env       extra environment variables
 * @param logDir    directory that receives {@code <name>.out.log} and {@code <name>.err.log}
 * @param readyLine a pattern whose first matching output line means "ready", or null
 */
public record ProcessSpec(String name, String command, Path cwd, Map<String, String> env, Path logDir,
                          Pattern readyLine) {
    public ProcessSpec {
        env = Map.copyOf(env);
    }

    public static ProcessSpec of(String name, String command, Path cwd, Path logDir) {
        return new ProcessSpec(name, command, cwd, Map.of(), logDir, null);
    }

    public ProcessSpec withReadyLine(Pattern p) {
        return new ProcessSpec(name, command, cwd, env, logDir, p);
    }

    public ProcessSpec withEnv(Map<String, String> extra) {
        java.util.HashMap<String, String> m = new java.util.HashMap<>(env);
        m.putAll(extra);
        return new ProcessSpec(name, command, cwd, m, logDir, readyLine);
    }
}
