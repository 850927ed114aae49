package kv;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Final-state dump: asks every node for its copy and prints one JSON object
 * {@code {"n1": {...}, "n2": {...}, "n3": null}} (null for a node that did not answer). With
 * {@code --applied}, each node's entry lists every value it ever applied per key, in log order.
 * With {@code --caught-up}, a follower answers only once it holds everything the leader had when asked
 * (the final state "after it has caught up" that a no-lost-ack oracle needs); one that cannot within
 * its wait makes the dump fail (exit 1) rather than print a replica's past as its final state.
 * Usage: {@code Dump --nodes h:p,h:p,h:p [--applied] [--caught-up] [--names n2,n3]}
 */
public final class Dump {
    public static void main(String[] args) {
        Map<String, String> a = Args.parse(args);
        String[] nodes = Args.required(a, "nodes").split(",");
        String[] names = a.containsKey("names") ? a.get("names").split(",") : null;
        boolean caughtUp = a.containsKey("caught-up");
        String request = "DUMP" + (a.containsKey("applied") ? " APPLIED" : "") + (caughtUp ? " CAUGHT-UP" : "");
        StringBuilder sb = new StringBuilder("{");
        boolean behind = false;
        for (int i = 0; i < nodes.length; i++) {
            if (i > 0) sb.append(',');
            String name = names != null && i < names.length ? names[i] : "n" + (i + 1);
            String answer = dump(nodes[i], request, caughtUp ? KvNode.CATCH_UP_WAIT_MS + 5000 : 2000);
            if (answer.startsWith("ERR behind")) {
                System.err.println(name + " did not catch up with the leader: " + answer.substring(4));
                behind = true;
                answer = "null";
            }
            sb.append('"').append(name).append("\":").append(answer);
        }
        System.out.println(sb.append('}'));
        if (behind) System.exit(1);
    }

    private static String dump(String hostPort, String request, long readTimeoutMs) {
        String[] hp = hostPort.split(":");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 1000);
            s.setSoTimeout((int) readTimeoutMs);
            OutputStream out = s.getOutputStream();
            out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (line != null && line.startsWith("ERR behind")) return line;
            return line != null && line.startsWith("OK ") ? line.substring(3) : "null";
        } catch (Exception e) {
            return "null";
        }
    }
}
