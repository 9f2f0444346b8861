package org.vireo.scanner.internal.proxy;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;

/**
 * Keep-alive connections to origins, per event loop and host:port, so that a client's requests and the origin
 * connection that serves them run on one thread. At most {@code poolMaxIdlePerHost} idle connections per key; an
 * idle one closes after {@code poolIdleTimeoutMillis}. The limit must be at least the number of requests a loop has
 * in flight to one origin, or every burst closes what the next one needs (the first bench runs opened an origin
 * connection for every second request with a limit of 8 and 32 clients per loop).
 */
final class OriginPool implements Origins {

    private record Idle(Channel channel, ScheduledFuture<?> expiry) {
    }

    private final ProxyOptions options;
    private final Class<? extends SocketChannel> channelClass;
    /** Inner maps are touched only by their event loop. */
    private final Map<EventLoop, Map<String, Deque<Idle>>> idle = new ConcurrentHashMap<>();

    OriginPool(ProxyOptions options, Class<? extends SocketChannel> channelClass) {
        this.options = options;
        this.channelClass = channelClass;
    }

    /** An idle pooled connection to the key, or null; called on the loop. */
    @Override
    public Channel takeIdle(EventLoop loop, String key) {
        Map<String, Deque<Idle>> byKey = idle.computeIfAbsent(loop, l -> new HashMap<>());
        Deque<Idle> deque = byKey.get(key);
        Channel found = null;
        while (found == null && deque != null && !deque.isEmpty()) {
            Idle i = deque.pollLast();
            i.expiry.cancel(false);
            if (i.channel.isActive()) {
                found = i.channel;
            }
        }
        if (deque != null && deque.isEmpty()) {
            byKey.remove(key); // a forward proxy meets endless hosts: keep keys only while they hold connections
        }
        return found;
    }

    /** A new HTTP connection to an origin on the loop, for the pool's key once it is released. */
    @Override
    public ChannelFuture connectHttp(EventLoop loop, InetSocketAddress address, String key) {
        return bootstrap(loop).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new OriginCodec(options.maxInitialLine(), Math.max(options.maxHeaderSize(),
                    65_536), 16_384), new OriginHandler());
                // once per connection, not per release: a connection reused a thousand times gets one listener
                ch.closeFuture().addListener(f -> forget(loop, key, ch));
            }
        }).connect(address);
    }

    /** A new raw connection for a tunnel; the caller adds its relay once the tunnel is up. */
    @Override
    public ChannelFuture connectRaw(EventLoop loop, InetSocketAddress address) {
        return bootstrap(loop).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.config().setAutoRead(false); // nothing to read into until the relay is in place
            }
        }).connect(address);
    }

    private Bootstrap bootstrap(EventLoop loop) {
        return new Bootstrap().group(loop).channel(channelClass)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, options.connectTimeoutMillis())
            .option(ChannelOption.TCP_NODELAY, true);
    }

    /** Keeps a finished origin connection for reuse, or closes it when the key's pool is full; on its loop. */
    @Override
    public void release(Channel channel, String key) {
        EventLoop loop = channel.eventLoop();
        Map<String, Deque<Idle>> byKey = idle.computeIfAbsent(loop, l -> new HashMap<>());
        Deque<Idle> deque = byKey.get(key);
        if (!channel.isActive() || (deque == null ? 0 : deque.size()) >= options.poolMaxIdlePerHost()) {
            channel.close();
            return;
        }
        if (deque == null) {
            deque = new ArrayDeque<>();
            byKey.put(key, deque);
        }
        ScheduledFuture<?> expiry = loop.schedule((Runnable) channel::close, options.poolIdleTimeoutMillis(),
            TimeUnit.MILLISECONDS);
        deque.addLast(new Idle(channel, expiry));
    }

    /** How many host:port keys the pool holds idle connections for, over all loops (for tests). */
    int keys() {
        return idle.values().stream().mapToInt(Map::size).sum();
    }

    /** A closed connection leaves the pool if it is idle there; on its loop. */
    private void forget(EventLoop loop, String key, Channel channel) {
        Map<String, Deque<Idle>> byKey = idle.get(loop);
        Deque<Idle> deque = byKey == null ? null : byKey.get(key);
        if (deque != null) {
            deque.removeIf(i -> {
                if (i.channel != channel) {
                    return false;
                }
                i.expiry.cancel(false);
                return true;
            });
            if (deque.isEmpty()) {
                byKey.remove(key);
            }
        }
    }
}
