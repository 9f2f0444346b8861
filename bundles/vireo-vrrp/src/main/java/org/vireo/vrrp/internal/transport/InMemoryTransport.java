package org.vireo.vrrp.internal.transport;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.vireo.vrrp.VrrpTransport;

/**
 * One LAN in memory: every channel of the same family hears what the others send, whatever interface it
 * was opened on (so instances of one VRID on "mem0" and "mem1" act as two nodes), at once, on the sender's
 * thread, with TTL 255. Each channel gets its own source address (192.0.2.N or fe80::N, in opening order).
 * For tests and demos of several instances in one runtime; it only starts when configuration {@value #PID}
 * exists, and an instance uses it when its configuration says {@code transport.target=(vrrp.transport=memory)}.
 */
@Component(service = VrrpTransport.class, configurationPid = InMemoryTransport.PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, property = VrrpTransport.KIND_PROPERTY + "=memory")
public class InMemoryTransport implements VrrpTransport {

    public static final String PID = "org.vireo.vrrp.transport.memory";

    private static final InetAddress GROUP_V4 = literal(new byte[] {(byte) 224, 0, 0, 18});
    private static final InetAddress GROUP_V6 = literal(new byte[] {(byte) 0xff, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0x12});

    private final List<MemoryChannel> channels = new CopyOnWriteArrayList<>();
    private int opened;

    @Override
    public synchronized Channel open(ChannelSpec spec, Receiver receiver) {
        boolean ipv6 = spec.ipv6();
        opened++;
        byte[] source = ipv6
            ? new byte[] {(byte) 0xfe, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) (opened >> 8), (byte) opened}
            : new byte[] {(byte) 192, 0, 2, (byte) opened};
        InetAddress destination = spec.unicastPeers().isEmpty() ? (ipv6 ? GROUP_V6 : GROUP_V4)
            : spec.unicastPeers().get(0);
        MemoryChannel channel = new MemoryChannel(ipv6, literal(source), destination, receiver);
        channels.add(channel);
        return channel;
    }

    private static InetAddress literal(byte[] address) {
        try {
            return InetAddress.getByAddress(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e); // only for a wrong length
        }
    }

    private final class MemoryChannel implements Channel {
        private final boolean ipv6;
        private final InetAddress source;
        private final InetAddress destination;
        private final Receiver receiver;

        MemoryChannel(boolean ipv6, InetAddress source, InetAddress destination, Receiver receiver) {
            this.ipv6 = ipv6;
            this.source = source;
            this.destination = destination;
            this.receiver = receiver;
        }

        @Override
        public InetAddress sourceAddress() {
            return source;
        }

        @Override
        public InetAddress destination() {
            return destination;
        }

        @Override
        public void send(byte[] message, int offset, int length) {
            for (MemoryChannel other : channels) {
                if (other != this && other.ipv6 == ipv6) {
                    byte[] copy = java.util.Arrays.copyOfRange(message, offset, offset + length);
                    other.receiver.received(copy, 0, copy.length, source, destination, 255);
                }
            }
        }

        @Override
        public void close() {
            channels.remove(this);
        }
    }
}
