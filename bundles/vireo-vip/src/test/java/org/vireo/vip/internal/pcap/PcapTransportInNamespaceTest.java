package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vireo.config.AddressText;
import org.vireo.vip.internal.NetNamespace;
import org.vireo.vip.internal.alias.IpAddrOutput;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vip.internal.frame.VrrpFrames;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.packet.ReceiveContext;
import org.vireo.vrrp.internal.packet.ReceiveResult;
import org.vireo.vrrp.internal.packet.VrrpAdvert;
import org.vireo.vrrp.internal.packet.VrrpCodec;
import org.vireo.vrrp.internal.packet.VrrpVersion;

/**
 * {@link PcapTransport}, {@link PcapLink} and {@link PcapChannel} on real veth interfaces, in a network namespace of
 * the test's own (see {@link NetNamespace}): vwa and vwb are the two ends of one cable; tests that need an interface
 * to come or go make their own. A fresh transport per test, made on the thread inside the namespace, so that its
 * threads, libpcap handles and sockets are all there.
 */
class PcapTransportInNamespaceTest {

    private static final int VRID = 51;
    private static final InetAddress A = literal("10.78.0.1");
    private static final InetAddress B = literal("10.78.0.2");
    private static final InetAddress GROUP = literal("224.0.0.18");
    private static final InetAddress VIP = literal("10.78.0.100");

    private static NetNamespace ns;
    private PcapTransport transport;

    @BeforeAll
    static void namespace() throws Exception {
        assumeTrue(NetNamespace.available(), "needs root and iproute2 (CI has both)");
        ns = NetNamespace.create("vw-pcap-" + ProcessHandle.current().pid());
        ns.sysctl("net/ipv6/conf/all/accept_dad=0", "net/ipv6/conf/default/accept_dad=0");
        ns.cable("vwa", "10.78.0.1/24", "vwb");
        ns.run("ip", "addr", "add", "10.78.0.2/24", "dev", "vwb");
    }

    @AfterAll
    static void removeNamespace() throws Exception {
        if (ns != null) {
            ns.close();
        }
    }

    @BeforeEach
    void freshTransport() throws Exception {
        transport = ns.call(PcapTransport::new);
    }

    @AfterEach
    void stopTransport() {
        transport.deactivate();
    }

