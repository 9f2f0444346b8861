package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.vireo.vip.internal.NetNamespace;
import org.vireo.vrrp.VrrpTransport;

/**
 * A node's transport in a JVM of its own, started by a test inside a network namespace ({@code ip netns exec}), as
 * the node runs: the whole process in the namespace, so the JVM sees the namespace's IPv6 (or none). Opens one
 * channel per argument family on the interface and says after each what came of it and how many packet sockets
 * the process holds. Arguments: interface, families (e.g. {@code ipv4,ipv6,ipv6}).
 */
public final class OpenProbe {

    private OpenProbe() {
    }

    public static void main(String[] args) throws Exception {
        PcapTransport transport = new PcapTransport();
        int vrid = 50;
        for (String family : args[1].split(",")) {
            boolean ipv6 = family.equals("ipv6");
            try {
                VrrpTransport.Channel channel = transport.open(new VrrpTransport.ChannelSpec(args[0], ipv6, ++vrid,
                    List.of(), false, List.of()), new Recorder());
                System.out.println("opened " + family + " from " + channel.sourceAddress().getHostAddress());
            } catch (IOException | RuntimeException e) {
                System.out.println("failed " + family + ": " + e);
            }
            System.out.println("packet sockets " + packetSockets());
        }
        transport.deactivate();
        System.out.println("closed, packet sockets " + packetSockets());
    }

    private static int packetSockets() throws IOException {
        Set<String> ours = NetNamespace.socketInodesOfThisProcess();
        ours.retainAll(NetNamespace.packetSocketInodes(Path.of("/proc/self/net/packet")));
        return ours.size();
    }
}
