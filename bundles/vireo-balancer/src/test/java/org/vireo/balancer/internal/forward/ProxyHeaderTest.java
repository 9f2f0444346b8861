package org.vireo.balancer.internal.forward;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.codec.haproxy.HAProxyMessageEncoder;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;

/** The PROXY v2 header's message for each family, written by Netty's encoder and read back by its decoder. */
class ProxyHeaderTest {

    /** The message as a scanner reads it: encoded, then decoded. */
    private static HAProxyMessage roundTrip(InetSocketAddress client, InetSocketAddress vip) {
        EmbeddedChannel out = new EmbeddedChannel(HAProxyMessageEncoder.INSTANCE);
        out.writeOutbound(ProxyHeader.message(client, vip));
        ByteBuf bytes = out.readOutbound();
        EmbeddedChannel in = new EmbeddedChannel(new HAProxyMessageDecoder());
        in.writeInbound(bytes);
        HAProxyMessage read = in.readInbound();
        out.finishAndReleaseAll();
        in.finishAndReleaseAll();
        return read;
    }

    private static InetSocketAddress at(String literal, int port) throws Exception {
        return new InetSocketAddress(InetAddress.getByName(literal), port);
    }

    @Test
    void anIpv6ClientOfAnIpv6VipIsATcp6HeaderIn52Bytes() throws Exception {
        EmbeddedChannel out = new EmbeddedChannel(HAProxyMessageEncoder.INSTANCE);
        out.writeOutbound(ProxyHeader.message(at("fd77::100", 40_000), at("fd77::53", 9090)));
        ByteBuf bytes = out.readOutbound();
        assertThat(bytes.readableBytes()).isEqualTo(16 + 36);
        bytes.release();

        HAProxyMessage m = roundTrip(at("fd77::100", 40_000), at("fd77::53", 9090));

        assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.TCP6);
        assertThat(InetAddress.getByName(m.sourceAddress())).isEqualTo(InetAddress.getByName("fd77::100"));
        assertThat(m.sourcePort()).isEqualTo(40_000);
        assertThat(InetAddress.getByName(m.destinationAddress())).isEqualTo(InetAddress.getByName("fd77::53"));
        assertThat(m.destinationPort()).isEqualTo(9090);
        m.release();
    }

    @Test
    void anIpv4ClientOfAnIpv6ListenerIsWrittenIpv4MappedInATcp6Header() throws Exception {
        HAProxyMessage m = roundTrip(at("10.77.0.100", 40_000), at("fd77::53", 9090));

        assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.TCP6);
        assertThat(InetAddress.getByName(m.sourceAddress())).as("read back as the IPv4 address")
            .isEqualTo(InetAddress.getByName("10.77.0.100"));
        m.release();
    }

    @Test
    void aLinkLocalClientOfALinkLocalVipGoesWithoutItsScope() throws Exception {
        int lo = NetworkInterface.getByName("lo").getIndex();
        InetSocketAddress client = new InetSocketAddress(Inet6Address.getByAddress(null,
            InetAddress.getByName("fe80::100").getAddress(), lo), 40_000);
        InetSocketAddress vip = new InetSocketAddress(Inet6Address.getByAddress(null,
            InetAddress.getByName("fe80::53").getAddress(), lo), 9090);

        HAProxyMessage m = roundTrip(client, vip);

        assertThat(m.sourceAddress()).doesNotContain("%");
        assertThat(InetAddress.getByName(m.sourceAddress())).isEqualTo(InetAddress.getByName("fe80::100"));
        assertThat(InetAddress.getByName(m.destinationAddress())).isEqualTo(InetAddress.getByName("fe80::53"));
        m.release();
    }
}
