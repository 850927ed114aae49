package dev.falsify.runner.cluster;

import java.util.Map;

/**
 * How a command reaches one node of a run's cluster. Closed on purpose: each transport is a way Falsify
 * owns a machine's processes and network, and adding one (ssh, say) means adding its cleanup too.
 */
public sealed interface NodeTransport permits NodeTransport.Local, NodeTransport.Netns {

    /** The node's name in the run block. */
    String node();

    /** The address other nodes and the workload reach it at. */
    String address();

    /**
     * The command line that runs {@code command} (a {@code /bin/sh -c} text) on this node, and the
     * environment it needs besides the seed's. The command is passed through the environment, never
     * spliced into another command, so its quoting is exactly what the user's shell gets.
     */
    Launch launch(String command);

    /** A command line and the extra environment variables it reads. */
    record Launch(String command, Map<String, String> env) {
        public Launch {
            env = Map.copyOf(env);
        }
    }

    /** Variable that carries the node's own command into its namespace. */
    String COMMAND_VAR = "FALSIFY_NODE_CMD";
    /** Variable that carries the namespace's name. */
    String NETNS_VAR = "FALSIFY_NODE_NETNS";

    /** Processes on this host, sharing its network: today's behaviour, reached at 127.0.0.1. */
    record Local(String node) implements NodeTransport {
        @Override
        public String address() {
            return "127.0.0.1";
        }

        @Override
        public Launch launch(String command) {
            return new Launch(command, Map.of());
        }
    }

    /**
     * A network namespace the run created, with its own address on the run's private bridge.
     *
     * @param netns the namespace's name ({@link ClusterNames}: carries the run's id)
     */
    record Netns(String node, String address, String netns) implements NodeTransport {
        @Override
        public Launch launch(String command) {
            // exec: `ip netns exec` enters the namespace and execs the shell, so the pid the runner signals is the
            // user's shell, in the process group setsid made
            return new Launch("exec ip netns exec \"$" + NETNS_VAR + "\" /bin/sh -c \"$" + COMMAND_VAR + "\"",
                    Map.of(NETNS_VAR, netns, COMMAND_VAR, command));
        }
    }
}
