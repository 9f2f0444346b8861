package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.vireo.vrrp.DropReason;

/** Shared test data: addresses, the lab's advert and context, and result helpers. */
final class Fixtures {

    static final InetAddress LAB_VIP = ip("10.77.0.1");
    static final InetAddress N1 = ip("10.77.0.11");
    static final InetAddress N2 = ip("10.77.0.12");
    static final InetAddress VRRP_GROUP_V4 = ip("224.0.0.18");
    static final InetAddress LINK_LOCAL_V6 = ip("fe80::11");
    static final InetAddress VRRP_GROUP_V6 = ip("ff02::12");
    static final int LAB_VRID = 51;

    private Fixtures() {
    }

    /** Parses an address literal; no name lookup happens for literals. */
    static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    static List<InetAddress> ips(String... literals) {
        return Arrays.stream(literals).map(Fixtures::ip).toList();
    }

    /** The keepalived lab's master advert: VRID 51, priority 150, 1 s, VIP 10.77.0.1. */
    static VrrpAdvert labAdvert() {
        return new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 100, List.of(LAB_VIP));
    }

    /** The backup n2 of the lab, receiving n1's adverts. */
    static ReceiveContext labContext() {
        return new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, List.of(LAB_VIP), 100);
    }

    static VrrpAdvert v2Advert(int priority, String... addresses) {
        return new VrrpAdvert(VrrpVersion.V2, LAB_VRID, priority, 1, ips(addresses));
    }

    static ReceiveContext v2Context(String... addresses) {
        return new ReceiveContext(VrrpVersion.V2, LAB_VRID, false, ips(addresses), 1);
    }

    static byte[] resource(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream(path)) {
            assertThat(in).as("test resource %s", path).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String resourceText(String path) {
        return new String(resource(path), StandardCharsets.UTF_8);
    }

    static ReceiveResult decode(byte[] message, InetAddress source, InetAddress destination, int ttl,
            ReceiveContext context) {
        return VrrpCodec.decode(message, 0, message.length, source, destination, ttl, context);
    }

    /** Decodes as a v4 packet from n1 to the VRRP group with TTL 255. */
    static ReceiveResult decodeFromN1(byte[] message, ReceiveContext context) {
        return decode(message, N1, VRRP_GROUP_V4, 255, context);
    }

    static DropReason dropReason(ReceiveResult result) {
        assertThat(result).isInstanceOf(ReceiveResult.Dropped.class);
        return ((ReceiveResult.Dropped) result).reason();
    }

    static ReceiveResult.Accepted accepted(ReceiveResult result) {
        assertThat(result).isInstanceOf(ReceiveResult.Accepted.class);
        return (ReceiveResult.Accepted) result;
    }
}
