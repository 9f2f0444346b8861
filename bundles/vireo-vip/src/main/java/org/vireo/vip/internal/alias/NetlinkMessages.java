package org.vireo.vip.internal.alias;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The rtnetlink messages (RFC 3549; linux/rtnetlink.h, linux/if_addr.h) that add and delete one host address
 * on an interface, and the reading of the kernel's answer. Pure: the socket is {@link NetlinkVipManager}'s.
 */
final class NetlinkMessages {

    static final int RTM_NEWADDR = 20;
    static final int RTM_DELADDR = 21;
    static final int NLMSG_ERROR = 2;
    static final int HEADER = 16;

    private static final int NLM_F_REQUEST = 0x1;
    private static final int NLM_F_ACK = 0x4;
    private static final int NLM_F_EXCL = 0x200;
    private static final int NLM_F_CREATE = 0x400;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int IFA_ADDRESS = 1;
    private static final int IFA_LOCAL = 2;
    private static final int IFA_CACHEINFO = 6;
    private static final int IFA_F_NODAD = 0x02;
    private static final int INFINITY_LIFE_TIME = 0xFFFFFFFF;
    private static final int CACHEINFO_ATTRIBUTE = 4 + 16; // struct ifa_cacheinfo: four u32
    private static final int RT_SCOPE_UNIVERSE = 0;

    private NetlinkMessages() {
    }

    /**
     * RTM_NEWADDR (create, fail if it exists: the kernel's "exists" is the caller's "already there") or
     * RTM_DELADDR of {@code address} as a host address (/32, /128; IPv6 without duplicate detection, as a VIP
     * moves between nodes, and added deprecated: see {@link #deprecated}), with an ACK asked for.
     */
    static byte[] address(boolean add, InetAddress address, int interfaceIndex, int sequence) {
        boolean v6 = address instanceof Inet6Address;
        byte[] raw = address.getAddress();
        int attribute = 4 + raw.length; // already a multiple of 4
        boolean lifetimes = v6 && add;
        int length = HEADER + 8 + (v6 ? attribute : 2 * attribute) + (lifetimes ? CACHEINFO_ATTRIBUTE : 0);
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
        b.putInt(length);
        b.putShort((short) (add ? RTM_NEWADDR : RTM_DELADDR));
        b.putShort((short) (NLM_F_REQUEST | NLM_F_ACK | (add ? NLM_F_CREATE | NLM_F_EXCL : 0)));
        b.putInt(sequence);
        b.putInt(0); // port id: the kernel fills in ours
        b.put((byte) (v6 ? AF_INET6 : AF_INET));
        b.put((byte) (8 * raw.length)); // prefix length: a host address
        b.put((byte) (v6 ? IFA_F_NODAD : 0));
        b.put((byte) RT_SCOPE_UNIVERSE);
        b.putInt(interfaceIndex);
        if (!v6) {
            b.putShort((short) attribute).putShort((short) IFA_LOCAL).put(raw);
        }
        b.putShort((short) attribute).putShort((short) IFA_ADDRESS).put(raw);
        if (lifetimes) {
            deprecated(b);
        }
        return b.array();
    }

    /**
     * IFA_CACHEINFO with a preferred lifetime of 0 and an infinite valid one ({@code ip addr add ... preferred_lft
     * 0}): the VIP is deprecated, so the kernel never picks it as the source of this node's own connections (RFC
     * 6724 rule 3). Without it, a /128 VIP beats the node's /64 address on the longest-prefix rule, and the node's
     * connections to its own subnet (the balancer's to its scanners, health checks, the proxy's to origins) leave
     * from an address that moves away with mastership. Incoming connections to a deprecated address are served.
     */
    private static void deprecated(ByteBuffer b) {
        b.putShort((short) CACHEINFO_ATTRIBUTE).putShort((short) IFA_CACHEINFO);
        b.putInt(0); // ifa_prefered
        b.putInt(INFINITY_LIFE_TIME); // ifa_valid
        b.putInt(0).putInt(0); // cstamp, tstamp: the kernel's own
    }

    /**
     * Whether {@code buffer} (one or more netlink messages, as one read returns them) holds the kernel's RTM_NEWADDR
     * notice of {@code address} on interface {@code interfaceIndex}: for an IPv6 address it comes once the address is
     * in use, its local route installed (from the kernel's DAD work, after the request was answered, even with
     * nodad).
     */
    static boolean announcesAddress(byte[] buffer, int length, int interfaceIndex, InetAddress address) {
        ByteBuffer b = ByteBuffer.wrap(buffer, 0, length).order(ByteOrder.nativeOrder());
        byte[] raw = address.getAddress();
        for (int at = 0; at + HEADER + 8 <= length; ) {
            int messageLength = b.getInt(at);
            if (messageLength < HEADER || at + messageLength > length) {
                return false;
            }
            if ((b.getShort(at + 4) & 0xffff) == RTM_NEWADDR && b.getInt(at + HEADER + 4) == interfaceIndex
                && holds(b, at + HEADER + 8, at + messageLength, raw)) {
                return true;
            }
            at += align(messageLength);
        }
        return false;
    }

    /** Whether the attributes in [from, to) include IFA_ADDRESS {@code raw}. */
    private static boolean holds(ByteBuffer b, int from, int to, byte[] raw) {
        for (int at = from; at + 4 <= to; ) {
            int attributeLength = b.getShort(at) & 0xffff;
            if (attributeLength < 4 || at + attributeLength > to) {
                return false;
            }
            if ((b.getShort(at + 2) & 0xffff) == IFA_ADDRESS && attributeLength == 4 + raw.length
                && java.util.Arrays.equals(raw, 0, raw.length, b.array(), b.arrayOffset() + at + 4,
                    b.arrayOffset() + at + 4 + raw.length)) {
                return true;
            }
            at += align(attributeLength);
        }
        return false;
    }

    private static int align(int length) {
        return (length + 3) & ~3;
    }

    /**
     * The errno of the kernel's answer to message {@code sequence} (0: done), or -1 if {@code answer} is some
     * other message.
     */
    static int errorOf(byte[] answer, int length, int sequence) {
        if (length < HEADER + 4) {
            return -1;
        }
        ByteBuffer b = ByteBuffer.wrap(answer, 0, length).order(ByteOrder.nativeOrder());
        int type = b.getShort(4) & 0xffff;
        int seq = b.getInt(8);
        if (type != NLMSG_ERROR || seq != sequence) {
            return -1;
        }
        return -b.getInt(HEADER); // the kernel sends -errno, 0 for an acknowledgement
    }
}
