package dev.falsify.runner.cluster;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;

/** Counts UDP datagrams arriving on ADDR:PORT for MILLIS ms, printing "ready" first and the count last (one-way test). */
public final class UdpCountMain {
    private UdpCountMain() {
    }

    public static void main(String[] args) throws Exception {
        long until = System.currentTimeMillis() + Long.parseLong(args[2]);
        int n = 0;
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(args[0], Integer.parseInt(args[1])))) {
            System.out.println("ready");
            System.out.flush();
            byte[] buf = new byte[2048];
            while (System.currentTimeMillis() < until) {
                s.setSoTimeout((int) Math.max(1, until - System.currentTimeMillis()));
                try {
                    s.receive(new DatagramPacket(buf, buf.length));
                    n++;
                } catch (SocketTimeoutException e) {
                    break;
                }
            }
        }
        System.out.println("received " + n);
    }
}
