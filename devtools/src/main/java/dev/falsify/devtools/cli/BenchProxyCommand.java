package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.devtools.bench.ProxyBenchmark;
import dev.falsify.devtools.bench.ToxiproxyApiBenchmark;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify bench proxy}: what the fault proxy costs with no fault active — added median round-trip
 * latency (target ≤ 0.1 ms) and one connection's throughput (target ≥ 1 GB/s) on loopback — and how long a
 * Toxiproxy client waits per call to {@code falsify proxy serve} (target ≤ 5 ms).
 */
@Command(name = "proxy", mixinStandardHelpOptions = true,
        description = "Benchmark the fault proxy with no fault active (added latency, one connection's throughput) "
                + "and the Toxiproxy API of falsify proxy serve (time per call), all on loopback.")
public final class BenchProxyCommand implements Callable<Integer> {
    @Option(names = "--samples", description = "Measured round trips per path (default: ${DEFAULT-VALUE}).")
    int samples = 5000;

    @Option(names = "--warmup", description = "Round trips before measuring (default: ${DEFAULT-VALUE}).")
    int warmup = 2000;

    @Option(names = "--bytes", description = "Request size in bytes (default: ${DEFAULT-VALUE}).")
    int bytes = 64;

    @Option(names = "--stream-bytes", description = "Bytes per throughput run (default: ${DEFAULT-VALUE}).")
    long streamBytes = 1_000_000_000L;

    @Option(names = "--repeats", description = "Throughput runs per path (default: ${DEFAULT-VALUE}).")
    int repeats = 5;

    @Option(names = "--api-calls", description = "Measured API calls of each kind (default: ${DEFAULT-VALUE}).")
    int apiCalls = 500;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        ProxyBenchmark.Result r = ProxyBenchmark.run(samples, warmup, bytes);
        out.printf("fault proxy, no fault, %d-byte round trips on 127.0.0.1, %d samples:%n", bytes, r.samples());
        out.printf("  direct   median %.1f us, p99 %.1f us%n", r.directMedianUs(), r.directP99Us());
        out.printf("  proxied  median %.1f us, p99 %.1f us%n", r.proxiedMedianUs(), r.proxiedP99Us());
        out.printf("  added median latency %.3f ms (target <= 0.1 ms)%n", r.addedMedianUs() / 1000.0);
        out.flush();
        ProxyBenchmark.Throughput t = ProxyBenchmark.throughput(streamBytes, repeats);
        out.printf("one connection, no fault, %d MB per run, median of %d runs:%n", t.bytesPerRun() / 1_000_000, t.repeats());
        out.printf("  direct   %.0f MB/s%n", t.directMedianMBps());
        out.printf("  proxied  %.0f MB/s (runs:", t.proxiedMedianMBps());
        for (double x : t.proxiedRunsMBps()) out.printf(" %.0f", x);
        out.printf(") (target >= 1000 MB/s)%n");
        out.flush();
        Map<String, ToxiproxyApiBenchmark.Call> api = ToxiproxyApiBenchmark.run(apiCalls, Math.max(50, apiCalls / 5));
        out.printf("Toxiproxy API of falsify proxy serve, %d calls of each kind (keep-alive HTTP/1.1):%n", apiCalls);
        double worst = 0;
        for (ToxiproxyApiBenchmark.Call c : api.values()) {
            out.printf("  %-32s median %.3f ms, p99 %.3f ms%n", c.name(), c.medianMs(), c.p99Ms());
            worst = Math.max(worst, c.medianMs());
        }
        out.printf("  slowest median %.3f ms (target <= 5 ms)%n", worst);
        boolean ok = r.addedMedianUs() <= 100.0 && t.proxiedMedianMBps() >= 1000.0 && worst <= 5.0;
        out.println(ok ? "PASS" : "BELOW TARGET");
        out.flush();
        return (ok ? ExitCode.OK : ExitCode.FAILED).code();
    }
}
