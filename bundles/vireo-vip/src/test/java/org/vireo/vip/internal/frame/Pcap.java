package org.vireo.vip.internal.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Minimal classic-pcap reader (microsecond timestamps, either byte order) for test fixtures and captures. */
public final class Pcap {

    static final int LINKTYPE_ETHERNET = 1;

    /** One captured frame; number is 1-based like Wireshark's. */
    public record Packet(int number, long seconds, int micros, int originalLength, byte[] data) {
    }

    private Pcap() {
    }

    public static List<Packet> read(byte[] file) {
        ByteBuffer buf = ByteBuffer.wrap(file);
        // The magic is 0xa1b2c3d4 in the writer's byte order; d4 c3 b2 a1 on disk means little-endian.
        int magic = buf.order(ByteOrder.BIG_ENDIAN).getInt(0);
        if (magic == 0xd4c3b2a1) {
            buf.order(ByteOrder.LITTLE_ENDIAN);
        } else if (magic != 0xa1b2c3d4) {
            throw new IllegalArgumentException("not a microsecond pcap file: " + Integer.toHexString(magic));
        }
        int linkType = buf.getInt(20);
        if (linkType != LINKTYPE_ETHERNET) {
            throw new IllegalArgumentException("expected Ethernet link type, got " + linkType);
        }
        List<Packet> packets = new ArrayList<>();
        int pos = 24;
        while (pos < file.length) {
            if (file.length - pos < 16) {
                throw new IllegalArgumentException("truncated record header at " + pos);
            }
            long seconds = buf.getInt(pos) & 0xffffffffL;
            int micros = buf.getInt(pos + 4);
            int captured = buf.getInt(pos + 8);
            int original = buf.getInt(pos + 12);
            pos += 16;
            if (captured < 0 || captured > file.length - pos) {
                throw new IllegalArgumentException("truncated record data at " + pos);
            }
            packets.add(new Packet(packets.size() + 1, seconds, micros, original,
                    Arrays.copyOfRange(file, pos, pos + captured)));
            pos += captured;
        }
        return packets;
    }
}
