package org.vireo.balancer.internal.forward;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

import org.vireo.settings.BalancerOptions;

/**
 * The socket implementation the forwarder runs on, best first. io_uring: a new connection costs about 0.7 x the CPU
 * of epoll, a keep-alive request 0.5 x, because Netty's epoll channel makes some 39 system calls per forwarded
 * connection (epoll_ctl for every interest change, option reads) where io_uring submits the same work in batches
 * (docs/benchmarks.md, issue 8).
 * epoll where the kernel has no io_uring or forbids it ({@code kernel.io_uring_disabled}, seccomp filters of
 * container runtimes); NIO anywhere else.
 */
public enum Transport {

    IO_URING("io_uring", IoUring::isAvailable, IoUring::unavailabilityCause, IoUringIoHandler::newFactory,
        IoUringServerSocketChannel.class, IoUringSocketChannel::new, IoUringChannelOption.IP_FREEBIND,
        IoUringChannelOption.IO_URING_WRITE_ZERO_COPY_THRESHOLD),
    EPOLL("epoll", Epoll::isAvailable, Epoll::unavailabilityCause, EpollIoHandler::newFactory,
        EpollServerSocketChannel.class, EpollSocketChannel::new, EpollChannelOption.IP_FREEBIND, null),
    NIO("nio", () -> true, () -> null, NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel::new,
        null, null);

    /** What the {@code transport} key accepts besides the names (checked by {@link BalancerOptions#transport}). */
    public static final String AUTO = BalancerOptions.AUTO_TRANSPORT;

    private final String label;
    private final BooleanSupplier available;
    private final Supplier<Throwable> unavailabilityCause;
    private final Supplier<IoHandlerFactory> handlers;
    private final Class<? extends ServerChannel> serverChannel;
    private final Supplier<SocketChannel> sockets;
    private final ChannelOption<Boolean> freeBind;
    private final ChannelOption<Integer> zeroCopyThreshold;

    Transport(String label, BooleanSupplier available, Supplier<Throwable> unavailabilityCause,
              Supplier<IoHandlerFactory> handlers, Class<? extends ServerChannel> serverChannel,
              Supplier<SocketChannel> sockets, ChannelOption<Boolean> freeBind,
              ChannelOption<Integer> zeroCopyThreshold) {
        this.label = label;
        this.available = available;
        this.unavailabilityCause = unavailabilityCause;
        this.handlers = handlers;
        this.serverChannel = serverChannel;
        this.sockets = sockets;
        this.freeBind = freeBind;
        this.zeroCopyThreshold = zeroCopyThreshold;
    }

    /** The name in the configuration and in {@code balancer:stats}. */
    public String label() {
        return label;
    }

    /** Why this machine cannot use it (the native library, the kernel); empty when it can. */
    Optional<Throwable> unavailable() {
        return available.getAsBoolean() ? Optional.empty() : Optional.of(unavailabilityCause.get());
    }

    Class<? extends ServerChannel> serverChannel() {
        return serverChannel;
    }

    Supplier<SocketChannel> sockets() {
        return sockets;
    }

    /** IP_FREEBIND for listening sockets; empty where the transport has no such option. */
    Optional<ChannelOption<Boolean>> freeBind() {
        return Optional.ofNullable(freeBind);
    }

    /** The size from which a write is sent without copying (io_uring's SEND_ZC); empty where it cannot be. */
    public Optional<ChannelOption<Integer>> zeroCopyThreshold() {
        return Optional.ofNullable(zeroCopyThreshold);
    }

    EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, handlers.get());
    }

    /**
     * The transport to run on: the one asked for if this machine can use it, else the best one it can.
     *
     * @param wanted a name {@link BalancerOptions#transport} accepted
     */
    public static Choice choose(String wanted) {
        Transport asked = Arrays.stream(values()).filter(t -> t.label.equals(wanted)).findFirst().orElse(null);
        if (asked != null) {
            Optional<Throwable> why = asked.unavailable();
            if (why.isEmpty()) {
                return new Choice(asked, "");
            }
            Transport best = best();
            return new Choice(best, "transport = " + wanted + " is not available here (" + message(why.get())
                + "): running on " + best.label);
        }
        return new Choice(best(), "");
    }

    private static Transport best() {
        return Arrays.stream(values()).filter(t -> t.unavailable().isEmpty()).findFirst().orElse(NIO);
    }

    private static String message(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }

    /**
     * @param transport what the forwarder runs on
     * @param fallback  why it is not the one asked for (for the operator); empty when it is, or none was named
     */
    public record Choice(Transport transport, String fallback) {
    }
}
