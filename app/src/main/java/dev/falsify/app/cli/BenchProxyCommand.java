package dev.falsify.app.cli;

import dev.falsify.runner.proxy.ProxyBenchmark;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code falsify bench proxy}: latency the loopback fault proxy adds with no fault active. Target: ≤ 1 ms median. */
@Command(name = "proxy", mixinStandardHelpOptions = true,
        description = "Benchmark the fault proxy: added median round-trip latency on loopback with no fault active.")
public final class BenchProxyCommand implements Callable<Integer> {
    @Option(names = "--samples", description = "Measured round trips per path (default: ${DEFAULT-VALUE}).")
    int samples = 5000;

    @Option(names = "--warmup", description = "Round trips before measuring (default: ${DEFAULT-VALUE}).")
    int warmup = 2000;

    @Option(names = "--bytes", description = "Request size in bytes (default: ${DEFAULT-VALUE}).")
    int bytes = 64;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        ProxyBenchmark.Result r = ProxyBenchmark.run(samples, warmup, bytes);
        out.printf("fault proxy, no fault, %d-byte round trips on 127.0.0.1, %d samples:%n", bytes, r.samples());
        out.printf("  direct   median %.1f us, p99 %.1f us%n", r.directMedianUs(), r.directP99Us());
        out.printf("  proxied  median %.1f us, p99 %.1f us%n", r.proxiedMedianUs(), r.proxiedP99Us());
        out.printf("  added median latency %.3f ms (target <= 1 ms)%n", r.addedMedianUs() / 1000.0);
        boolean ok = r.addedMedianUs() <= 1000.0;
        out.println(ok ? "PASS" : "BELOW TARGET");
        out.flush();
        return ok ? 0 : 1;
    }
}
