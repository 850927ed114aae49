package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.app.cli.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench runner}: a process printing as fast as it can, owned by the runner in a JVM
 * capped at {@code -Xmx256m}; every line must reach logs/ and the event stream in order. Target:
 * ≥ 200,000 lines/s, no line lost, heap &lt; 256 MB.
 */
@Command(name = "runner", mixinStandardHelpOptions = true,
        description = "Benchmark the runner's log capture: lines/s into logs/ and the event stream, lines lost, heap.")
public final class BenchRunnerCommand implements Callable<Integer> {
    @Option(names = "--lines", description = "Lines the process prints (default: ${DEFAULT-VALUE}).")
    long lines = 2_000_000;

    @Option(names = "--heap-mb", description = "Heap cap of the measured JVM (default: ${DEFAULT-VALUE}).")
    int heapMb = 256;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-Xmx" + heapMb + "m", "-cp", System.getProperty("java.class.path"),
                "dev.falsify.runner.exec.RunnerBenchmark", Long.toString(lines))).redirectErrorStream(true).start();
        String result = null;
        StringBuilder other = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("RESULT ")) result = line;
                else other.append(line).append('\n');
            }
        }
        int code = p.waitFor();
        if (result == null) throw new UserError("the benchmark JVM failed (exit " + code + "): " + other.toString().strip(), ExitCode.INCONCLUSIVE);
        String[] f = result.split(" ");
        long printed = Long.parseLong(f[1]);
        long ms = Long.parseLong(f[2]);
        long rate = Long.parseLong(f[3]);
        long events = Long.parseLong(f[4]);
        long fileLines = Long.parseLong(f[5]);
        long bad = Long.parseLong(f[6]);
        long peak = Long.parseLong(f[7]);
        long max = Long.parseLong(f[8]);
        boolean ok = rate >= 200_000 && events == printed && fileLines == printed && bad == 0 && peak < 256;
        out.printf("runner log capture: %,d lines in %,d ms = %,d lines/s (target >= 200,000)%n", printed, ms, rate);
        out.printf("  event stream: %,d LogLine events, %,d out of order or missing; logs/: %,d lines%n", events, bad, fileLines);
        out.printf("  heap: peak %d MB used of a %d MB cap (target < 256 MB)%n", peak, max);
        out.println(ok ? "PASS" : "BELOW TARGET");
        out.flush();
        return (ok ? ExitCode.OK : ExitCode.FAILED).code();
    }
}
