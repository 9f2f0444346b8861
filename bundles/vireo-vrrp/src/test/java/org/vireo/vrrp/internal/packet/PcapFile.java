package org.vireo.vrrp.internal.packet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Minimal reader of classic libpcap files: 24-byte global header, then 16-byte record header + data. */
final class PcapFile {

    static final int LINKTYPE_ETHERNET = 1;
    private static final int MAGIC_MICROSECONDS = 0xa1b2c3d4;
    private static final int MAGIC_NANOSECONDS = 0xa1b23c4d;

    /** One captured frame; {@code number} counts from 1 like Wireshark. */
    record Frame(int number, byte[] data) {
    }

    private PcapFile() {
    }

    static List<Frame> ethernetFrames(byte[] file) {
        ByteBuffer in = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int magic = in.getInt(0);
        if (magic != MAGIC_MICROSECONDS && magic != MAGIC_NANOSECONDS) {
            // The writer's byte order is the one that reads the magic correctly.
            in.order(ByteOrder.BIG_ENDIAN);
            magic = in.getInt(0);
        }
        if (magic != MAGIC_MICROSECONDS && magic != MAGIC_NANOSECONDS) {
            throw new IllegalArgumentException("not a pcap file, magic " + Integer.toHexString(magic));
        }
        int linkType = in.getInt(20);
        if (linkType != LINKTYPE_ETHERNET) {
            throw new IllegalArgumentException("expected Ethernet link type, got " + linkType);
        }
        List<Frame> frames = new ArrayList<>();
        int at = 24;
        while (at + 16 <= file.length) {
            int capturedLength = in.getInt(at + 8);
            int start = at + 16;
            frames.add(new Frame(frames.size() + 1, Arrays.copyOfRange(file, start, start + capturedLength)));
            at = start + capturedLength;
        }
        return frames;
    }
}
