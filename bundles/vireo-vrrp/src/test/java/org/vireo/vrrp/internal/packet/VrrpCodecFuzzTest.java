package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.Allocation;

/**
 * Fuzz target of {@link VrrpCodec#decode} and its receive checks, for VRRPv2 and v3 over IPv4 and IPv6. The first
 * four bytes of the input choose the receiving instance and the packet's IP facts (see {@link Case}); the rest is the
 * VRRP message, resealed with a correct checksum when the case says so (or random bytes would never get past the
 * checksum to the checks behind it).
 *
 * <p>Invariants: decode throws nothing for any bytes (its refusal is a {@link ReceiveResult.Dropped} with a reason);
 * it is deterministic; it allocates at most {@link #ALLOCATION_BASE} plus {@link #ALLOCATION_PER_BYTE} per message
 * byte; an accepted advert is the instance's version and VRID, has as many addresses as the count byte says, all of
 * the packet's family, and came in a message exactly as long as they need; and what the codec encodes it decodes
 * back: the accepted advert encoded for the same addresses is the message received, but for what the RFCs tell a
 * receiver to ignore (VRRPv3's reserved bits, VRRPv2's authentication data) and the checksum over them, and it is
 * accepted again as the same advert. Seeds: adverts of each version and family, an owner's, a v2 mismatch.
 */
class VrrpCodecFuzzTest {

    /** The result, the advert and its unpacked address list. */
    static final long ALLOCATION_BASE = 4096;
    /** An unpacked address: its array and its InetAddress. */
    static final long ALLOCATION_PER_BYTE = 32;

    private static final List<InetAddress> V4 = List.of(address("192.0.2.1"), address("192.0.2.2"));
    private static final List<InetAddress> V6 = List.of(address("fe80::1"), address("2001:db8::1"));
    private static final InetAddress SOURCE_V4 = address("192.0.2.10");
    private static final InetAddress SOURCE_V6 = address("fe80::10");
    private static final InetAddress GROUP_V4 = address("224.0.0.18");
    private static final InetAddress GROUP_V6 = address("ff02::12");

    @FuzzTest
    void anyMessageIsAcceptedAsWhatItEncodesOrDroppedWithAReason(byte[] input) {
        if (input.length < Case.LENGTH) {
            return;
        }
        Case c = new Case(input);
        byte[] message = Arrays.copyOfRange(input, Case.LENGTH, input.length);
        if (c.reseal && message.length >= 8) {
            IndependentChecksum.reseal(message, c.version, c.source, c.destination);
        }

        ReceiveResult first = VrrpCodec.decode(message, 0, message.length, c.source, c.destination, c.ttl, c.context);
        Allocation.Measured<ReceiveResult> measured = Allocation.of(() ->
            VrrpCodec.decode(message, 0, message.length, c.source, c.destination, c.ttl, c.context));

        assertThat(measured.value()).isEqualTo(first);
        assertThat(measured.bytes()).isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * message.length);
        if (first instanceof ReceiveResult.Accepted accepted) {
            encodesBack(accepted.advert(), message, c);
        } else {
            assertThat(((ReceiveResult.Dropped) first).reason()).isNotNull();
        }
    }

    private static void encodesBack(VrrpAdvert advert, byte[] message, Case c) {
        assertThat(advert.version()).isEqualTo(c.version);
        assertThat(advert.vrid()).isEqualTo(c.context.vrid());
        assertThat(advert.addresses()).hasSize(message[3] & 0xFF)
            .allMatch(a -> a.getClass() == c.source.getClass());
        assertThat(message).hasSize(VrrpCodec.encodedLength(advert));

        byte[] encoded = VrrpCodec.encode(advert, c.source, c.destination);
        assertThat(ignoredZeroed(encoded, c.version)).isEqualTo(ignoredZeroed(message, c.version));
        ReceiveResult again = VrrpCodec.decode(encoded, 0, encoded.length, c.source, c.destination, c.ttl, c.context);
        assertThat(again).isInstanceOfSatisfying(ReceiveResult.Accepted.class,
            a -> assertThat(a.advert()).isEqualTo(advert));
    }

    /** The message without what a receiver ignores and the checksum that covers it. */
    private static byte[] ignoredZeroed(byte[] message, VrrpVersion version) {
        byte[] out = message.clone();
        out[6] = 0;
        out[7] = 0;
        if (version == VrrpVersion.V3) {
            out[4] &= 0x0F;
        } else {
            Arrays.fill(out, out.length - 8, out.length, (byte) 0);
        }
        return out;
    }

    /**
     * The receiving instance and the packet's IP facts, from four bytes: flags (bit 0: VRRPv3, bit 1: IPv6, only with
     * v3; bit 2: the instance owns the addresses; bit 3: it takes adverts only from a peer that is not this source;
     * bit 4: reseal the checksum; bit 5: the destination is of the other family), the instance's VRID (0 is taken as
     * 1), the TTL, and the instance's interval.
     */
    private static final class Case {
        static final int LENGTH = 4;

        final VrrpVersion version;
        final InetAddress source;
        final InetAddress destination;
        final int ttl;
        final boolean reseal;
        final ReceiveContext context;

        Case(byte[] input) {
            int flags = input[0];
            version = (flags & 1) != 0 ? VrrpVersion.V3 : VrrpVersion.V2;
            boolean ipv6 = version == VrrpVersion.V3 && (flags & 2) != 0;
            source = ipv6 ? SOURCE_V6 : SOURCE_V4;
            boolean otherFamily = (flags & 0x20) != 0;
            destination = ipv6 != otherFamily ? GROUP_V6 : GROUP_V4;
            ttl = input[2] & 0xFF;
            reseal = (flags & 0x10) != 0;
            int vrid = Math.max(1, input[1] & 0xFF);
            int interval = 1 + (input[3] & 0xFF) % version.maxInterval();
            List<InetAddress> peers = (flags & 8) != 0 ? List.of(ipv6 ? GROUP_V6 : GROUP_V4) : List.of();
            context = new ReceiveContext(version, vrid, (flags & 4) != 0, ipv6 ? V6 : V4, interval, peers);
        }
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
