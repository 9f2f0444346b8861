package org.vireo.balancer.internal.forward;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;

/**
 * What a scanner in these tests does first with a forwarded connection: read the PROXY protocol v2 header the
 * balancer sends before the client's bytes, with Netty's decoder, as the real scanner does.
 */
final class ScannerSide {

    /** The v2 header's fixed part: signature (12), version and command, family and protocol, length (2). */
    private static final int FIXED = 16;

    private ScannerSide() {
    }

    /** A header as read, its addresses as text. */
    record Header(String command, String protocol, String source, int sourcePort, String destination,
                  int destinationPort) {
    }

    /** Reads exactly one v2 header off {@code in} (blocking) and decodes it. */
    static Header readHeader(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] fixed = new byte[FIXED];
        data.readFully(fixed);
        int length = (fixed[14] & 0xff) << 8 | fixed[15] & 0xff;
        byte[] all = Arrays.copyOf(fixed, FIXED + length);
        data.readFully(all, FIXED, length);
        return decode(all);
    }

    /** Decodes a header that is all of {@code bytes}; fails if Netty's decoder does not read exactly one. */
    static Header decode(byte[] bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new HAProxyMessageDecoder());
        try {
            channel.writeInbound(Unpooled.wrappedBuffer(bytes));
            HAProxyMessage m = channel.readInbound();
            if (m == null) {
                throw new AssertionError("no PROXY header in " + Arrays.toString(bytes));
            }
            try {
                return new Header(m.command().name(), m.proxiedProtocol().name(), m.sourceAddress(), m.sourcePort(),
                    m.destinationAddress(), m.destinationPort());
            } finally {
                m.release();
            }
        } finally {
            channel.finishAndReleaseAll();
        }
    }
}
