package org.vireo.vrrp.internal.packet;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A VRRP message cut out of a captured Ethernet/IPv4 frame, with the IP facts a transport would supply. */
record CapturedVrrp(int frameNumber, int ttl, InetAddress source, InetAddress destination, byte[] message) {

    private static final int ETHERNET_HEADER = 14;
    private static final int ETHERTYPE_IPV4 = 0x0800;

    static List<CapturedVrrp> from(List<PcapFile.Frame> frames) {
        List<CapturedVrrp> found = new ArrayList<>();
        for (PcapFile.Frame frame : frames) {
            byte[] f = frame.data();
            if (f.length < ETHERNET_HEADER + 20 || u16(f, 12) != ETHERTYPE_IPV4) {
                continue;
            }
            int ip = ETHERNET_HEADER;
            int headerLength = (f[ip] & 0x0F) * 4;
            int totalLength = u16(f, ip + 2);
            int protocol = f[ip + 9] & 0xFF;
            if (protocol != VrrpCodec.IP_PROTOCOL) {
                continue;
            }
            // Total Length, not the frame length: Ethernet may pad short frames.
            byte[] message = Arrays.copyOfRange(f, ip + headerLength, ip + totalLength);
            found.add(new CapturedVrrp(frame.number(), f[ip + 8] & 0xFF, address(f, ip + 12), address(f, ip + 16),
                    message));
        }
        return found;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static InetAddress address(byte[] b, int at) {
        try {
            return InetAddress.getByAddress(Arrays.copyOfRange(b, at, at + 4));
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
