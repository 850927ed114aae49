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
 * Usage: {@code Dump --nodes h:p,h:p,h:p [--applied] [--names n2,n3]}
 */
public final class Dump {
    public static void main(String[] args) {
        Map<String, String> a = Args.parse(args);
        String[] nodes = Args.required(a, "nodes").split(",");
        String[] names = a.containsKey("names") ? a.get("names").split(",") : null;
        String request = a.containsKey("applied") ? "DUMP APPLIED" : "DUMP";
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < nodes.length; i++) {
            if (i > 0) sb.append(',');
            String name = names != null && i < names.length ? names[i] : "n" + (i + 1);
            sb.append('"').append(name).append("\":").append(dump(nodes[i], request));
        }
        System.out.println(sb.append('}'));
    }

    private static String dump(String hostPort, String request) {
        String[] hp = hostPort.split(":");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 1000);
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
            return line != null && line.startsWith("OK ") ? line.substring(3) : "null";
        } catch (Exception e) {
            return "null";
        }
    }
}
