package org.vireo.balancer.internal.forward;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.haproxy.HAProxyCommand;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageEncoder;
import io.netty.handler.codec.haproxy.HAProxyProtocolVersion;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;

/**
 * The PROXY protocol v2 header (haproxy.org's proxy-protocol.txt) that tells the scanner who the client is: the
 * client's address and port as source, the address and port it connected to (the VIP's) as destination. Written by
 * Netty's encoder, which is in the scanner connection's pipeline only for that one write: the header is the first
 * thing on every scanner connection, before any byte of the client's, and costs nothing after.
 */
final class ProxyHeader {

    private static final String ENCODER = "proxy-header";

    private ProxyHeader() {
    }

    /** Writes the header for {@code client} to {@code scanner} (on the scanner's event loop, before the relay). */
    static void write(Channel scanner, SocketChannel client) {
        ChannelPipeline pipeline = scanner.pipeline();
        pipeline.addFirst(ENCODER, HAProxyMessageEncoder.INSTANCE);
        scanner.write(message(client.remoteAddress(), client.localAddress()), scanner.voidPromise());
        pipeline.remove(ENCODER);
    }

    /**
     * The header's message: TCP over IPv4 when both ends are IPv4, else over IPv6 (an IPv4 end as ::ffff:a.b.c.d,
     * as a dual-stack socket sees it).
     */
    static HAProxyMessage message(InetSocketAddress source, InetSocketAddress destination) {
        boolean v4 = source.getAddress() instanceof Inet4Address && destination.getAddress() instanceof Inet4Address;
        return new HAProxyMessage(HAProxyProtocolVersion.V2, HAProxyCommand.PROXY,
            v4 ? HAProxyProxiedProtocol.TCP4 : HAProxyProxiedProtocol.TCP6, literal(source.getAddress(), v4),
            literal(destination.getAddress(), v4), source.getPort(), destination.getPort());
    }

    /** The address as the header's family writes it, without a scope (an IPv6 zone means nothing to the scanner). */
    private static String literal(InetAddress address, boolean v4) {
        if (v4) {
            return address.getHostAddress();
        }
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) { // IPv4-mapped
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xff;
            mapped[11] = (byte) 0xff;
            System.arraycopy(bytes, 0, mapped, 12, 4);
            bytes = mapped;
        }
        try {
            return Inet6Address.getByAddress(null, bytes, -1).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }
}
