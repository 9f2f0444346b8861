package org.vireo.scanner.internal.proxy;

import java.net.InetSocketAddress;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;

/** Where a client connection gets its origin connections: {@link OriginPool}, the sockets and their pool. */
interface Origins {

    /** An idle pooled connection to the key, or null; called on the loop. */
    Channel takeIdle(EventLoop loop, String key);

    /**
     * A new HTTP connection to an origin on the loop, for the key once it is released; its pipeline ends in an
     * {@link OriginCodec} and an {@link OriginHandler}.
     */
    ChannelFuture connectHttp(EventLoop loop, InetSocketAddress address, String key);

    /** A new raw connection for a tunnel; the caller adds its relay once the tunnel is up. */
    ChannelFuture connectRaw(EventLoop loop, InetSocketAddress address);

    /** Keeps a finished origin connection for reuse, or closes it; on its loop. */
    void release(Channel channel, String key);
}
