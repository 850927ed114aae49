package dev.falsify.runner.toxiproxy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** {@code host:port} as Toxiproxy's {@code listen} and {@code upstream} fields hold them, checked against the reach. */
final class Addresses {
    private Addresses() {
    }

    /**
     * Resolves {@code text} ({@code host:port}, {@code [v6]:port}, {@code :port} for every interface);
     * a non-loopback address is refused (403) unless {@code remoteAllowed}, naming the flag that allows it.
     */
    static InetSocketAddress resolve(String field, String text, boolean remoteAllowed, String flag) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) throw new ApiError(500, field + " " + text + ": missing port in address");
        String host = text.substring(0, colon).trim();
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            throw new ApiError(500, field + " " + text + ": invalid port");
        }
        if (port < 0 || port > 65535) throw new ApiError(500, field + " " + text + ": invalid port");
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        InetAddress addr;
        try {
            addr = host.isEmpty() ? InetAddress.getByName("0.0.0.0") : InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new ApiError(500, field + " " + text + ": no such host");
        }
        if (!addr.isLoopbackAddress() && !remoteAllowed) {
            throw new ApiError(403, field + " " + text + " is not a loopback address: falsify proxy serve uses loopback only"
                    + " unless started with " + flag);
        }
        return new InetSocketAddress(addr, port);
    }

    /** How Go prints a bound address: {@code 127.0.0.1:26379}, {@code [::1]:26379}. */
    static String format(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        if (host.contains(":")) host = "[" + host.replaceFirst("%.*$", "") + "]";
        return host + ":" + a.getPort();
    }
}
