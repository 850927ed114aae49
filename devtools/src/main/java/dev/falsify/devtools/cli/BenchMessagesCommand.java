package dev.falsify.devtools.cli;

import dev.falsify.app.cli.ExitCode;
import dev.falsify.devtools.bench.MessageBenchmark;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code falsify bench messages}: the message-aware proxy with five filters and a monitor. Targets: ≥ 50,000 messages/s, ≤ 1 ms added median latency. */
@Command(name = "messages", mixinStandardHelpOptions = true,
        description = "Benchmark the message-aware proxy (five filters and a monitor active): messages/s on loopback and added median round-trip latency.")
public final class BenchMessagesCommand implements Callable<Integer> {
    @Option(names = "--messages", description = "Messages streamed for the throughput figure (default: ${DEFAULT-VALUE}).")
    long messages = 500_000;

    @Option(names = "--samples", description = "Measured round trips per path (default: ${DEFAULT-VALUE}).")
    int samples = 5000;

    @Option(names = "--warmup", description = "Round trips before measuring (default: ${DEFAULT-VALUE}).")
    int warmup = 2000;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        MessageBenchmark.Result r = MessageBenchmark.run(messages, samples, warmup);
        out.printf("message-aware proxy, newline JSON, 5 filters + monitor, 127.0.0.1:%n");
        out.printf("  throughput  %,d messages in %.2f s = %,.0f messages/s after a 100,000-message warm-up (%,d events recorded; target >= 50,000/s)%n",
                r.messages(), r.seconds(), r.messagesPerSecond(), r.events());
        out.printf("  engine alone (no sockets, one thread) %,.0f messages/s%n", r.engineMessagesPerSecond());
        out.printf("  round trips direct median %.1f us, through the proxy median %.1f us (p99 %.1f us), %d samples%n",
                r.directMedianUs(), r.proxiedMedianUs(), r.proxiedP99Us(), r.samples());
        out.printf("  added median latency %.3f ms (target <= 1 ms)%n", r.addedMedianUs() / 1000.0);
        boolean ok = r.messagesPerSecond() >= 50_000 && r.addedMedianUs() <= 1000.0;
        out.println(ok ? "PASS" : "BELOW TARGET");
        out.flush();
        return (ok ? ExitCode.OK : ExitCode.FAILED).code();
    }
}
