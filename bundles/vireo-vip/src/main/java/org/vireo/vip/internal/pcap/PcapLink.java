package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.BpfProgram.BpfCompileMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.vip.internal.alias.IpAddrOutput;
import org.vireo.vip.internal.alias.IpCommand;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vip.internal.frame.ReceivedVrrp;
import org.vireo.vip.internal.frame.RefusedFrameException;
import org.vireo.vip.internal.frame.VrrpFrames;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.DropTally;
import org.vireo.vrrp.RealtimeThreads;

/**
 * One interface opened through libpcap for every VRRP channel on it: a receive handle (BPF for VRRP,
 * incoming frames only, so what this node sends never comes back as a peer's advert) read by one
 * thread, and a send handle. Each frame goes to the one channel of its family and VRID; a frame that none can
 * take is counted under its reason in the interface's drops. When the interface disappears or goes down
 * ({@link #fail}, from the transport's watch), every channel on it is told and the link closes. The real-time receive thread does
 * nothing but receive: reading an interface's state takes the kernel's global RTNL lock, and a normal
 * thread holding that lock on a busy CPU once kept it from the adverts for 266 ms (a needless takeover).
 */
final class PcapLink {

    /** VRRP over IPv4 or IPv6, nothing else: the kernel drops the rest before it costs a copy. */
    static final String FILTER = "(ip proto 112) or (ip6 proto 112)";

    private static final Logger LOG = LoggerFactory.getLogger(PcapLink.class);
    private static final int SNAPLEN = 65_535;
    /**
     * How long the receive thread sleeps in libpcap's poll when nothing arrives. Short, because it also bounds
     * how late a frame is handed over if the poll's wake-up is missed: under full CPU load a backup once got five
     * adverts at once, the oldest 100.2 ms late, which was then this timeout, and took over needlessly. The cost
     * is 100 wake-ups a second of one thread. (libpcap 1.10 polls again after a timeout instead of returning, so
     * the thread leaves pcap_next_ex only with a frame or when {@link #close} wakes it.)
     */
    private static final int POLL_MILLIS = 10;
    /** Beyond this, a frame's age is taken as a stepped wall clock rather than a wait (see arrivalAge). */
    private static final long MAX_ARRIVAL_AGE_MICROS = 1_000_000;
    /**
     * How often, at most, the receive thread asks libpcap what the kernel dropped (one getsockopt, no lock of the
     * kernel's). It asks as frames come: while none comes, none can be dropped.
     */
    private static final long KERNEL_STATS_NANOS = 1_000_000_000L;

    private final String name;
    private final NetworkInterface nif;
    private final MacAddress mac;
    private final PcapHandle receive;
    private final PcapReader reader;
    private final LateFrames lateFrames = new LateFrames(System::nanoTime);
    private final PcapHandle send;
    private final DropTally drops;
    /** The VRRP group memberships, per family (false: IPv4), made when a channel of the family first needs one. */
    private final Map<Boolean, MulticastSocket> memberships = new HashMap<>();
    private final List<PcapChannel> channels = new CopyOnWriteArrayList<>();
    private final AtomicInteger ipId = new AtomicInteger();
    private final Thread receiver;
    private final Consumer<PcapLink> onClosed;
    private volatile boolean running = true;
    private volatile String failure;
    private boolean released; // guarded by this

    private PcapLink(String name, NetworkInterface nif, MacAddress mac, PcapHandle receive, PcapReader reader,
                     PcapHandle send, DropTally drops, Consumer<PcapLink> onClosed) {
        this.name = name;
        this.nif = nif;
        this.mac = mac;
        this.receive = receive;
        this.reader = reader;
        this.send = send;
        this.drops = drops;
        this.onClosed = onClosed;
        this.receiver = new Thread(this::receiveLoop, "vireo-pcap-" + name);
        this.receiver.setDaemon(true);
        this.receiver.setPriority(Thread.MAX_PRIORITY);
    }

