package dev.falsify.app.cli;

import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.proxy.LoopbackFaultProxy;
import dev.falsify.runner.toxiproxy.ApiError;
import dev.falsify.runner.toxiproxy.EvidenceLog;
import dev.falsify.runner.toxiproxy.ServeSettings;
import dev.falsify.runner.toxiproxy.ToxiproxyServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code falsify proxy serve}: Toxiproxy's HTTP API on Falsify's fault engine, with landing evidence per
 * toxic. Runs until interrupted (Ctrl-C, SIGTERM); on the way out every proxy goes down and the evidence of
 * toxics still active is recorded.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve Toxiproxy's HTTP API (2.x) on Falsify's fault proxy: existing Toxiproxy clients work "
                + "unchanged, and every toxic has landing evidence at GET /proxies/{proxy}/toxics/{toxic}/evidence.",
                "Loopback only unless an --allow-remote-* flag says otherwise. Runs until interrupted.",
                "Exit codes: 0 stopped, 2 bad input (an address, a config file, a record folder)."})
public final class ProxyServeCommand implements Callable<Integer> {
    @Option(names = "--listen", paramLabel = "HOST:PORT",
            description = "Address of the HTTP API (default: ${DEFAULT-VALUE}; port 0 picks a free one).")
    String listen = "127.0.0.1:8474";

    @Option(names = "--record", paramLabel = "DIR",
            description = "Write one JSONL file per proxy to DIR: proxies and toxics as they change, each removed toxic's evidence.")
    Path record;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Create the proxies of a Toxiproxy config file (a JSON array, as POST /populate takes) at start.")
    Path config;

    @Option(names = "--disable-as", paramLabel = "down|partition",
            description = "What enabled:false does to a running proxy: down (Toxiproxy's: listener and connections "
                    + "closed) or partition (kept listening, every byte black-holed, with evidence). Default: ${DEFAULT-VALUE}.")
    String disableAs = "down";

    @Option(names = "--seed", description = "Seed for toxicity's choice of connections and latency jitter (default: random, printed).")
    Long seed;

    @Option(names = "--allow-remote-api", description = "Allow a non-loopback --listen address.")
    boolean remoteApi;

    @Option(names = "--allow-remote-listen", description = "Allow proxies to listen on non-loopback addresses.")
    boolean remoteListen;

    @Option(names = "--allow-remote-upstream", description = "Allow proxies to relay to non-loopback upstreams.")
    boolean remoteUpstream;

    @Spec
    CommandSpec spec;

    /** Counted down to stop the server (tests); a signal stops it through the shutdown hook. */
    final CountDownLatch stop = new CountDownLatch(1);

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        ServeSettings.DisableAs as = switch (disableAs.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "down" -> ServeSettings.DisableAs.DOWN;
            case "partition" -> ServeSettings.DisableAs.PARTITION;
            default -> throw new UserError("--disable-as must be down or partition, not '" + disableAs + "'");
        };
        long s = seed != null ? seed : new java.security.SecureRandom().nextLong();
        EvidenceLog log;
        try {
            log = record == null ? EvidenceLog.off() : EvidenceLog.into(record);
        } catch (IOException e) {
            throw new UserError("--record " + record + ": " + e.getMessage());
        }
        String configText = null;
        if (config != null) {
            try {
                configText = Files.readString(config);
            } catch (IOException e) {
                throw new UserError(config + ": cannot read: " + e.getMessage());
            }
        }
        ServeSettings settings = new ServeSettings(new LoopbackFaultProxy.Reach(remoteListen, remoteUpstream), as, s, log);
        ToxiproxyServer server;
        try {
            server = ToxiproxyServer.start(address(listen), remoteApi, settings);
        } catch (IllegalArgumentException e) {
            throw new UserError("--listen " + listen + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UserError("--listen " + listen + ": " + e.getMessage());
        }
        Thread hook = new Thread(() -> {
            stop.countDown();
            server.close();
        }, "proxy-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (configText != null) {
                try {
                    int n = server.populate(configText);
                    out.printf("%s: %d prox%s created%n", TerminalText.escape(config.toString()), n, n == 1 ? "y" : "ies");
                } catch (ApiError e) {
                    throw new UserError(config + ": " + e.getMessage());
                }
            }
            InetSocketAddress a = server.address();
            out.printf("falsify proxy serve: Toxiproxy API %s on http://%s:%d (%s; seed %d; enabled:false = %s)%n",
                    ToxiproxyServer.VERSION, a.getAddress().getHostAddress(), a.getPort(),
                    remoteListen || remoteUpstream ? "remote addresses allowed" : "loopback only", s, as.name().toLowerCase());
            if (record != null) out.printf("recording evidence in %s%n", TerminalText.escape(record.toString()));
            out.flush();
            try {
                stop.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ExitCode.OK.code();
        } finally {
            server.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook is running
            }
        }
    }

    private static InetSocketAddress address(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) throw new UserError("--listen " + text + ": expected HOST:PORT");
        String host = text.substring(0, colon).strip();
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        try {
            int port = Integer.parseInt(text.substring(colon + 1).strip());
            if (port < 0 || port > 65535) throw new NumberFormatException();
            return new InetSocketAddress(InetAddress.getByName(host.isEmpty() ? "0.0.0.0" : host), port);
        } catch (NumberFormatException e) {
            throw new UserError("--listen " + text + ": the port must be 0 to 65535");
        } catch (UnknownHostException e) {
            throw new UserError("--listen " + text + ": unknown host");
        }
    }
}
