package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.packet.Fixtures.accepted;
import static org.vireo.vrrp.internal.packet.Fixtures.dropReason;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

/** Seeded random adverts and corruptions: round trips hold and malformed input is always a DropReason. */
class CodecPropertyTest {

    private static final int RUNS = 3000;

    /** A random valid advert with the IP facts of its packet and a context that accepts it. */
    private record Sample(VrrpAdvert advert, InetAddress source, InetAddress destination, ReceiveContext context,
            byte[] message) {

        ReceiveResult decode(byte[] bytes) {
            return decode(bytes, bytes.length);
        }

        ReceiveResult decode(byte[] bytes, int length) {
            return VrrpCodec.decode(bytes, 0, length, source, destination, 255, context);
        }
    }

    @Test
    void randomValidAdvertsRoundTripThroughEncodeAndDecode() {
        Random random = new Random(0x5EED_0001L);
        for (int run = 0; run < RUNS; run++) {
            // given
            Sample sample = randomSample(random);

            // when
            ReceiveResult result = sample.decode(sample.message());

            // then
            assertThat(accepted(result).advert()).as("run %d: %s", run, sample.advert()).isEqualTo(sample.advert());
            assertThat(accepted(result).addressListDiffers()).isFalse();
            assertThat(sample.message()).hasSize(VrrpCodec.encodedLength(sample.advert()));
        }
    }

    @Test
    void randomSingleByteCorruptionsAreAlwaysDropped() {
        Random random = new Random(0x5EED_0002L);
        Set<DropReason> seen = EnumSet.noneOf(DropReason.class);
        for (int run = 0; run < RUNS; run++) {
            // given a valid message with one byte changed to another value
            Sample sample = randomSample(random);
            byte[] corrupted = sample.message().clone();
            int at = random.nextInt(corrupted.length);
            corrupted[at] ^= (byte) (1 + random.nextInt(255));

            // when
            ReceiveResult result = decodeWithoutThrowing(sample, corrupted);

            // then: the checksum catches every single-byte change the earlier checks let through
            seen.add(dropReason(result));
        }
        assertThat(seen).contains(DropReason.CHECKSUM, DropReason.WRONG_VERSION, DropReason.UNKNOWN_TYPE,
                DropReason.TRUNCATED);
    }

    @Test
    void randomCorruptionsWithARepairedChecksumAreDroppedOrDecodedConsistently() {
        Random random = new Random(0x5EED_0003L);
        int acceptedCount = 0;
        for (int run = 0; run < RUNS; run++) {
            // given 1..3 changed bytes, then the checksum made right again, as a malicious or buggy peer would
            Sample sample = randomSample(random);
            byte[] corrupted = sample.message().clone();
            for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
                corrupted[random.nextInt(corrupted.length)] = (byte) random.nextInt(256);
            }
            IndependentChecksum.reseal(corrupted, sample.context().version(), sample.source(), sample.destination());

            // when
            ReceiveResult result = decodeWithoutThrowing(sample, corrupted);

            // then: whatever is accepted is exactly what the bytes say, apart from the ignored bits
            if (result instanceof ReceiveResult.Accepted ok) {
                acceptedCount++;
                byte[] reencoded = VrrpCodec.encode(ok.advert(), sample.source(), sample.destination());
                assertThat(withoutIgnoredBits(reencoded, ok.advert().version()))
                        .as("run %d", run)
                        .isEqualTo(withoutIgnoredBits(corrupted, ok.advert().version()));
                assertThat(accepted(sample.decode(reencoded)).advert()).isEqualTo(ok.advert());
            }
        }
        assertThat(acceptedCount).as("some corruptions stay valid (priority, addresses...)").isPositive();
    }

    @Test
    void everyTruncationOfAValidMessageIsDroppedAsTruncated() {
        Random random = new Random(0x5EED_0004L);
        for (int run = 0; run < RUNS / 10; run++) {
            Sample sample = randomSample(random);
            for (int length = 0; length < sample.message().length; length++) {
                assertThat(dropReason(decodeWithoutThrowing(sample, sample.message(), length)))
                        .as("run %d, %d of %d bytes", run, length, sample.message().length)
                        .isEqualTo(DropReason.TRUNCATED);
            }
        }
    }

    @Test
    void randomBytesNeverMakeDecodeThrow() {
        Random random = new Random(0x5EED_0005L);
        for (int run = 0; run < RUNS; run++) {
            // given random bytes, half of them with a plausible first byte to get past the early checks
            Sample sample = randomSample(random);
            byte[] garbage = new byte[random.nextInt(80)];
            random.nextBytes(garbage);
            if (garbage.length > 0 && random.nextBoolean()) {
                garbage[0] = (byte) (sample.context().version().wireValue() << 4 | 1);
            }
            if (garbage.length >= 8 && random.nextBoolean()) {
                IndependentChecksum.reseal(garbage, sample.context().version(), sample.source(), sample.destination());
            }

            // when / then
            decodeWithoutThrowing(sample, garbage);
        }
    }

    private static ReceiveResult decodeWithoutThrowing(Sample sample, byte[] bytes) {
        return decodeWithoutThrowing(sample, bytes, bytes.length);
    }

    /** Decodes, turning any exception into a failure that shows the input. */
    private static ReceiveResult decodeWithoutThrowing(Sample sample, byte[] bytes, int length) {
        try {
            ReceiveResult result = sample.decode(bytes, length);
            assertThat(result).isNotNull();
            return result;
        } catch (RuntimeException e) {
            throw new AssertionError("decode threw for " + HexFormat.of().formatHex(bytes, 0, length), e);
        }
    }

    /** Blanks what the receiver ignores: the v3 reserved nibble, the v2 authentication data. */
    private static byte[] withoutIgnoredBits(byte[] message, VrrpVersion version) {
        byte[] copy = message.clone();
        if (version == VrrpVersion.V3) {
            copy[4] &= 0x0F;
        } else {
            Arrays.fill(copy, copy.length - 8, copy.length, (byte) 0);
        }
        // the checksum field changes with the blanked bits; it was verified by the decode
        copy[6] = 0;
        copy[7] = 0;
        return copy;
    }

    private static Sample randomSample(Random random) {
        VrrpVersion version = random.nextBoolean() ? VrrpVersion.V3 : VrrpVersion.V2;
        boolean ipv6 = version == VrrpVersion.V3 && random.nextBoolean();
        // mostly short lists as in practice, sometimes long ones up to the 255 limit
        int count = random.nextInt(10) == 0 ? 1 + random.nextInt(255) : 1 + random.nextInt(4);
        List<InetAddress> addresses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            addresses.add(randomAddress(random, ipv6));
        }
        int vrid = 1 + random.nextInt(255);
        int interval = 1 + random.nextInt(version.maxInterval());
        VrrpAdvert advert = new VrrpAdvert(version, vrid, random.nextInt(256), interval, addresses);
        InetAddress source = randomAddress(random, ipv6);
        InetAddress destination = randomAddress(random, ipv6);

        // the receiving instance lists the same addresses, in the same or another order
        List<InetAddress> configured = new ArrayList<>(addresses);
        if (random.nextBoolean()) {
            Collections.shuffle(configured, random);
        }
        ReceiveContext context = new ReceiveContext(version, vrid, false, configured, interval);
        return new Sample(advert, source, destination, context, VrrpCodec.encode(advert, source, destination));
    }

    private static InetAddress randomAddress(Random random, boolean ipv6) {
        byte[] bytes = new byte[ipv6 ? 16 : 4];
        random.nextBytes(bytes);
        try {
            return ipv6 ? Inet6Address.getByAddress(null, bytes, -1) : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
