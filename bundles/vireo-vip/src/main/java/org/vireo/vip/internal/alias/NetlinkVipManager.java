package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.vip.VipManager;

/**
 * {@link VipManager} that adds and removes the VIPs with rtnetlink, from this process, as keepalived does:
 * on a takeover the VIP is the step between the first advert and the first gratuitous ARP, and starting
 * {@code ip} there cost 15-30 ms on a busy machine (the failover benchmark, docs/benchmarks.md), a netlink
 * message well under one. Through JNA (already here for libpcap), a few libc calls. Listing the addresses is
 * not on that path and stays with iproute2. The socket is opened per change, in the calling thread's network
 * namespace, and answers within a bounded time.
 */
public final class NetlinkVipManager implements VipManager {

    private static final Logger LOG = LoggerFactory.getLogger(NetlinkVipManager.class);

    private static final int AF_NETLINK = 16;
    private static final int SOCK_RAW = 3;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int NETLINK_ROUTE = 0;
    private static final int SOL_SOCKET = 1;
    private static final int SO_RCVTIMEO = 20;
    private static final int EPERM = 1;
    private static final int EEXIST = 17;
    private static final int ENODEV = 19;
    private static final int EADDRNOTAVAIL = 99;
    private static final long ANSWER_SECONDS = 2;
    /** sockaddr_nl's multicast groups: RTMGRP_IPV6_IFADDR, the notices of IPv6 addresses coming into use. */
    private static final int RTMGRP_IPV6_IFADDR = 0x100;
    private static final int SOCKADDR_NL = 12;
    /** How long an added IPv6 VIP is waited for to come into use before it is announced anyway. */
    private static final long IN_USE_MILLIS = 500;

    /** The libc calls a netlink exchange needs. */
    interface LibC extends Library {
        int socket(int domain, int type, int protocol) throws LastErrorException;

        NativeLong send(int fd, byte[] buffer, NativeLong length, int flags) throws LastErrorException;

        NativeLong recv(int fd, byte[] buffer, NativeLong length, int flags) throws LastErrorException;

        int setsockopt(int fd, int level, int name, byte[] value, int length) throws LastErrorException;

        int bind(int fd, byte[] address, int length) throws LastErrorException;

        int close(int fd);

        int if_nametoindex(String name);
    }

    private final LibC libc;
    private final VipManager listing;
    private final AtomicInteger sequence = new AtomicInteger();

    /** @param listing lists the addresses ({@link #addresses}); iproute2's, typically */
    public NetlinkVipManager(VipManager listing) {
        this.libc = Native.load("c", LibC.class);
        this.listing = listing;
    }

