package dev.falsify.devtools.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Java runtime a launcher starts Falsify on, as {@code falsify bench cli} reports it: asked of
 * the launcher itself (a {@code --version} run with {@code -XshowSettings:properties} and the CDS log
 * on, through {@code FALSIFY_JAVA_OPTS}, which both launchers pass to the JVM last), so the figures
 * say which JDK and which class-data-sharing archive were measured rather than what the benchmark's
 * own JVM happens to be.
 *
 * @param home    {@code java.home} of the started JVM
 * @param version {@code java.runtime.version}
 * @param archive the class-data-sharing archive it mapped: a path, {@code "the JDK's default"}, or
 *                {@code "none"}
 */
record LauncherRuntime(String home, String version, String archive) {
    static final String OPTIONS = "-XshowSettings:properties -Xlog:cds=info:stderr";

    /** Runs {@code launcher --version} with the probing options and reads what the JVM printed. */
    static LauncherRuntime probe(Path launcher) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        String user = System.getenv("FALSIFY_JAVA_OPTS");
        pb.environment().put("FALSIFY_JAVA_OPTS", (user == null || user.isBlank() ? "" : user + " ") + OPTIONS);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES)) p.destroyForcibly();
        return parse(err.lines().toList());
    }

    /** What the probing options printed on stderr; anything missing is {@code "unknown"}. */
    static LauncherRuntime parse(List<String> stderr) {
        String home = "unknown";
        String version = "unknown";
        String vmInfo = "";
        String opened = null;
        for (String raw : stderr) {
            String line = raw.trim();
            if (line.startsWith("java.home = ")) home = line.substring("java.home = ".length());
            else if (line.startsWith("java.runtime.version = ")) version = line.substring("java.runtime.version = ".length());
            else if (line.startsWith("java.vm.info = ")) vmInfo = line;
            else if (line.contains("[cds] Opened archive ")) {
                // JDK 17 logs the base archive first, then a dynamic one; the last archive named is Falsify's
                String name = line.substring(line.indexOf("[cds] Opened archive ") + "[cds] Opened archive ".length());
                opened = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
            }
        }
        String archive;
        if (!vmInfo.contains("sharing")) archive = "none";
        else if (opened == null || opened.startsWith(home)) archive = "the JDK's default";
        else archive = opened;
        return new LauncherRuntime(home, version, archive);
    }

    /** {@code java 17.0.15 at /usr/lib/jvm/…, class-data-sharing archive /…/falsify-cli.jsa} */
    String describe() {
        return "java " + version + " at " + home + ", class-data-sharing archive " + archive;
    }
}