    /**
     * Opens {@code interfaceName}: its two handles, nothing else (no group is joined, no thread runs yet). The
     * caller {@link #start}s it, or {@link #close}s it if what it opened the link for fails: either way nothing
     * stays held for a failed open.
     *
     * @param drops where the frames no channel takes are counted, by reason (the interface's, across links)
     * @throws IOException saying what is missing (interface, privilege, libpcap) and how to fix it; nothing is
     *                     held then
     */
    static PcapLink open(String interfaceName, DropTally drops, Consumer<PcapLink> onClosed) throws IOException {
        NetworkInterface nif = PcapErrors.requireUsable(interfaceName);
        byte[] hardware = nif.getHardwareAddress();
        if (hardware == null || hardware.length != MacAddress.LENGTH) {
            throw new IOException(interfaceName + " has no Ethernet address: VRRP needs an Ethernet interface");
        }
        PcapHandle receive = null;
        PcapHandle send = null;
        PcapReader reader;
        try {
            receive = new PcapHandle.Builder(interfaceName).snaplen(SNAPLEN)
                .promiscuousMode(PromiscuousMode.NONPROMISCUOUS).timeoutMillis(POLL_MILLIS)
                .immediateMode(true) // hand each advert over at once, not when a buffer block fills
                .direction(PcapHandle.PcapDirection.IN).build();
            receive.setFilter(FILTER, BpfCompileMode.OPTIMIZE);
            reader = new PcapReader(receive);
            send = new PcapHandle.Builder(interfaceName).snaplen(64).bufferSize(64 * 1024)
                .promiscuousMode(PromiscuousMode.NONPROMISCUOUS).timeoutMillis(POLL_MILLIS)
                .direction(PcapHandle.PcapDirection.OUT).build();
            send.setFilter("less 1", BpfCompileMode.OPTIMIZE); // it only sends: capture nothing
        } catch (PcapNativeException | NotOpenException | IOException | RuntimeException | LinkageError e) {
            closeQuietly(receive);
            closeQuietly(send);
            throw PcapErrors.openFailed(interfaceName, e);
        }
        return new PcapLink(interfaceName, nif, MacAddress.of(hardware), receive, reader, send, drops, onClosed);
    }

    /** Starts the receive thread: from now on only it closes the handles. */
    synchronized void start() {
        receiver.start();
    }

    /**
     * Joins the VRRP group of the family (once per link), so that a NIC that filters multicast passes the adverts
     * up. Only the families the link's channels use: an IPv4 instance needs nothing of IPv6, which may be disabled
     * (joining ff02::12 then throws). Never fails the channel: adverts still arrive where the NIC floods multicast.
     */
    synchronized void join(boolean ipv6) {
        if (memberships.containsKey(ipv6)) {
            return;
        }
        InetAddress group = PcapTransport.group(ipv6);
        MulticastSocket socket = null;
        try {
            socket = new MulticastSocket(null);
            socket.joinGroup(new InetSocketAddress(group, 0), nif);
            memberships.put(ipv6, socket);
        } catch (IOException | RuntimeException e) { // IllegalArgumentException: the JVM has no IPv6 sockets
            if (socket != null) {
                socket.close();
            }
            LOG.warn("VRRP on {}: cannot join {} ({}); adverts still arrive where the NIC passes multicast up",
                name, AddressText.of(group), e.toString());
        }
    }

    String name() {
        return name;
    }

    MacAddress mac() {
        return mac;
    }

    /** The next IPv4 identification, per interface as the kernel keeps one per destination. */
    int nextIpId() {
        return ipId.getAndIncrement() & 0xffff;
    }

    void add(PcapChannel channel) {
        channels.add(channel);
    }

    /** Removes the channel; true when it was the last one. */
    boolean remove(PcapChannel channel) {
        channels.remove(channel);
        return channels.isEmpty();
    }

    /** The channel of an instance (family and VRID) on this link, if it has one. */
    Optional<PcapChannel> channel(boolean ipv6, int vrid) {
        return channels.stream().filter(c -> c.spec().ipv6() == ipv6 && c.spec().vrid() == vrid).findFirst();
    }

    boolean isOpen() {
        return running;
    }

