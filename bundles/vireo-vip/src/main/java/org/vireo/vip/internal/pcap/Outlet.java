package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

import org.vireo.vip.internal.frame.MacAddress;

/** What the VIP announcer needs of an open instance channel: its addresses and a way to put frames on the wire. */
public interface Outlet {

    /** The MAC the instance's frames come from: the interface's, or the virtual router MAC. */
    MacAddress sourceMac();

    /** The instance's own address of its family on the interface (IPv6: link-local). */
    InetAddress sourceAddress();

    /** Sends one whole Ethernet frame on the channel's interface. */
    void sendFrame(byte[] frame, int length) throws IOException;

    /** The frames an advert carrying {@code vrrpMessage} goes out as, one per destination. */
    List<byte[]> frames(byte[] vrrpMessage);
}