    @Test
    void anAdvertSentOnOneChannelArrivesWholeAtThePeersChannel() throws Exception {
        // given an instance's channel at each end of the cable
        VrrpTransport.Channel a = open("vwa", VRID, new Recorder());
        Recorder atB = new Recorder();
        open("vwb", VRID, atB);
        assertThat(a.sourceAddress()).isEqualTo(A);
        assertThat(a.destination()).isEqualTo(GROUP);

        // when a sends a real advert
        byte[] advert = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, VRID, 200, 100, List.of(VIP)), A, GROUP);
        a.send(advert, 0, advert.length);

        // then b's instance gets it as sent, with the IP facts its checks need, and it passes them
        Recorder.Message m = atB.next();
        assertThat(m.bytes()).isEqualTo(advert);
        assertThat(m.source()).isEqualTo(A);
        assertThat(m.destination()).isEqualTo(GROUP);
        assertThat(m.ttl()).isEqualTo(255);
        ReceiveResult checked = VrrpCodec.decode(m.bytes(), 0, m.bytes().length, m.source(), m.destination(),
            m.ttl(), new ReceiveContext(VrrpVersion.V3, VRID, false, List.of(VIP), 100));
        assertThat(checked).isInstanceOf(ReceiveResult.Accepted.class);
    }

    @Test
    void theLastChannelClosedReleasesTheInterfacesSocketsAndGroup() throws Exception {
        assertThat(ns.packetSocketsOfThisProcess()).isZero();

        VrrpTransport.Channel first = open("vwa", VRID, new Recorder());
        VrrpTransport.Channel second = open("vwa", VRID + 1, new Recorder());
        assertThat(ns.packetSocketsOfThisProcess()).as("one receive and one send handle for both").isEqualTo(2);
        assertThat(groups("vwa")).contains("inet  224.0.0.18");

        first.close();
        assertThat(ns.packetSocketsOfThisProcess()).as("the link stays for the second").isEqualTo(2);
        second.close();
        awaitTrue("the link's handles are closed", () -> ns.packetSocketsOfThisProcess() == 0);
        awaitTrue("the group is left", () -> !groups("vwa").contains("224.0.0.18"));
        assertThat(transport.outlet("vwa", false, VRID)).isEmpty();
    }

    @Test
    void anIpv4LinkJoinsTheIpv4GroupOnlyAndAnIpv6ChannelAddsItsOwn() throws Exception {
        open("vwa", VRID, new Recorder());
        assertThat(groups("vwa")).contains("inet  224.0.0.18").doesNotContain("ff02::12");

        VrrpTransport.Channel v6 = ns.call(() -> transport.open(new VrrpTransport.ChannelSpec("vwa", true, VRID,
            List.of(), false, List.of()), new Recorder()));
        assertThat(v6.sourceAddress().isLinkLocalAddress()).isTrue();
        assertThat(groups("vwa")).contains("inet6 ff02::12");
    }

    @Test
    void framesNoInstanceCanTakeAreCountedOnTheInterfaceUnderTheirReason() throws Exception {
        // given b's instance of VRID 51, and a way to put any frame on the cable from a
        Recorder atB = new Recorder();
        Outlet wire = wireTo(atB);

        // when a VRID nobody runs, a 1-byte VRRP payload and a broken IPv4 header come, then a good advert
        send(wire, frame(A, advert(99, A)));
        send(wire, frame(A, new byte[] {0x31}));
        byte[] broken = frame(A, advert(VRID, A));
        broken[MacAddress.LENGTH * 2 + 2 + 10] ^= 0x01; // the IPv4 header checksum's high byte
        send(wire, broken);
        byte[] good = advert(VRID, A);
        send(wire, frame(A, good));

        // then only the good one reaches the instance, and each of the others is counted under its reason
        assertThat(atB.next().bytes()).isEqualTo(good);
        assertThat(transport.interfaceDrops()).containsOnlyKeys("vwb");
        assertThat(transport.interfaceDrops().get("vwb")).containsExactlyInAnyOrderEntriesOf(Map.of(
            DropReason.TRUNCATED_FRAME, 1L, DropReason.IP_HEADER_CHECKSUM, 1L, DropReason.UNKNOWN_VRID, 1L));
    }

    @Test
    void anAdvertFromTheChannelsOwnAddressIsDroppedForItsInstance() throws Exception {
        Recorder atB = new Recorder();
        Outlet wire = wireTo(atB);

        send(wire, frame(B, advert(VRID, B))); // someone on a's side sends as b

        assertThat(atB.nextDrop()).isEqualTo(DropReason.OWN_ADDRESS);
    }

    @Test
    void framesTheKernelDropsWhileTheReceiveThreadIsHeldUpAreCounted() throws Exception {
        // given b's receive thread held up in a slow instance
        Recorder atB = new Recorder();
        Outlet wire = wireTo(atB);
        byte[] frame = frame(A, advert(VRID, A));
        holdUp(atB, wire, frame);

        // when more adverts come than the capture buffer holds
        for (int i = 0; i < 20_000; i++) {
            send(wire, frame);
        }
        atB.release();

        // then the kernel's drops are counted when the receive thread next asks (as adverts go on coming)
        awaitTrue("kernel drops counted", () -> {
            send(wire, frame);
            return transport.interfaceDrops().getOrDefault("vwb", Map.of())
                .getOrDefault(DropReason.KERNEL_DROPPED, 0L) > 0;
        });
    }

    @Test
    void aFrameThatWaitedForTheReceiveThreadIsHandedOverWithItsAge() throws Exception {
        Recorder atB = new Recorder();
        Outlet wire = wireTo(atB);
        byte[] frame = frame(A, advert(VRID, A));
        holdUp(atB, wire, frame);

        send(wire, frame); // the kernel stamps it now, while the thread is held
        TimeUnit.MILLISECONDS.sleep(50); // the slow instance (what is tested: a wait, not an event)
        atB.release();

        atB.next();
        assertThat(atB.next().ageMicros()).as("counted from when it reached the interface")
            .isGreaterThanOrEqualTo(50_000);
    }

    @Test
    void whenTheInterfaceGoesAwayItsChannelsFailAndItsHandlesAreClosed() throws Exception {
        ns.cable("vwg", "10.78.2.1/24", "vwgp");
        Recorder onG = new Recorder();
        open("vwg", VRID, onG);
        assertThat(ns.packetSocketsOfThisProcess()).isEqualTo(2);

        ns.run("ip", "link", "del", "vwg");

        assertThat(onG.nextFailure()).startsWith("no interface vwg on this node");
        awaitTrue("the handles are closed", () -> ns.packetSocketsOfThisProcess() == 0);
        assertThat(transport.outlet("vwg", false, VRID)).isEmpty();
    }

    @Test
    void anOpenThatFailedForWantOfTheInterfaceSucceedsOnceItIsThere() throws Exception {
        assertThatThrownBy(() -> open("vwr", VRID, new Recorder()))
            .isInstanceOf(IOException.class).hasMessageStartingWith("no interface vwr on this node");
        assertThat(ns.packetSocketsOfThisProcess()).isZero();

        ns.cable("vwr", "10.78.3.1/24", "vwrp");
        VrrpTransport.Channel retried = open("vwr", VRID, new Recorder());

        assertThat(retried.sourceAddress()).isEqualTo(literal("10.78.3.1"));
        assertThat(ns.packetSocketsOfThisProcess()).isEqualTo(2);
    }

    @Test
    void anOpenThatFailsAfterTheLinkIsOpenHoldsNothingAfterwards() throws Exception {
        // an interface whose only IPv4 address is the instance's VIP (left by a crash): no address of its own
        ns.cable("vwc", "10.78.4.1/24", "vwcp");
        VrrpTransport.ChannelSpec onlyTheVip = new VrrpTransport.ChannelSpec("vwc", false, VRID, List.of(), false,
            List.of(literal("10.78.4.1")));

        for (int attempt = 0; attempt < 3; attempt++) {
            assertThatThrownBy(() -> ns.call(() -> transport.open(onlyTheVip, new Recorder())))
                .hasMessageContaining("vwc has no IPv4 address of its own");
            assertThat(ns.packetSocketsOfThisProcess()).as("attempt %d", attempt).isZero();
        }
        assertThat(groups("vwc")).doesNotContain("224.0.0.18");
    }

    @Test
    void anIpv6ChannelWhereIpv6IsDisabledFailsSayingSoAndHoldsNothing() throws Exception {
        ns.cable("vwd", "10.78.5.1/24", "vwdp");
        ns.sysctl("net/ipv6/conf/vwd/disable_ipv6=1");
        VrrpTransport.ChannelSpec v6 = new VrrpTransport.ChannelSpec("vwd", true, VRID, List.of(), false, List.of());

        assertThatThrownBy(() -> ns.call(() -> transport.open(v6, new Recorder())))
            .isInstanceOf(IOException.class)
            .hasMessageStartingWith("IPv6 is disabled on vwd (net.ipv6.conf.vwd.disable_ipv6 = 1)");
        assertThat(ns.packetSocketsOfThisProcess()).isZero();

        // an IPv4 instance on the same interface needs nothing of IPv6
        assertThat(open("vwd", VRID, new Recorder()).sourceAddress()).isEqualTo(literal("10.78.5.1"));
    }

    /**
     * Issue 24: an IPv6 channel does not send from a link-local address that duplicate address detection has not
     * passed: while it is tentative, and when it failed (another node has it), the open fails saying so (the
     * instance is in FAULT with that reason and retries); with an address of its own it opens.
     */
    @Test
    void anIpv6ChannelRefusesALinkLocalAddressThatIsTentativeOrFailedDad() throws Exception {
        ns.cable("vwe", "10.78.6.1/24", "vwep");
        // 100 probes a second apart: tentative for the whole test
        ns.sysctl("net/ipv6/conf/vwe/accept_dad=1", "net/ipv6/conf/vwe/dad_transmits=100");
        ns.run("ip", "-6", "addr", "flush", "dev", "vwe", "scope", "link");
        ns.run("ip", "-6", "addr", "add", "fe80::e1/64", "dev", "vwe");
        VrrpTransport.ChannelSpec v6 = new VrrpTransport.ChannelSpec("vwe", true, VRID, List.of(), false,
            List.of(literal("fe80::53"), literal("fd78::53")));

        assertThatThrownBy(() -> ns.call(() -> transport.open(v6, new Recorder()))).isInstanceOf(IOException.class)
            .hasMessage("vwe's link-local address fe80::e1 is tentative: duplicate address detection is still under"
                + " way; the instance starts once it has passed");

        // the peer's own link-local address on vwe too: the peer answers the probe
        ns.run("ip", "-6", "addr", "del", "fe80::e1/64", "dev", "vwe");
        ns.sysctl("net/ipv6/conf/vwe/dad_transmits=1");
        String peers = IpAddrOutput.addresses(ns.run("ip", "-o", "-6", "addr", "show", "dev", "vwep", "scope",
            "link")).stream().map(AddressText::of).findFirst().orElseThrow();
        ns.run("ip", "-6", "addr", "add", peers + "/64", "dev", "vwe");
        awaitTrue("DAD of " + peers + " failed", () -> ns.run("ip", "-6", "addr", "show", "dev", "vwe")
            .contains("dadfailed"));
        assertThatThrownBy(() -> ns.call(() -> transport.open(v6, new Recorder()))).isInstanceOf(IOException.class)
            .hasMessageStartingWith("vwe's link-local address " + peers + " failed duplicate address detection"
                + " (dadfailed): another node on the link has it");
        assertThat(ns.packetSocketsOfThisProcess()).isZero();

        ns.run("ip", "-6", "addr", "add", "fe80::e2/64", "dev", "vwe", "nodad");
        assertThat(ns.call(() -> transport.open(v6, new Recorder())).sourceAddress()).isEqualTo(literal("fe80::e2"));
    }

    /** An instance of VRID 51 at b with {@code atB}, and one at a whose outlet puts any frame on the cable to b. */
    private Outlet wireTo(Recorder atB) throws Exception {
        open("vwb", VRID, atB);
        open("vwa", VRID, new Recorder());
        return transport.outlet("vwa", false, VRID).orElseThrow();
    }

    /** Sends {@code frame} to b and keeps b's receive thread in {@code atB} with it until {@code atB.release()}. */
    private static void holdUp(Recorder atB, Outlet wire, byte[] frame) throws Exception {
        atB.hold();
        send(wire, frame);
        atB.awaitFirst();
    }

    private VrrpTransport.Channel open(String interfaceName, int vrid, Recorder receiver) throws Exception {
        return ns.call(() -> transport.open(new VrrpTransport.ChannelSpec(interfaceName, false, vrid, List.of(),
            false, List.of(VIP)), receiver));
    }

    private static void send(Outlet wire, byte[] frame) throws IOException {
        wire.sendFrame(frame, frame.length);
    }

    private static String groups(String interfaceName) throws Exception {
        return ns.run("ip", "maddr", "show", "dev", interfaceName);
    }

    private static byte[] advert(int vrid, InetAddress from) {
        return VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, vrid, 200, 100, List.of(VIP)), from, GROUP);
    }

    /** An Ethernet + IPv4 frame to the VRRP group around {@code vrrp}, from {@code from}. */
    private static byte[] frame(InetAddress from, byte[] vrrp) {
        byte[] out = new byte[VrrpFrames.IPV4_OVERHEAD + vrrp.length];
        VrrpFrames.ipv4(MacAddress.parse("02:78:00:00:00:01"), MacAddress.VRRP_IPV4_MULTICAST, (Inet4Address) from,
            (Inet4Address) GROUP, 1, vrrp, 0, vrrp.length, out, 0);
        return out;
    }

    /** Waits (bounded) for a state the transport reaches on its own threads. */
    private static void awaitTrue(String what, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.call()) {
            if (System.nanoTime() > end) {
                throw new AssertionError(what + ": not within 10 s");
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    private static InetAddress literal(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