    /** Sends one whole Ethernet frame. */
    void send(byte[] frame, int length) throws IOException {
        try {
            synchronized (send) {
                send.sendPacket(frame, length);
            }
        } catch (PcapNativeException | NotOpenException e) {
            throw new IOException("sending on " + name + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Tells the receive thread to stop and wakes it; it closes the handles (only it may: it may be inside
     * pcap_next_ex) at once. Does not wait: this runs on the VRRP thread when an instance stops, and the other
     * instances' adverts must not wait for it. A link that was never started is closed here and now.
     */
    void close() {
        running = false;
        synchronized (this) {
            if (receiver.getState() == Thread.State.NEW) {
                release();
            } else if (!released) {
                reader.wakeUp(); // under the lock that release() takes: the handle is not being closed meanwhile
            }
        }
    }

    /** Waits (bounded) until the receive thread has closed the handles; for when the transport goes away. */
    void awaitClosed() {
        if (Thread.currentThread() != receiver && receiver.getState() != Thread.State.NEW) {
            try {
                receiver.join(2 * POLL_MILLIS + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The interface is no longer usable: the link closes and its channels fail. */
    void fail(String reason) {
        failure = reason;
        close();
    }

    private void receiveLoop() {
        LOG.info("VRRP receive thread on {}: {}", name, RealtimeThreads.requestForCurrentThread());
        try {
            long statsDue = System.nanoTime() + KERNEL_STATS_NANOS;
            while (running) {
                byte[] frame = reader.next(); // null when the poll times out
                if (frame != null) {
                    long age = wallClockMicros() - reader.kernelMicros();
                    lateFrames.received(age);
                    dispatch(frame, arrivalAge(age));
                }
                if (System.nanoTime() - statsDue >= 0) {
                    statsDue += KERNEL_STATS_NANOS;
                    drops.add(DropReason.KERNEL_DROPPED, reader.kernelDropsSinceLastCall());
                }
            }
        } catch (IOException | RuntimeException e) {
            // libpcap reports a vanished interface at once (sooner than the watch): say it as the watch would
            String unusable = PcapErrors.unusable(name);
            failure = unusable != null ? unusable : "capture on " + name + " failed: " + e.getMessage();
        } finally {
            running = false;
            synchronized (this) {
                release();
            }
            onClosed.accept(this);
        }
        if (failure != null) {
            LOG.warn("{}; its VRRP instances go to FAULT until it is back", failure);
            for (PcapChannel channel : channels) {
                channel.failed(failure);
            }
        }
    }

    /** What to log about frames that reached Vireo late, at most once a minute; null when there is nothing. */
    String lateFramesReport() {
        return lateFrames.report(name);
    }

    private static long wallClockMicros() {
        Instant now = Instant.now(); // the clock the kernel stamps frames with
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /**
     * How long ago the frame reached the interface, for the instances' timers; 0 when the wall clock seems to have
     * been stepped between the kernel's stamp and now (negative, or more than a second: a receive thread that late
     * has been reported by the late-frame log, and an age that large must not make a backup take over at once).
     */
    static long arrivalAge(long ageMicros) {
        return ageMicros < 0 || ageMicros > MAX_ARRIVAL_AGE_MICROS ? 0 : ageMicros;
    }

    /** Hands the frame to the channel of its family and VRID, or counts why no channel gets it. */
    private void dispatch(byte[] frame, long ageMicros) {
        ReceivedVrrp packet;
        try {
            packet = VrrpFrames.parse(frame, 0, frame.length);
        } catch (RefusedFrameException e) {
            drops.record(e.reason());
            return;
        }
        int vrid = frame[packet.vrrpOffset() + 1] & 0xff; // parse leaves at least the first two bytes
        boolean ipv6 = packet.isIpv6();
        for (PcapChannel channel : channels) { // one per family and VRID (the instances claim them so)
            if (channel.takes(ipv6, vrid)) {
                channel.deliver(frame, packet, ageMicros);
                return;
            }
        }
        drops.record(DropReason.UNKNOWN_VRID);
    }

    /**
     * The interface's own address of the family, the one adverts come from: its IPv6 link-local address
     * (RFC 5798 5.1.2.1), or its first IPv4 address in the kernel's order; never one of {@code vips} (a VIP left by a
     * crashed run may still be there, and an IPv6 instance's link-local VIP is one). An IPv6 link-local address
     * that duplicate address detection has not passed is not used: the kernel does not send from a tentative one,
     * and a failed one belongs to another node.
     *
     * @throws IOException when the only link-local addresses are tentative or failed DAD, saying which and why
     */
    static Optional<InetAddress> primaryAddress(String interfaceName, boolean ipv6, List<InetAddress> vips,
                                                IpCommand ip) throws IOException {
        List<IpAddrOutput.Entry> own = IpAddrOutput.entries(ip.run("-o", ipv6 ? "-6" : "-4", "addr", "show", "dev",
            interfaceName)).stream().filter(e -> !vips.contains(e.address()))
            .filter(e -> !ipv6 || e.address().isLinkLocalAddress()).toList();
        Optional<InetAddress> usable = own.stream().filter(e -> !ipv6 || e.usable()).findFirst()
            .map(e -> ipv6 ? toIpv6(e.address()) : e.address());
        if (usable.isPresent() || own.isEmpty()) {
            return usable;
        }
        IpAddrOutput.Entry unusable = own.stream().filter(IpAddrOutput.Entry::dadFailed).findFirst()
            .orElse(own.get(0));
        String address = AddressText.of(unusable.address());
        throw new IOException(unusable.dadFailed()
            ? interfaceName + "'s link-local address " + address + " failed duplicate address detection (dadfailed):"
                + " another node on the link has it; give " + interfaceName + " an address of its own (ip -6 addr del "
                + address + "/64 dev " + interfaceName + "; ip -6 addr add fe80::<unique>/64 dev " + interfaceName + ")"
            : interfaceName + "'s link-local address " + address + " is tentative: duplicate address detection is"
                + " still under way; the instance starts once it has passed");
    }

    /** Always an Inet6Address without a scope: the pseudo-header and the frame need the bare 16 bytes. */
    private static InetAddress toIpv6(InetAddress a) {
        try {
            return Inet6Address.getByAddress(null, a.getAddress(), -1);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }

    /** Closes the handles and the memberships; by the receive thread, or for a link it never ran on. */
    private void release() {
        released = true;
        closeQuietly(receive);
        synchronized (send) {
            closeQuietly(send);
        }
        memberships.values().forEach(MulticastSocket::close);
        memberships.clear();
    }

    private static void closeQuietly(PcapHandle handle) {
        if (handle != null && handle.isOpen()) {
            handle.close();
        }
    }

    @Override
    public String toString() {
        return name + " (" + mac + ", " + channels.size() + " channels)";
    }
}
