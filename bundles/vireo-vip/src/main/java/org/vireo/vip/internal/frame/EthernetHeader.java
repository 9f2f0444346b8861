package org.vireo.vip.internal.frame;

/**
 * Ethernet II header, optionally with one 802.1Q tag.
 *
 * @param payloadOffset absolute index of the first byte after the header
 * @param vlanId        VLAN id of the 802.1Q tag, or -1 if untagged
 */
record EthernetHeader(MacAddress destination, MacAddress source, int vlanId, int etherType, int payloadOffset) {

    static final int LENGTH = 14;
    static final int TYPE_IPV4 = 0x0800;
    static final int TYPE_ARP = 0x0806;
    static final int TYPE_IPV6 = 0x86dd;
    private static final int TYPE_VLAN = 0x8100;
    private static final int TAG_LENGTH = 4;

    /** Writes an untagged header; the kernel adds a tag itself when sending on a VLAN interface. */
    static int write(MacAddress dst, MacAddress src, int etherType, byte[] out, int off) {
        dst.writeTo(out, off);
        src.writeTo(out, off + 6);
        Bytes.put16(out, off + 12, etherType);
        return LENGTH;
    }

    /** Reads the header of frame[off, off+len), or returns null if it is truncated. */
    static EthernetHeader read(byte[] frame, int off, int len) {
        if (!Bytes.isSlice(frame, off, len) || len < LENGTH) {
            return null;
        }
        int type = Bytes.u16(frame, off + 12);
        int vlan = -1;
        int payload = off + LENGTH;
        if (type == TYPE_VLAN) {
            if (len < LENGTH + TAG_LENGTH) {
                return null;
            }
            vlan = Bytes.u16(frame, off + 14) & 0x0fff;
            type = Bytes.u16(frame, off + 16);
            payload += TAG_LENGTH;
        }
        return new EthernetHeader(MacAddress.of(frame, off), MacAddress.of(frame, off + 6), vlan, type, payload);
    }
}
