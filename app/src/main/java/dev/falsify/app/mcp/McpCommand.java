package dev.falsify.app.mcp;

import dev.falsify.model.text.TerminalText;
import dev.falsify.runner.store.StoreLocation;
import dev.falsify.runner.trust.TrustStore;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code falsify mcp [--workspace DIR]}: serves Falsify's tools to a coding agent over MCP on stdio until
 * the client closes stdin. Stdout carries only protocol messages: the process's {@code System.out} is
 * pointed at stderr before anything else runs, so no stray print can corrupt the stream.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = {"Serve Falsify's tools (lint, suggest, check, run — trusted plans only —, report, explain, sessions) to a "
                + "coding agent over the Model Context Protocol on stdin/stdout.",
                "Paths the agent names must be inside the workspace. Logs go to stderr. Exit 0 when the client disconnects, "
                        + "2 when the workspace is not a folder."})
public final class McpCommand implements Callable<Integer> {
    @Option(names = "--workspace", paramLabel = "DIR", description = "The folder the agent's paths are confined to (default: the working directory).")
    Path workspace = Path.of("");

    @Option(names = "--db", paramLabel = "FILE", description = "Session index (SQLite). Default: $FALSIFY_HOME/falsify.db, else the platform data folder.")
    Path db;

    @Option(names = "--max-run-time", paramLabel = "SECONDS", defaultValue = "3600",
            description = "Longest a run_plan call may take before it is cancelled (default ${DEFAULT-VALUE}).")
    long maxRunSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        // the protocol's stream, taken before anything can print to it; everything else goes to stderr
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, java.nio.charset.StandardCharsets.UTF_8));
        Workspace ws;
        try {
            ws = Workspace.at(workspace);
        } catch (IOException e) {
            System.err.println("falsify mcp: --workspace " + TerminalText.escape(workspace.toString()) + ": not a folder ("
                    + TerminalText.escape(String.valueOf(e.getMessage())) + ")");
            return 2;
        }
        if (maxRunSeconds < 1) {
            System.err.println("falsify mcp: --max-run-time must be 1 or more");
            return 2;
        }
        ServerSettings settings = new ServerSettings(db != null ? db : StoreLocation.defaultDb(), TrustStore.defaultStore(),
                Duration.ofSeconds(maxRunSeconds));
        CountDownLatch closed = new CountDownLatch(1);
        InputStream in = new EndSignal(new FileInputStream(FileDescriptor.in), closed);
        McpSyncServer server = FalsifyMcpServer.start(ws, settings, in, protocol, version(spec));
        System.err.println("falsify mcp: serving workspace " + TerminalText.escape(ws.root().toString()) + " on stdio");
        closed.await();
        server.closeGracefully();
        return 0;
    }

    /** {@code 0.1.0} from the root command's {@code falsify 0.1.0} (this package does not reach into app.cli). */
    static String version(CommandSpec spec) {
        String[] v = spec == null ? new String[0] : spec.root().version();
        String s = v.length == 0 ? "unknown" : v[0];
        return s.startsWith("falsify ") ? s.substring("falsify ".length()) : s;
    }

    /** Counts the latch down when the client closes stdin (end of stream or a read error). */
    private static final class EndSignal extends FilterInputStream {
        private final CountDownLatch closed;

        EndSignal(InputStream in, CountDownLatch closed) {
            super(in);
            this.closed = closed;
        }

        @Override
        public int read() throws IOException {
            return ended(guard(super::read));
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return ended(guard(() -> super.read(b, off, len)));
        }

        private int ended(int n) {
            if (n < 0) closed.countDown();
            return n;
        }

        private interface Read {
            int get() throws IOException;
        }

        private int guard(Read r) throws IOException {
            try {
                return r.get();
            } catch (IOException e) {
                closed.countDown();
                throw e;
            }
        }
    }
}