    @Override
    public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
        for (InetAddress vip : vips) {
            int errno = change(true, interfaceName, vip);
            if (errno != 0 && errno != EEXIST) { // EEXIST: it is there already
                throw failure("adding", vip, interfaceName, errno);
            }
        }
    }

    /** Removes only the host addresses (/32, /128): the same address with another prefix is not a VIP of ours. */
    @Override
    public void release(String interfaceName, List<InetAddress> vips) throws IOException {
        for (InetAddress vip : vips) {
            int errno = change(false, interfaceName, vip);
            if (errno != 0 && errno != EADDRNOTAVAIL && errno != ENODEV) { // not there, or the interface went
                throw failure("removing", vip, interfaceName, errno);
            }
        }
    }

    @Override
    public List<InetAddress> addresses(String interfaceName) throws IOException {
        return listing.addresses(interfaceName);
    }

    /** One request and the kernel's answer to it: 0, or the errno it reports. */
    private int change(boolean add, String interfaceName, InetAddress vip) throws IOException {
        int index = libc.if_nametoindex(interfaceName);
        if (index == 0) {
            return ENODEV;
        }
        return change(add, index, interfaceName, vip);
    }

    /**
     * Runs the whole netlink path once, with nothing to change: the removal of an address from an interface index
     * that no interface has, which the kernel refuses (ENODEV). The first takeover then pays for no library binding
     * or class loading (JNA binds each libc function at its first call): on a booting JVM that first call can wait
     * behind the threads that load classes.
     *
     * @return the kernel's answer, ENODEV ({@value #ENODEV}) as expected
     */
    public int warmUp() throws IOException {
        libc.if_nametoindex("lo");
        return change(false, Integer.MAX_VALUE, "(none)", InetAddress.getByAddress(new byte[] {(byte) 192, 0, 2, 1}));
    }

    /**
     * One request and its answer. An IPv6 address added is also awaited in use: the kernel answers the request
     * before its local route is in (the DAD work installs it, even with nodad, on a kernel thread that a busy machine
     * delays), and a VIP announced meanwhile draws the clients' packets to a node that drops them (22-32 ms in the
     * failover benchmark, docs/benchmarks.md). IPv4 installs the route before it answers.
     */
    private int change(boolean add, int index, String interfaceName, InetAddress vip) throws IOException {
        int seq = sequence.incrementAndGet();
        byte[] request = NetlinkMessages.address(add, vip, index, seq);
        boolean awaitInUse = add && vip instanceof Inet6Address;
        int fd;
        try {
            fd = libc.socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
        } catch (LastErrorException e) {
            throw new IOException("cannot open a netlink socket: " + e.getMessage(), e);
        }
        try {
            receiveTimeout(fd, ANSWER_SECONDS * 1_000_000);
            if (awaitInUse) { // before the request: the notice may come before its answer
                byte[] groups = ByteBuffer.allocate(SOCKADDR_NL).order(ByteOrder.nativeOrder())
                    .putShort((short) AF_NETLINK).putShort((short) 0).putInt(0).putInt(RTMGRP_IPV6_IFADDR).array();
                libc.bind(fd, groups, groups.length);
            }
            libc.send(fd, request, new NativeLong(request.length), 0);
            byte[] answer = new byte[8192];
            boolean inUse = false;
            for (int i = 0; i < 16; i++) { // the answer to our request; anything else is skipped
                int n = libc.recv(fd, answer, new NativeLong(answer.length), 0).intValue();
                inUse |= awaitInUse && NetlinkMessages.announcesAddress(answer, n, index, vip);
                int errno = NetlinkMessages.errorOf(answer, n, seq);
                if (errno >= 0) {
                    if (errno == 0 && awaitInUse && !inUse) {
                        awaitInUse(fd, answer, index, vip);
                    }
                    return errno;
                }
            }
            throw new IOException("no answer from the kernel to a netlink request for " + AddressText.of(vip));
        } catch (LastErrorException e) {
            throw new IOException("netlink request for " + AddressText.of(vip) + " on " + interfaceName + " failed: "
                + e.getMessage() + (e.getErrorCode() == 11 ? " (no answer in " + ANSWER_SECONDS + " s)" : ""), e);
        } finally {
            libc.close(fd);
        }
    }

    /** Reads the kernel's notices until the one of {@code vip} in use, at most {@value #IN_USE_MILLIS} ms. */
    private void awaitInUse(int fd, byte[] buffer, int index, InetAddress vip) {
        long deadline = System.nanoTime() + IN_USE_MILLIS * 1_000_000;
        try {
            for (long left = IN_USE_MILLIS * 1000; left > 0; left = (deadline - System.nanoTime()) / 1000) {
                receiveTimeout(fd, left);
                int n = libc.recv(fd, buffer, new NativeLong(buffer.length), 0).intValue();
                if (NetlinkMessages.announcesAddress(buffer, n, index, vip)) {
                    return;
                }
            }
        } catch (LastErrorException e) {
            // timed out (EAGAIN) or the socket failed: announced anyway, the address is there
        }
        LOG.warn("VIP {}: the kernel did not report it in use within {} ms of adding it; announced anyway",
            AddressText.of(vip), IN_USE_MILLIS);
    }

    /** @param micros at least 1: a timeout of 0 would block for good */
    private void receiveTimeout(int fd, long micros) {
        byte[] timeout = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder()).putLong(micros / 1_000_000)
            .putLong(micros % 1_000_000).array(); // struct timeval
        libc.setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, timeout, timeout.length);
    }

    private static IOException failure(String what, InetAddress vip, String interfaceName, int errno) {
        String reason = switch (errno) {
            case EPERM -> "not permitted: needs CAP_NET_ADMIN (run as root)";
            case ENODEV -> "no interface " + interfaceName;
            default -> new LastErrorException(errno).getMessage();
        };
        return new IOException(what + " VIP " + AddressText.of(vip) + " on " + interfaceName + " failed: " + reason);
    }
}
