package org.vireo.bench.vrrp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.internal.packet.DropCounters;
import org.vireo.vrrp.internal.packet.ReceiveContext;
import org.vireo.vrrp.internal.packet.ReceiveResult;
import org.vireo.vrrp.internal.packet.VrrpAdvert;
import org.vireo.vrrp.internal.packet.VrrpCodec;
import org.vireo.vrrp.internal.packet.VrrpVersion;

/**
 * Cost of the VRRP codec per packet: encode, decode + validate, the whole send/receive path, and the
 * drop path. The IPv4 values are those of the keepalived lab (frame 1 of the project's capture:
 * VRID 51, priority 150, Max Adver Int 100 cs, VIP 10.77.0.1, 10.77.0.11 to 224.0.0.18, TTL 255).
 *
 * <p>Inputs sit in non-final fields of a per-thread state so the JIT cannot fold them into constants;
 * every result goes to the {@link Blackhole}. The setup checks that each benchmark takes the path
 * its name says (accepted, or dropped for a bad checksum) before anything is measured.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@State(Scope.Thread)
public class VrrpCodecBenchmark {

    private static final int VRID = 51;
    private static final int PRIORITY = 150;
    private static final int INTERVAL_CS = 100;

    /** VRRP message of keepalived's first advert in the lab capture; checksum 0x4332. */
    private static final byte[] KEEPALIVED_MESSAGE = {
        0x31, 0x33, (byte) 0x96, 0x01, 0x00, 0x64, 0x43, 0x32, 0x0a, 0x4d, 0x00, 0x01,
    };

    // IPv4 (the keepalived lab)
    private VrrpAdvert v4Advert;
    private InetAddress v4Source;
    private InetAddress v4Destination;
    private ReceiveContext v4Context;
    private byte[] v4Message;
    private int v4Length;
    private byte[] v4BadChecksum;

    // IPv6
    private VrrpAdvert v6Advert;
    private InetAddress v6Source;
    private InetAddress v6Destination;
    private ReceiveContext v6Context;

    private int ttl;
    /** Reused send buffer, large enough for any message. */
    private byte[] out;
    private DropCounters counters;

    @Setup(Level.Trial)
    public void setUp() {
        v4Source = ip("10.77.0.11");
        v4Destination = ip("224.0.0.18");
        List<InetAddress> v4Vips = List.of(ip("10.77.0.1"));
        v4Advert = new VrrpAdvert(VrrpVersion.V3, VRID, PRIORITY, INTERVAL_CS, v4Vips);
        v4Context = new ReceiveContext(VrrpVersion.V3, VRID, false, v4Vips, INTERVAL_CS);

        v6Source = ip("fe80::1");
        v6Destination = ip("ff02::12");
        List<InetAddress> v6Vips = List.of(ip("2001:db8::1"));
        v6Advert = new VrrpAdvert(VrrpVersion.V3, VRID, PRIORITY, INTERVAL_CS, v6Vips);
        v6Context = new ReceiveContext(VrrpVersion.V3, VRID, false, v6Vips, INTERVAL_CS);

        ttl = VrrpCodec.REQUIRED_TTL;
        out = new byte[VrrpCodec.MAX_LENGTH];
        counters = new DropCounters();

        // the bytes decodeV4 reads are the codec's own output, and match keepalived's on the wire
        v4Message = new byte[VrrpCodec.encodedLength(v4Advert)];
        v4Length = VrrpCodec.encode(v4Advert, v4Source, v4Destination, v4Message, 0);
        check(v4Length == v4Message.length && Arrays.equals(v4Message, KEEPALIVED_MESSAGE),
                "encoded v4 advert differs from the keepalived frame: " + Arrays.toString(v4Message));
        expectAccepted(VrrpCodec.decode(v4Message, 0, v4Length, v4Source, v4Destination, ttl, v4Context), "v4");

        int v6Length = VrrpCodec.encode(v6Advert, v6Source, v6Destination, out, 0);
        check(v6Length == VrrpCodec.encodedLength(v6Advert), "v6 length " + v6Length);
        expectAccepted(VrrpCodec.decode(out, 0, v6Length, v6Source, v6Destination, ttl, v6Context), "v6");

        // one bit off in the checksum field: every check before the checksum passes
        v4BadChecksum = v4Message.clone();
        v4BadChecksum[7] ^= 0x01;
        ReceiveResult bad = VrrpCodec.decode(v4BadChecksum, 0, v4BadChecksum.length, v4Source, v4Destination, ttl,
                v4Context);
        check(bad instanceof ReceiveResult.Dropped d && d.reason() == DropReason.CHECKSUM,
                "bad checksum frame was not dropped for CHECKSUM: " + bad);
    }

    /** After the trial: nothing was dropped for a reason other than the one the drop benchmark provokes. */
    @TearDown(Level.Trial)
    public void checkCounters() {
        for (DropReason reason : DropReason.values()) {
            check(reason == DropReason.CHECKSUM || counters.count(reason) == 0,
                    "unexpected drops: " + counters.snapshot());
        }
    }

    /** Encode of the v3 IPv4 advert, 1 VIP, into a reused buffer. */
    @Benchmark
    public void encodeV4(Blackhole bh) {
        bh.consume(VrrpCodec.encode(v4Advert, v4Source, v4Destination, out, 0));
    }

    /** Decode + receive validation of the keepalived frame; accepted. */
    @Benchmark
    public void decodeV4(Blackhole bh) {
        bh.consume(VrrpCodec.decode(v4Message, 0, v4Length, v4Source, v4Destination, ttl, v4Context));
    }

    /** Encode, decode + validate, count: what one advert costs sender and receiver together. */
    @Benchmark
    public void fullPathV4(Blackhole bh) {
        int length = VrrpCodec.encode(v4Advert, v4Source, v4Destination, out, 0);
        ReceiveResult result = VrrpCodec.decode(out, 0, length, v4Source, v4Destination, ttl, v4Context);
        counters.record(result);
        bh.consume(result);
    }

    /** The full path over IPv6: fe80::1 to ff02::12, VIP 2001:db8::1 (16-byte pseudo-header addresses). */
    @Benchmark
    public void fullPathV6(Blackhole bh) {
        int length = VrrpCodec.encode(v6Advert, v6Source, v6Destination, out, 0);
        ReceiveResult result = VrrpCodec.decode(out, 0, length, v6Source, v6Destination, ttl, v6Context);
        counters.record(result);
        bh.consume(result);
    }

    /** Decode of the keepalived frame with a corrupted checksum, then count the drop. */
    @Benchmark
    public void dropBadChecksumV4(Blackhole bh) {
        ReceiveResult result = VrrpCodec.decode(v4BadChecksum, 0, v4BadChecksum.length, v4Source, v4Destination,
                ttl, v4Context);
        counters.record(result);
        bh.consume(result);
    }

    private static void expectAccepted(ReceiveResult result, String what) {
        check(result instanceof ReceiveResult.Accepted a && !a.addressListDiffers(),
                what + " advert was not accepted with its configured list: " + result);
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal); // a literal: parsed, never looked up
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
