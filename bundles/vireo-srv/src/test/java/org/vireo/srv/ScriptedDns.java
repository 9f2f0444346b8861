package org.vireo.srv;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.function.Function;

import org.xbill.DNS.Message;

/**
 * A DNS server on a UDP socket of 127.0.0.1 (a free port) that answers every query with what {@code answer} makes of
 * it: for the answers dnsmasq cannot be made to give (SERVFAIL for a zone it serves, an address record for a name
 * that reads like an IP address). Real datagrams, parsed and written by dnsjava.
 */
final class ScriptedDns implements AutoCloseable {

    private final DatagramSocket socket;
    private final Thread thread;

    ScriptedDns(Function<Message, Message> answer) throws SocketException {
        socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        thread = new Thread(() -> serve(answer), "scripted-dns");
        thread.setDaemon(true);
        thread.start();
    }

    private void serve(Function<Message, Message> answer) {
        byte[] buffer = new byte[65_535];
        while (!socket.isClosed()) {
            try {
                DatagramPacket in = new DatagramPacket(buffer, buffer.length);
                socket.receive(in);
                byte[] out = answer.apply(new Message(java.util.Arrays.copyOf(in.getData(), in.getLength()))).toWire();
                socket.send(new DatagramPacket(out, out.length, in.getSocketAddress()));
            } catch (IOException e) {
                // closed, or a datagram that is not a query: the next one
            }
        }
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    @Override
    public void close() throws InterruptedException {
        socket.close();
        thread.join(5000);
    }
}
